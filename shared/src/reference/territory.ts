import { z } from 'zod';
import { MSG } from '../messages';
import { LDC_FORMAT_DESCRIPTION_MAX_LENGTH, LDC_PATTERN_MAX_LENGTH, TERRITORY_TEXT_MAX_LENGTH } from '../constants';
import { LDC_MISMATCH_ACTIONS, ldcPatternError, type LdcMismatchAction } from '../account/ldc-formats';
import { optionalText, requiredReferenceCode, requiredText, versionSchema } from '../field-rules';
import { pageQuerySchema } from '../page-query';

/**
 * Territory (spec 1 sections 3 and 5): code, name and billMethodId required, at most 50 characters;
 * state, commodity and measureUnit are required selections (stored as the reference set's code:
 * 'NJ', 'Electric', 'KWH'); billMethodId is one of the bill methods 1 to 5; taxRate optional text.
 * Beyond the spec (issue 28), the territory's LDC account number format: a pattern, its description
 * for the message, and whether a mismatch warns or blocks (account/ldc-formats.ts).
 */
export const TERRITORY_FIELDS = ['code', 'name', 'state', 'commodity', 'measureUnit', 'billMethodId', 'taxRate', 'ldcPattern', 'ldcFormatDescription', 'ldcMismatch'] as const;
export type TerritoryField = (typeof TERRITORY_FIELDS)[number];

/** Column titles of the territory grid (spec 1 "Data Administration"). */
export const TERRITORY_LABELS: Record<TerritoryField, string> = {
  code: 'Code',
  name: 'Name',
  state: 'State',
  commodity: 'Commodity',
  measureUnit: 'Measure Unit',
  billMethodId: 'Bill Method Id',
  taxRate: 'Tax Rate',
  ldcPattern: 'LDC # Pattern',
  ldcFormatDescription: 'LDC # Format',
  ldcMismatch: 'LDC # Mismatch',
};

/** Which reference set each selection column draws on. */
export const TERRITORY_SELECTIONS = {
  state: 'states',
  commodity: 'commodities',
  measureUnit: 'unitsOfMeasure',
  billMethodId: 'billMethods',
} as const satisfies Partial<Record<TerritoryField, string>>;

const max = TERRITORY_TEXT_MAX_LENGTH;
export const territoryFieldsSchema = z.object({
  code: requiredText(max),
  name: requiredText(max),
  state: requiredReferenceCode(TERRITORY_SELECTIONS.state),
  commodity: requiredReferenceCode(TERRITORY_SELECTIONS.commodity),
  measureUnit: requiredReferenceCode(TERRITORY_SELECTIONS.measureUnit),
  // at most 50 characters by the spec; one of the bill methods '1'..'5' by the selection
  billMethodId: requiredReferenceCode(TERRITORY_SELECTIONS.billMethodId),
  // a fraction ('0.06625'): the account's upload rate divides by 1 + it (issue 9), so it must be a number
  taxRate: optionalText(max).refine((v) => v === null || v === undefined || v === '' || /^\d+(\.\d+)?$/.test(v.trim()), MSG.territoryTaxRateNumber),
  // the LDC number format (issue 28): a pattern that compiles and cannot run away, its description, Warn or Block
  ldcPattern: optionalText(LDC_PATTERN_MAX_LENGTH)
    .optional()
    .superRefine((v, ctx) => {
      const error = ldcPatternError(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  ldcFormatDescription: optionalText(LDC_FORMAT_DESCRIPTION_MAX_LENGTH).optional(),
  ldcMismatch: z.preprocess((v) => (v === '' ? null : v), z.enum(LDC_MISMATCH_ACTIONS, { error: MSG.invalidOption }).nullable().optional()),
});
export type TerritoryFields = z.infer<typeof territoryFieldsSchema>;

/** POST Reference/TerritoryCreate body. */
export const territoryCreateBodySchema = territoryFieldsSchema;
/** PUT Reference/TerritoryUpdate?id body: the territory with the version it was read at. */
export const territoryUpdateBodySchema = territoryFieldsSchema.extend({ version: versionSchema });
export type TerritoryUpdateBody = z.infer<typeof territoryUpdateBodySchema>;

/** A stored territory as the API answers it. */
export interface Territory extends TerritoryFields {
  objectId: number;
  version: number;
  ldcPattern: string | null;
  ldcFormatDescription: string | null;
  ldcMismatch: LdcMismatchAction | null;
}

/** GET Reference/TerritoryGetList: page parameters (spec 1 section 7). */
export const territoryListQuerySchema = pageQuerySchema;

/** Sort fields of the territory list (the grid's columns and the id). */
export const TERRITORY_SORT_FIELDS = ['objectId', ...TERRITORY_FIELDS] as const;
export const TERRITORY_DEFAULT_ORDER = 'code Ascending';

/** A row of the grid as typed: anything may be missing or empty while editing. */
export type TerritoryDraft = { [K in TerritoryField]?: string | null };

/**
 * Spec 1 section 4: "Save is enabled only when state, commodity, measureUnit and billMethodId are
 * set and code and name are non-empty." The length rules come on top (territoryErrors).
 */
export function territoryReady(row: TerritoryDraft): boolean {
  const filled = (v: string | null | undefined) => !!v && v.trim() !== '';
  return filled(row.state) && filled(row.commodity) && filled(row.measureUnit) && filled(row.billMethodId) && filled(row.code) && filled(row.name);
}

/** The first message per field of a draft row ({} when it may be saved). */
export function territoryErrors(row: TerritoryDraft): Partial<Record<TerritoryField, string>> {
  const r = territoryFieldsSchema.safeParse(row);
  const out: Partial<Record<TerritoryField, string>> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const f = issue.path[0] as TerritoryField;
    out[f] ??= issue.message;
  }
  return out;
}
