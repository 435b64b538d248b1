import { z } from 'zod';
import { BILLING_LOAD_MAX_ROWS } from '../constants';
import { decimalRule, integerRule, maxLengthRule, requiredDate, ruleNumberSchema } from '../field-rules';
import { MSG } from '../messages';

/**
 * Billing rows (spec 2 "Account": read period from and to, usage days, canceled shown
 * Active/Inactive, quantity, unit price, charge, tax, total). They come from the billing system,
 * not from a form: the admin-only POST account/LoadBillingRows takes one account's rows, and a row
 * whose read period is already held replaces it (a rebill). The Account Detail shows them read-only.
 */
const amount = () => ruleNumberSchema(decimalRule(9, 6));

export const billingRowSchema = z
  .object({
    fromDate: requiredDate(),
    toDate: requiredDate(),
    usageDays: ruleNumberSchema(integerRule, maxLengthRule(4)),
    canceled: z.preprocess((v) => v ?? false, z.boolean({ error: MSG.invalidOption })),
    usageQuantity: amount(),
    rateBilledUnitPrice: amount(),
    usageChargeAmount: amount(),
    tax: amount(),
    totalBill: amount(),
  })
  .refine((r) => r.toDate.slice(0, 10) >= r.fromDate.slice(0, 10), { path: ['toDate'], message: MSG.invalidDate });
export type BillingRowInput = z.output<typeof billingRowSchema>;

/** POST account/LoadBillingRows body: one account's rows (at most one transaction's worth). */
export const loadBillingBodySchema = z.object({
  account: z.object({ objectId: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput) }),
  rows: z.array(billingRowSchema, { error: MSG.invalidInput }).min(1, MSG.invalidInput).max(BILLING_LOAD_MAX_ROWS, MSG.invalidInput),
});
export type LoadBillingBody = z.output<typeof loadBillingBodySchema>;

/** A billing row as GetBillingRows answers it. */
export interface BillingRow {
  objectId: string;
  readPeriod: { fromDate: string; toDate: string };
  usageDays: number | null;
  canceled: boolean;
  usageQuantity: number | null;
  rateBilledUnitPrice: number | null;
  usageChargeAmount: number | null;
  tax: number | null;
  totalBill: number | null;
}

/** The canceled flag as the grid shows it (spec 2 section 9). */
export const billingStatusLabel = (canceled: boolean): 'Active' | 'Inactive' => (canceled ? 'Inactive' : 'Active');
