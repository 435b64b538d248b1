import { z } from 'zod';
import { MAX_RECORD_COUNT } from './constants';

/**
 * The page parameters of a paged list (spec 1 section 3 "Page parameters"): `limit`, `skip`,
 * `orderBy` ('field Ascending|Descending') and `getTotalCount`, as they arrive in a query string.
 * Absent values take the list's defaults (limit DEFAULT_PAGE_SIZE on the server, skip 0, the
 * list's default order, getTotalCount true).
 */
const intText = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number from 0 to ${max}`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be a whole number from 0 to ${max}`);

export const pageQuerySchema = z.object({
  limit: intText('limit', MAX_RECORD_COUNT).optional(),
  skip: intText('skip', 10_000_000).optional(),
  orderBy: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_.]*(\s+(Ascending|Descending))?$/i, 'orderBy must be a field name and Ascending or Descending')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  getTotalCount: z
    .enum(['true', 'false'], { error: 'getTotalCount must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list (spec 1 section 3 "Paged result"). */
export interface PagedResult<T> {
  data: T[];
  totalCount: number;
}
