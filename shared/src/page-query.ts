import { z } from 'zod';
import { MAX_RECORD_COUNT } from './constants';

/**
 * Page parameters of a paged list (spec 1 section 3): limit, skip, orderBy ('field Ascending' or
 * 'field Descending') and getTotalCount, as query text. The handlers turn them into numbers (the
 * list engine's pageParams); this schema refuses malformed text early with a field message.
 * Messages: chosen (the spec gives none).
 */
export const LIMIT_MESSAGE = `limit must be 0 to ${MAX_RECORD_COUNT}`;
export const SKIP_MESSAGE = 'skip must be 0 or more';
export const ORDER_BY_MESSAGE = 'orderBy must be a field name, then Ascending or Descending';

/**
 * A grid download's query (issue 28): the page parameters and the grid's visible columns, their
 * field names comma-joined in the grid's order (absent: every column of the export).
 */
export const exportQuerySchemaOf = (base: z.ZodObject) =>
  base.extend({ columns: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}(,[A-Za-z][A-Za-z0-9]{0,63}){0,59}$/, 'Unknown columns').optional() });

export const pageQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,7}$/, LIMIT_MESSAGE)
    .refine((v) => Number(v) <= MAX_RECORD_COUNT, LIMIT_MESSAGE)
    .optional(),
  skip: z.string().regex(/^\d{1,9}$/, SKIP_MESSAGE).optional(),
  orderBy: z
    .string()
    .regex(/^\s*[A-Za-z][A-Za-z0-9_]{0,63}(\s+(Ascending|Descending))?\s*$/i, ORDER_BY_MESSAGE)
    .optional(),
  getTotalCount: z.enum(['true', 'false'], { error: 'getTotalCount must be true or false' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** ?id=N for calls where the id is optional (change logs of one record or of all). */
export const optionalIdQuerySchema = z.object({ id: z.coerce.number().int().positive().optional() });
