import { z } from 'zod';
import { MAX_RECORD_COUNT } from '../constants';
import {
  decimalLengthRule,
  decimalRule,
  countRule,
  integerRule,
  maxLengthRule,
  optionalDate,
  optionalReferenceCode,
  optionalText,
  optionalYesNo,
  requiredDate,
  requiredReferenceCode,
  requiredRuleNumberSchema,
  ruleNumberSchema,
  versionSchema,
} from '../field-rules';
import { objectRefSchema, type ObjectRef } from '../child-records';
import { withDateOrder, type DateOrderRule } from '../date-order';
import { MSG } from '../messages';
import { contractIdSchema } from '../master-contract/schemas';
import type { ListColumnDecl } from '../list-columns';
import { columnFilterShape } from '../list-filter-body';
import { CONTRACT_LIST_COLUMNS, type AmendmentListCells } from './list-columns';

/**
 * Amendment (spec 2 section 3 "Amendment", rules of section 5 "Amendment"). An amendment belongs to
 * a master contract (`masterContract: {objectId}`) and may name a business entity and a primary
 * contact (`{objectId}` each, or null). Reference-set values travel as codes.
 *
 * The Under Usage, Over Usage and Billing blocks travel flat, beside the main fields: their field
 * names are already unique (uu*, xu*, summer/winter*, bill*, pymnt*, daysToPay, chLawCountry), so a
 * form, the change log and the uploader name each one the same way (chosen).
 *
 * Read-only, set by the server: endDate (startDate plus term months minus one day, spec 2 section
 * 9), chLawCountry ('USA'), enteredBy and enteredOn (who created it, when), the validators and dates
 * of pricingValidation and operationsValidation (ticking one records the current user and date),
 * and the RCE totals electricityVolume, gasVolume, totalVolume (the sums over its accounts).
 */

const numeric = (maxChars: number) => ruleNumberSchema(decimalLengthRule(maxChars), decimalRule(maxChars, maxChars));
const integer = (maxChars: number) => ruleNumberSchema(integerRule, maxLengthRule(maxChars));
const ref = z.preprocess((v) => (v === undefined ? null : v), objectRefSchema.nullable());

