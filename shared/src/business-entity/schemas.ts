import { z } from 'zod';
import { LEGAL_NAME_MAX_LENGTH } from '../constants';
import { optionalReferenceCode, requiredText, versionSchema } from '../field-rules';
import { MSG } from '../messages';
import { BUSINESS_ENTITY_STATUSES, type BusinessEntityStatus } from './list-keys';

/**
 * Business entity (spec 3 sections 3-5 and 7, spec 2 sections 3, 5 and 7 "Business entity"):
 * objectId, businessEntityId (server-generated integer, read-only in the form), legalName
 * (required, at most 40 characters), companyType and type (codes of the `businessEntityCompanyTypes`
 * and `businessEntityTypes` reference sets, optional; an objectId of the set is accepted and read as
 * its code) and isActive (a new one is active).
 *
 * The same schemas check the web form and the handlers, so both give the same texts:
 * 'Required', 'Field should contain 40 or less characters', 'Invalid Data Type - Enter as Integer.'
 * (the spec's integer reason) and 'Select a value from the list' (a value outside the sets).
 */

/** The largest businessEntityId accepted (a 32-bit signed integer, as legacy systems hold it). */
export const BUSINESS_ENTITY_ID_MAX = 2_147_483_647;

/** A businessEntityId: a positive integer; digit-only text is accepted and read as a number. */
export const businessEntityIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MSG.invalidDataTypeInteger })
    .int(MSG.invalidDataTypeInteger)
    .min(1, MSG.invalidDataTypeInteger)
    .max(BUSINESS_ENTITY_ID_MAX, MSG.invalidDataTypeInteger),
);

/** The editable fields, as the form holds them. */
export const businessEntityFieldsSchema = z.object({
  legalName: requiredText(LEGAL_NAME_MAX_LENGTH),
  companyType: optionalReferenceCode('businessEntityCompanyTypes'),
  type: optionalReferenceCode('businessEntityTypes'),
});

const absentToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/**
 * POST businessentity/Create: the id from Generate (a new one is reserved when it is absent), the
 * fields, and isActive (default true).
 */
export const businessEntityCreateBodySchema = businessEntityFieldsSchema.extend({
  businessEntityId: z.preprocess(absentToUndefined, businessEntityIdSchema.optional()),
  isActive: z.boolean({ error: MSG.invalidOption }).default(true),
});
/** The create body as a client sends it. */
export interface BusinessEntityCreateBody {
  businessEntityId?: number | null;
  legalName: string;
  /** a `businessEntityCompanyTypes` code (its objectId is accepted too) */
  companyType?: string | null;
  /** a `businessEntityTypes` code (its objectId is accepted too) */
  type?: string | null;
  isActive?: boolean;
}
/** The create body as the handler receives it (parsed). */
export type BusinessEntityCreateInput = z.output<typeof businessEntityCreateBodySchema>;

/**
 * PUT businessentity/Update?id: the whole entity with the version it was read at. The
 * businessEntityId is read-only: it may be sent back, but a different one is refused. isActive
 * left out keeps its value; companyType and type left out (or null) are emptied.
 */
export const businessEntityUpdateBodySchema = businessEntityFieldsSchema.extend({
  businessEntityId: z.preprocess(absentToUndefined, businessEntityIdSchema.optional()),
  isActive: z.boolean({ error: MSG.invalidOption }).optional(),
  version: versionSchema,
});
/** The update body as a client sends it. */
export interface BusinessEntityUpdateBody extends BusinessEntityCreateBody {
  version: number;
}
/** The update body as the handler receives it (parsed). */
export type BusinessEntityUpdateInput = z.output<typeof businessEntityUpdateBodySchema>;

/** A stored business entity as the API answers it. */
export interface BusinessEntity {
  objectId: number;
  businessEntityId: number;
  legalName: string;
  /** `businessEntityCompanyTypes` code, or null */
  companyType: string | null;
  /** `businessEntityTypes` code, or null */
  type: string | null;
  isActive: boolean;
  version: number;
}

/** POST businessentity/Generate answers a new id, reserved from the atomic counter. */
export interface GeneratedBusinessEntityId {
  businessEntityId: number;
}

/**
 * POST businessentity/GetList body (spec 3 section 7: keyword, companyType, type, status; spec 2
 * section 7: businessEntityId or keyword). Every field is optional; they combine with AND. The
 * keyword matches words of the Business Entity ID and the Legal Name by prefix, or anywhere in
 * them with `fullText` (the grid's 'Full text search' checkbox).
 */
export const businessEntityListBodySchema = z.object({
  businessEntityId: z.preprocess(absentToUndefined, businessEntityIdSchema.optional()),
  keyword: z.preprocess(absentToUndefined, z.string({ error: MSG.invalidInput }).max(200, MSG.invalidInput).optional()),
  fullText: z.preprocess(absentToUndefined, z.boolean({ error: MSG.invalidInput }).optional()),
  companyType: z.preprocess(absentToUndefined, optionalReferenceCode('businessEntityCompanyTypes').optional()),
  type: z.preprocess(absentToUndefined, optionalReferenceCode('businessEntityTypes').optional()),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : absentToUndefined(v)),
    z.enum(BUSINESS_ENTITY_STATUSES, { error: MSG.invalidOption }).optional(),
  ),
});
/** The search body as a client sends it. */
export interface BusinessEntityListBody {
  businessEntityId?: number | null;
  keyword?: string | null;
  fullText?: boolean | null;
  companyType?: string | null;
  type?: string | null;
  status?: BusinessEntityStatus | null;
}
export type BusinessEntityListFilter = z.output<typeof businessEntityListBodySchema>;

