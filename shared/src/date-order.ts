import type { z } from 'zod';
import { MSG } from './messages';
import { toTransferDate } from './formats';

/**
 * Dates in their order (issue 28 section 2): a date that may not come before another field's
 * (an auto-renewal or drop date before the start), or after today (a received or agreement date:
 * today and tomorrow are taken, for the time zones between a user and the server). One declaration
 * per record (contract/schemas.ts, account/schemas.ts) serves the server's body schemas and the
 * forms alike.
 */
export interface DateOrderRule<F extends string = string> {
  field: F;
  /** the field's date may not be before this field's */
  notBefore?: F;
  /** the message when it is (default MSG.dateBeforeStart) */
  message?: string;
  /** the field's date may not be after tomorrow */
  notInFuture?: boolean;
}

const dayOf = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const tomorrow = (now: Date) => toTransferDate(new Date(now.getTime() + 86_400_000)).slice(0, 10);

/** The first message per field of a record whose dates are out of order ({}: none). */
export function dateOrderIssues<F extends string>(rules: readonly DateOrderRule<F>[], record: Partial<Record<F, unknown>>, now: Date = new Date()): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const r of rules) {
    const date = dayOf(record[r.field]);
    if (date === null || out[r.field]) continue;
    const other = r.notBefore ? dayOf(record[r.notBefore]) : null;
    if (other !== null && date < other) out[r.field] = r.message ?? MSG.dateBeforeStart;
    else if (r.notInFuture && date > tomorrow(now)) out[r.field] = MSG.dateInFuture;
  }
  return out;
}

/** A body schema that also refuses dates out of order, each issue on its field. */
export function withDateOrder<S extends z.ZodType<Record<string, unknown>>>(schema: S, rules: readonly DateOrderRule[]): S {
  return schema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(dateOrderIssues(rules, value))) ctx.addIssue({ code: 'custom', path: [field], message: message as string });
  }) as unknown as S;
}