/** The fields a form may change, in the form's order (these are logged and compared). */
export const amendmentFieldsShape = {
  amendmentNumber: requiredRuleNumberSchema(integerRule, countRule, maxLengthRule(4)),
  referenceAmendment: integer(4),
  freshDescId: optionalText(20),
  legacyId: optionalText(20),
  type: requiredReferenceCode('contractTypes'),
  contractStatus: requiredReferenceCode('contractStatuses'),
  receivedDate: requiredDate(),
  agreementDate: requiredDate(),
  startDate: requiredDate(),
  autoRenewalDate: optionalDate(),
  /** digits only, at most 3 (suggestions 6, 12, 18, 24, 36 months) */
  term: ruleNumberSchema(integerRule, countRule, maxLengthRule(3)),
  unitOfMeasure: requiredReferenceCode('unitsOfMeasure'),
  planType: optionalReferenceCode('planTypes'),
  /** number, at most 13 characters, 5 integer and 6 decimal digits */
  fixedCommodityAmount: ruleNumberSchema(maxLengthRule(13), decimalRule(5, 6)),
  /** number, at most 9 characters, 3 integer and 4 decimal digits */
  lockInPercent: ruleNumberSchema(maxLengthRule(9), decimalRule(3, 4)),
  autoRenewalType: requiredReferenceCode('autoRenewalTypes'),
  index: optionalReferenceCode('indexValues'),
  indexType: optionalReferenceCode('indexTypes'),
  mthIndexType: optionalReferenceCode('extendedTermMonthIndicatorTypes'),
  extendedTermIndex: optionalText(30),
  extendedTermIndexType: optionalReferenceCode('indexTypes'),
  extendedTermMthIndTyp: optionalReferenceCode('extendedTermMonthIndicatorTypes'),
  isInterruptible: optionalYesNo(),
  /** default true */
  isSpr: z.preprocess((v) => (v === undefined || v === null ? true : v), z.boolean({ error: MSG.invalidOption })),
  enrollmentMethod: optionalReferenceCode('enrollmentMethods'),
  promotionCode: optionalText(50),
  salesProgram: optionalText(510),
  contractVersion: optionalText(10),
  /** Yes / No, required */
  rewards: z.preprocess((v) => (v === '' ? null : v), z.boolean({ error: (iss) => (iss.input === null || iss.input === undefined ? MSG.required : MSG.invalidOption) })),
  organizationName: optionalText(40),
  bookingConfirmation: optionalDate(),
  businessEntity: ref,
  primaryContact: ref,
  // Under Usage
  uuChargeSw: optionalReferenceCode('uuXuChargeSwitches'),
  uuIndex: optionalText(80),
  uuPosDiffSw: optionalReferenceCode('positionDifferenceSwitches'),
  uuIndexType: optionalReferenceCode('indexTypes'),
  uuMthIndType: optionalReferenceCode('extendedTermMonthIndicatorTypes'),
  uuLockedInSw: optionalReferenceCode('lockedInSwitches'),
  uuTolPct: numeric(8),
  uuRatePct: integer(8),
  summerUuFlatRt: numeric(8),
  winterUuFlatRt: numeric(8),
  summerUuFlatMeas: optionalReferenceCode('measures'),
  winterUuFlatMeas: optionalReferenceCode('measures'),
  summerUuFlatUom: optionalReferenceCode('unitsOfMeasure'),
  winterUuFlatUom: optionalReferenceCode('unitsOfMeasure'),
  // Over Usage
  xuChargeSw: optionalReferenceCode('uuXuChargeSwitches'),
  xuIndex: optionalText(80),
  xuIndexType: optionalReferenceCode('indexTypes'),
  xuMthIndType: optionalReferenceCode('extendedTermMonthIndicatorTypes'),
  xuTolPct: numeric(8),
  xuRatePct: integer(4),
  summerXuFlatRt: numeric(8),
  winterXuFlatRt: numeric(8),
  summerXuFlatMeas: optionalReferenceCode('measures'),
  winterXuFlatMeas: optionalReferenceCode('measures'),
  summerXuFlatUom: optionalReferenceCode('unitsOfMeasure'),
  winterXuFlatUom: optionalReferenceCode('unitsOfMeasure'),
  // Billing
  billMeasure: optionalReferenceCode('measures'),
  billUom: optionalReferenceCode('unitsOfMeasure'),
  billVolMth: optionalReferenceCode('billVolumeMonths'),
  billVolTyp: optionalReferenceCode('billingVolumeTypes'),
  billFullReqSw: optionalYesNo(),
  pymntDay: integer(4),
  pymntTerms: optionalText(20),
  daysToPay: integer(8),
};
export const amendmentFieldsSchema = z.object(amendmentFieldsShape);
export type AmendmentFields = z.output<typeof amendmentFieldsSchema>;
export type AmendmentField = keyof AmendmentFields & string;
export const AMENDMENT_FIELDS = Object.keys(amendmentFieldsShape) as AmendmentField[];

/** Spec 2 section 5: Save is enabled only when these are present ('Required'). */
export const AMENDMENT_REQUIRED_FIELDS = [
  'amendmentNumber', 'startDate', 'type', 'agreementDate', 'receivedDate', 'rewards', 'contractStatus', 'autoRenewalType', 'unitOfMeasure',
] as const satisfies readonly AmendmentField[];

/** A validation flag as the form sends it: ticked or not (the server records who and when). */
const validationInput = z.preprocess(
  (v) => (v === undefined || v === null ? { isValidated: false } : v),
  z.object({ isValidated: z.boolean({ error: MSG.invalidOption }) }),
);

/** The amendment's dates in their order (date-order.ts): the forms and the body schemas check them. */
export const AMENDMENT_DATE_ORDER: readonly DateOrderRule<AmendmentField>[] = [
  { field: 'autoRenewalDate', notBefore: 'startDate' },
  { field: 'receivedDate', notInFuture: true },
  { field: 'agreementDate', notInFuture: true },
];

/** POST contract/Create: the fields, the master contract, the validation flags. */
const amendmentCreateFields = amendmentFieldsSchema.extend({
  masterContract: objectRefSchema,
  pricingValidation: validationInput,
  operationsValidation: validationInput,
  /** Clone Amendment: the amendment of the same contract whose participants the new one takes */
  cloneOf: objectRefSchema.optional(),
  /**
   * A new contract with its first amendment (Add New Contract): the numbers Generate reserved
   * (objectId = masterContract.objectId); the contract is created in the amendment's transaction.
   */
  newMasterContract: z.object({ objectId: z.number({ error: MSG.invalidInput }).int().positive(), contractId: contractIdSchema }).optional(),
});
export const amendmentCreateBodySchema = withDateOrder(amendmentCreateFields, AMENDMENT_DATE_ORDER);
export type AmendmentCreateInput = z.output<typeof amendmentCreateBodySchema>;

/** PUT contract/Update?id: the fields, the validation flags and the version read (the master contract cannot move). */
export const amendmentUpdateBodySchema = withDateOrder(
  amendmentFieldsSchema.extend({
    pricingValidation: validationInput,
    operationsValidation: validationInput,
    version: versionSchema,
  }),
  AMENDMENT_DATE_ORDER,
);
export type AmendmentUpdateInput = z.output<typeof amendmentUpdateBodySchema>;

/** A validation flag as the API answers it. */
export interface AmendmentValidation {
  isValidated: boolean;
  validatedBy: string | null;
  validatedDate: string | null;
}

/** The business entity an amendment names, as Get answers it. */
export interface AmendmentBusinessEntity {
  objectId: number;
  businessEntityId: number;
  legalName: string;
  isActive: boolean;
}
/** The primary contact an amendment names, as Get answers it. */
export interface AmendmentPrimaryContact {
  objectId: number;
  firstName: string;
  lastName: string;
  status: string;
  address: { addressLine: string | null; city: string | null; zipCode: string | null; state: string | null } | null;
  email: { emailAddress: string | null } | null;
  phone: { phoneNumber: string | null } | null;
}

/** A stored amendment as the API answers it. */
export type Amendment = AmendmentFields & {
  objectId: number;
  version: number;
  masterContract: ObjectRef;
  /** the master contract's number (users know a contract by it) */
  contractId: number;
  endDate: string | null;
  chLawCountry: string;
  enteredBy: string | null;
  enteredOn: string | null;
  pricingValidation: AmendmentValidation;
  operationsValidation: AmendmentValidation;
  /** read-only RCE totals of the amendment's accounts (0 until accounts exist) */
  electricityVolume: number;
  gasVolume: number;
  totalVolume: number;
  businessEntityObject: AmendmentBusinessEntity | null;
  primaryContactObject: AmendmentPrimaryContact | null;
};

/** A row of the contracts list (GetList, GetLightList): the amendment's list columns and the joined names. */
export type AmendmentRow = AmendmentListCells & {
  objectId: number;
  masterContract: ObjectRef;
  term: number | null;
  businessEntity: ObjectRef | null;
  primaryContact: ObjectRef | null;
  primaryContactFirstName: string | null;
  primaryContactLastName: string | null;
  version: number;
};

// ---- the contract filter (spec 2 section 3 "Search filters") --------------------------------------

const absentToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const optionalFilterText = z.preprocess(absentToUndefined, z.string({ error: MSG.invalidInput }).trim().max(200, MSG.invalidInput).optional());
const optionalFilterInteger = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : absentToUndefined(v)),
  z.number({ error: MSG.invalidDataTypeInteger }).int(MSG.invalidDataTypeInteger).nonnegative(MSG.invalidDataTypeInteger).optional(),
);
/** A date period: from and to dates (transfer format), either may be empty. */
const periodSchema = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .object({ fromDate: optionalDate().optional(), toDate: optionalDate().optional() })
    .optional(),
);

/** A contract filter column's body field: a text, a whole number (from its digits), a code of its list, a period. */
const CONTRACT_FILTER_KINDS = {
  text: optionalFilterText,
  number: optionalFilterInteger,
  codes: (codeSet: string) => z.preprocess(absentToUndefined, optionalReferenceCode(codeSet).optional()),
  dateRange: periodSchema,
};

/**
 * POST contract/GetList (and Export) body, exactly the spec's names (its spelling
 * `amendmentRecievedPeriod` included). Every field is optional; they combine with AND. Texts match
 * by prefix of a word (`fullTextSearch`: anywhere); contractId matches exactly with
 * `isContractIdExactMatch`, else by prefix of its digits. `contractRefs` limits the rows to these
 * amendments (the selection of a Download). `searchText` is the keyword box. The columns' filter
 * fields derive from CONTRACT_LIST_COLUMNS: a filterable column is one declaration there.
 */
export const contractListBodySchemaOf = <T extends readonly ListColumnDecl[]>(columns: T) =>
  z.object({
    ...columnFilterShape(columns, CONTRACT_FILTER_KINDS),
    searchText: optionalFilterText,
    isContractIdExactMatch: z.preprocess(absentToUndefined, z.boolean({ error: MSG.invalidInput }).optional()),
    contractRefs: z.preprocess(absentToUndefined, z.array(objectRefSchema, { error: MSG.invalidInput }).max(MAX_RECORD_COUNT, MSG.invalidInput).optional()),
    fullTextSearch: z.preprocess(absentToUndefined, z.boolean({ error: MSG.invalidInput }).optional()),
    /** beyond the spec (the home page's queues): amendments awaiting pricing validation, or operations validation once pricing is validated (open statuses) */
    awaitingValidation: z.preprocess(absentToUndefined, z.enum(['pricing', 'operations'], { error: MSG.invalidInput }).optional()),
  });
export const contractListBodySchema = contractListBodySchemaOf(CONTRACT_LIST_COLUMNS);
export type AmendmentListFilter = z.output<typeof contractListBodySchema>;
/** The filter as a client sends it. */
export type ContractListBody = z.input<typeof contractListBodySchema>;

/** POST contract/GetLightList: the amendments' ids. */
export const contractLightListBodySchema = z.array(objectRefSchema, { error: MSG.invalidInput }).max(MAX_RECORD_COUNT, MSG.invalidInput);

export { CONTRACT_AMENDMENTS_DEFAULT_SORT, CONTRACT_DEFAULT_SORT, CONTRACT_SORT_KEYS, type AmendmentSortKey } from './list-keys';

/** GET contract/GetLegacyId?id: the legacy id of the contract's earliest amendment that has one (null when none has). */
export interface LegacyId {
  legacyId: string | null;
}

/** The contract id of a master contract as a filter/route value (re-exported for the list). */
export { contractIdSchema };

/** Spec 2 section 9: the end date is the start date plus the term in months, minus one day (transfer format). */
/** The usage and billing units that follow the amendment's unit (spec 2 section 9). */
export const UNIT_FOLLOWERS = ['summerUuFlatUom', 'winterUuFlatUom', 'summerXuFlatUom', 'winterXuFlatUom', 'billUom'] as const;

/**
 * Spec 2 section 9: changing the amendment's unit sets every usage and billing unit to match.
 * `values` with the followers set to its unitOfMeasure when that differs from `previousUnit`.
 */
export function followUnit<T extends Record<string, unknown>>(values: T, previousUnit: unknown): T {
  const unit = values.unitOfMeasure;
  if (unit === undefined || unit === null || unit === '' || unit === previousUnit) return values;
  const out: Record<string, unknown> = { ...values };
  for (const f of UNIT_FOLLOWERS) out[f] = unit;
  return out as T;
}

export { AMENDMENT_LABELS } from './labels';
