import { z } from 'zod';
import { objectRefSchema, type ObjectRef } from '../child-records';
import { withDateOrder, type DateOrderRule } from '../date-order';
import { ACCOUNT_DEFAULT_TAX_EXEMPT_NUM, ACCOUNT_SHORT_NAME_MAX_LENGTH, MAX_RECORD_COUNT, RCE_ANNUAL_KWH, RCE_ANNUAL_THERMS } from '../constants';
import {
  alphanumericRule,
  decimalRule,
  countRule,
  digitsRule,
  integerRule,
  maxLengthRule,
  optionalDate,
  optionalReferenceCode,
  optionalText,
  optionalYesNo,
  requiredDate,
  requiredReferenceCode,
  requiredRuleNumberSchema,
  requiredRuleTextSchema,
  requiredText,
  ruleNumberSchema,
  ruleTextSchema,
  versionSchema,
} from '../field-rules';
import { MSG } from '../messages';
import { termEndDate } from '../term-end-date';
import { accountVolumeField, volumeAnnualUsage, type AccountVolume } from './volume';
import { agentHiddenFieldsOf, type ListColumnDecl } from '../list-columns';
import { columnFilterShape as columnFilterShapeOf } from '../list-filter-body';
import { ACCOUNT_LIST_COLUMNS, type AccountListCells } from './list-columns';

/**
 * The utility account (spec 2 section 3 "Account", rules of section 5 "Account"). An account
 * belongs to an amendment (`contract: {objectId}`, the amendment's objectId as the spec's calls name
 * it) and a territory (`territory: {objectId}`), and may name an agent. Reference-set values travel
 * as codes. The Pricing, Commission and Usage blocks travel flat beside the main fields (their
 * names are unique), as the amendment's blocks do.
 *
 * Derived by the server: contractEndDate (contractStartDate plus term months minus one day), the
 * upload rate (contractRate / (1 + the territory's tax rate), 8 decimals), shortName (the first 25
 * characters of the name when empty or one character), taxExemptNum '999999999' for a new account
 * left empty, and enteredBy / enteredOn.
 */

/** 7 integer and 8 decimal digits: rates, commission units, adders, fees (spec 2 section 5). */
const rate = () => ruleNumberSchema(decimalRule(7, 8));
/** 9 integer and 6 decimal digits: annual usage. */
const usage = () => ruleNumberSchema(decimalRule(9, 6));
const ref = z.preprocess((v) => (v === undefined ? null : v), objectRefSchema.nullable());

export const accountFieldsShape = {
  // Account Details
  name: requiredText(200),
  shortName: optionalText(ACCOUNT_SHORT_NAME_MAX_LENGTH),
  type: requiredReferenceCode('accountTypes'),
  accountStatus: requiredReferenceCode('accountStatuses'),
  territory: z.preprocess((v) => (v === undefined || v === null || (typeof v === 'object' && Number((v as ObjectRef).objectId) === 0) ? null : v), objectRefSchema.nullable().refine((v) => v !== null, MSG.required)),
  ldcAccountNum: requiredRuleTextSchema(alphanumericRule, maxLengthRule(30)),
  prevAccountNum: ruleTextSchema(alphanumericRule, maxLengthRule(30)),
  serviceClass: requiredText(50),
  revenueClass: requiredReferenceCode('revenueClasses'),
  taxExemption: requiredReferenceCode('taxExemptions'),
  taxExemptNum: requiredRuleTextSchema(integerRule, digitsRule, maxLengthRule(10)),
  taxExemptPercent: ruleNumberSchema(decimalRule(3, 1)),
  requestedStartDate: requiredDate(),
  contractStartDate: requiredDate(),
  contractEndDate: requiredDate(),
  term: requiredRuleNumberSchema(integerRule, countRule, maxLengthRule(3)),
  flowDate: optionalDate(),
  dropDate: optionalDate(),
  futureDropDate: optionalDate(),
  receivedDate: optionalDate(),
  processedDate: optionalDate(),
  statusDate: optionalDate(),
  unitOfMeasure: optionalReferenceCode('unitsOfMeasure'),
  billingAcctUom: optionalReferenceCode('unitsOfMeasure'),
  billMethod: optionalReferenceCode('billMethods'),
  billingAcctPattern: optionalReferenceCode('billingAccountPatternTypes'),
  billMeasureAcct: optionalReferenceCode('measures'),
  billCalculation: optionalReferenceCode('billCalculationTypes'),
  autoRenewalType: optionalReferenceCode('autoRenewalTypes'),
  billingVolTypeAcct: optionalReferenceCode('billingVolumeTypes'),
  industryType: optionalReferenceCode('industryTypes'),
  resetOrder: optionalYesNo(),
  billingAutopay: optionalYesNo(),
  porSw: optionalYesNo(),
  porSwLdc: optionalYesNo(),
  isUsedAsMailingAddress: optionalYesNo(),
  serviceZone: optionalText(5),
  gasPoolId: optionalText(50),
  resetOrderGroupingExempt: optionalText(40),
  einNumber: optionalText(10),
  poid: optionalText(30),
  programCode: ruleTextSchema(integerRule, maxLengthRule(5)),
  p2CNumber: optionalText(50),
  agent: ref,
  // Pricing
  contractRate: rate(),
  tieredPrice: rate(),
  isSpr: optionalYesNo(),
  etf: rate(),
  supplyZone: optionalText(25),
  indexAdder: rate(),
  tieredDate: optionalDate(),
  commodityUnit: optionalReferenceCode('unitsOfMeasure'),
  etfStatus: optionalText(255),
  pricingPlan: optionalText(50),
  priceAdder: rate(),
  autoRenewalRate: rate(),
  swing: rate(),
  fixedChargeAmount: rate(),
  etfDate: optionalDate(),
  totalPassthroughs: rate(),
  arQid: optionalText(50),
  feeType: optionalText(25),
  // Commission
  commissionMasterUnit: rate(),
  commissionUnitNum: rate(),
  commissionSubAgentUnit: rate(),
  commissionPlan: optionalReferenceCode('commissionPlans'),
  commissionEndDate: optionalDate(),
  paymentStatus: optionalText(25),
  estimatedPayment: ruleNumberSchema(maxLengthRule(20), decimalRule(7, 8)),
  agentRateMeasureUnit: optionalReferenceCode('measures'),
  managingAgent: optionalText(64),
  agentRateUom: optionalReferenceCode('unitsOfMeasure'),
  // Usage
  needUsageChecked: optionalReferenceCode('needUsageChecked'),
  annualUsage: usage(),
  tripCycle: optionalText(25),
  usageRequestedDate: optionalDate(),
  usageProccesedDate: optionalDate(),
  nextMeterReadDate: optionalDate(),
  batchNumber: optionalText(50),
  // Volume (shared/src/account/volume.ts)
  accountVolume: accountVolumeField(),
};
export const accountFieldsSchema = z.object(accountFieldsShape);
export type AccountFields = z.output<typeof accountFieldsSchema>;
export type AccountField = keyof AccountFields & string;
export const ACCOUNT_FIELDS = Object.keys(accountFieldsShape) as AccountField[];

/** Spec 2 section 5 "Account": Save is enabled only when these are present ('Required'). */
export const ACCOUNT_REQUIRED_FIELDS = [
  'name', 'type', 'ldcAccountNum', 'taxExemption', 'taxExemptNum', 'serviceClass', 'revenueClass', 'requestedStartDate', 'contractStartDate',
  'contractEndDate', 'term', 'accountStatus', 'territory',
] as const satisfies readonly AccountField[];

/**
 * What the server fills before checking (spec 2 sections 4 and 5): shortName from the name when
 * empty or one character; a new account's empty taxExemptNum is nine 9s; contractEndDate is
 * contractStartDate plus term months minus one day; a new account of type New starts today, other
 * types on the requested start date (when no contract start date is given).
 */
export function accountDefaults(input: Record<string, unknown>, isNew: boolean, today: string): Record<string, unknown> {
  return fillAccountDefaults({ ...input }, isNew, today);
}

/** The fields accountDefaults may fill or change (no other field is touched). */
export const ACCOUNT_DEFAULTED_FIELDS = ['shortName', 'taxExemptNum', 'contractStartDate', 'commissionPlan', 'contractEndDate'] as const;

/** accountDefaults on a record of the caller's own (filled in place, answered): an upload row's data, not copied per row. */
export function fillAccountDefaults(out: Record<string, unknown>, isNew: boolean, today: string): Record<string, unknown> {
  const name = typeof out.name === 'string' ? out.name.trim() : '';
  const short = typeof out.shortName === 'string' ? out.shortName.trim() : '';
  if (name && short.length <= 1) out.shortName = name.slice(0, ACCOUNT_SHORT_NAME_MAX_LENGTH);
  if (isNew && (out.taxExemptNum === undefined || out.taxExemptNum === null || out.taxExemptNum === '')) out.taxExemptNum = ACCOUNT_DEFAULT_TAX_EXEMPT_NUM;
  if (isNew && !out.contractStartDate) out.contractStartDate = out.type === 'New' ? today : (out.requestedStartDate ?? null);
  // the commission plan follows the unit (spec 2 section 9: per kWh, MWh, therm, Dth, CCF, MCF; the plans' codes are the units')
  if (typeof out.unitOfMeasure === 'string' && out.unitOfMeasure) out.commissionPlan = out.unitOfMeasure;
  const end = termEndDate(out.contractStartDate as string | null, out.term === '' || out.term === null || out.term === undefined ? null : Number(out.term));
  if (end) out.contractEndDate = end;
  return out;
}

/**
 * What an amendment's new unit sets on each of its accounts (spec 2 section 9: "Changing the
 * amendment unit sets every usage and billing unit to match"): the usage unit, the billing unit, the
 * volume block's unit and the commission plan that follows the unit.
 */
export function accountUnitCascade(account: { unitOfMeasure?: unknown; billingAcctUom?: unknown; commissionPlan?: unknown; accountVolume?: unknown }, unit: string): Record<string, unknown> | null {
  const volume = account.accountVolume as { accountVolumeUom?: string | null } | null | undefined;
  const changes: Record<string, unknown> = {};
  if (account.unitOfMeasure !== unit) changes.unitOfMeasure = unit;
  if (account.billingAcctUom !== unit) changes.billingAcctUom = unit;
  if (account.commissionPlan !== unit) changes.commissionPlan = unit;
  if (volume && volume.accountVolumeUom !== unit) changes.accountVolume = { ...volume, accountVolumeUom: unit };
  return Object.keys(changes).length ? changes : null;
}

/**
 * uploadRate = contractRate / (1 + the territory's tax rate), to 8 decimals (issue 9). The tax
 * rate is a fraction ('0.06625'); a territory whose tax rate is not a number leaves it empty.
 */
export function uploadRateOf(contractRate: number | null | undefined, territoryTaxRate: string | number | null | undefined): number | null {
  if (contractRate === null || contractRate === undefined || !Number.isFinite(contractRate)) return null;
  const tax = territoryTaxRate === null || territoryTaxRate === undefined || territoryTaxRate === '' ? 0 : Number(territoryTaxRate);
  if (!Number.isFinite(tax) || tax <= -1) return null;
  return Math.round((contractRate / (1 + tax)) * 1e8) / 1e8;
}

/** A sum of the given rates, to 8 decimals; null when none is given. */
function rateSum(...parts: unknown[]): number | null {
  const given = parts.filter((p) => p !== undefined && p !== null && p !== '').map(Number);
  if (!given.length || given.some((n) => !Number.isFinite(n))) return null;
  return Math.round(given.reduce((a, b) => a + b, 0) * 1e8) / 1e8;
}

/** An account's read-only Pricing and Commission values (spec 2 "Pricing block", "Commission block"), derived alike on the form and the server. */
export interface AccountTotals {
  /** what the customer's bill charges a unit: contract rate + price adder + total passthroughs */
  totalBillRate: number | null;
  /** what is charged a unit above the index: index adder + price adder + total passthroughs */
  totalIndexRate: number | null;
  /** the commission a unit: master + agent + sub-agent units */
  totalCommission: number | null;
  /** when commission starts: the flow date (the utility serves the account), else the contract start date */
  commissionStartDate: string | null;
}

/** accountTotals: the read-only Pricing and Commission values of an account's fields (chosen formulas; docs/accounts.md). */
export function accountTotals(a: Record<string, unknown>): AccountTotals {
  const date = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    totalBillRate: rateSum(a.contractRate, a.priceAdder, a.totalPassthroughs),
    totalIndexRate: rateSum(a.indexAdder, a.priceAdder, a.totalPassthroughs),
    totalCommission: rateSum(a.commissionMasterUnit, a.commissionUnitNum, a.commissionSubAgentUnit),
    commissionStartDate: date(a.flowDate) ?? date(a.contractStartDate),
  };
}

/** An account's unique id (spec 2 "Detail fields, read-only"; chosen): its territory's code and its LDC number, as the utility knows the meter. */
export const accountUniqueId = (territoryCode: string | null | undefined, ldcAccountNum: unknown): string | null =>
  territoryCode && typeof ldcAccountNum === 'string' && ldcAccountNum ? `${territoryCode}-${ldcAccountNum}` : null;

/** The agent an account names, as Get answers it (spec 2 "agent (with master, code, subagent)"). */
export interface AccountAgent {
  objectId: number;
  code: string;
  master: string | null;
  subagent: string | null;
}

/** Today as a transfer date (midnight). */
const today = () => `${new Date().toISOString().slice(0, 10)}T00:00:00`;
const withDefaults = (isNew: boolean) => (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? accountDefaults(v as Record<string, unknown>, isNew, today()) : v);

/** The account's dates in their order (date-order.ts): the forms and the body schemas check them. */
export const ACCOUNT_DATE_ORDER: readonly DateOrderRule<AccountField>[] = [
  { field: 'dropDate', notBefore: 'contractStartDate' },
  { field: 'futureDropDate', notBefore: 'contractStartDate' },
  { field: 'contractEndDate', notBefore: 'contractStartDate', message: MSG.endBeforeStart },
  { field: 'receivedDate', notInFuture: true },
];

/** POST account/Create: the fields and the amendment (the defaults filled before the rules). */
export const accountCreateBodySchema = z.preprocess(withDefaults(true), withDateOrder(accountFieldsSchema.extend({ contract: objectRefSchema }), ACCOUNT_DATE_ORDER));
export type AccountCreateInput = z.output<typeof accountCreateBodySchema>;
/** PUT account/Update?id: the fields and the version read (the amendment cannot move; the end date and short name follow). */
export const accountUpdateBodySchema = z.preprocess(withDefaults(false), withDateOrder(accountFieldsSchema.extend({ version: versionSchema }), ACCOUNT_DATE_ORDER));
export type AccountUpdateInput = z.output<typeof accountUpdateBodySchema>;

/**
 * The account's fields an agent is not sent (issue 26 item 5): its Commission section (spec 2
 * section 6: 'Commission (hidden for agents)'; its block, section 4: the master, agent and
 * sub-agent units, the plan, the dates, the payment, the agent-rate units and the Salesman ID).
 * feeType is in the Pricing block too, which agents see: it stays. Applied with the other
 * entities' lists in shared/src/agent-hidden.ts. With them, the list columns declared `agentHidden`.
 */
export const ACCOUNT_HIDDEN_FROM_AGENTS: readonly string[] = [
  'commissionMasterUnit', 'commissionUnitNum', 'commissionSubAgentUnit', 'commissionPlan', 'commissionStartDate', 'commissionEndDate',
  'paymentStatus', 'estimatedPayment', 'agentRateMeasureUnit', 'managingAgent', 'agentRateUom', 'totalCommission',
  ...agentHiddenFieldsOf(ACCOUNT_LIST_COLUMNS),
];

/** An account as account/Get answers it: its fields, its amendment and contract, and what the server derives. */
export type Account = AccountFields & AccountTotals & {
  objectId: number;
  contract: ObjectRef;
  masterContract: ObjectRef;
  contractId: number | null;
  amendmentNumber: number | null;
  referenceAmendment: number | null;
  /** the amendment's status (a code of contractStatuses): it narrows the statuses the account may take (status-rules.ts); agents see it too */
  amendmentStatus: string | null;
  territoryCode: string | null;
  commodity: string | null;
  uploadRate: number | null;
  contractLengthDays: number | null;
  /** residential customer equivalents of the annual usage (rceOf) */
  rce: number | null;
  /** the territory's name: the local distribution company */
  distributor: string | null;
  /** accountUniqueId: the territory's code and the LDC number */
  uniqueId: string | null;
  /** the agent named, with its master and sub-agent (null without one) */
  agentObject: AccountAgent | null;
  enteredBy: string | null;
  enteredOn: string | null;
  version: number;
};

/** A row of the accounts list: its declared columns (ACCOUNT_LIST_COLUMNS) and the references and fields beyond the grid. */
export type AccountRow = AccountListCells & {
  contract: ObjectRef;
  masterContract: ObjectRef;
  dropDate: string | null;
  /** when the status was last set (SetAccountStatus, or the form's status date) */
  statusDate: string | null;
  /** the territory's commodity (the service type: Electric or Gas) */
  commodity: string | null;
  version: number;
};


const absentToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const filterText = z.preprocess(absentToUndefined, z.string({ error: MSG.invalidInput }).trim().max(200, MSG.invalidInput).optional());
const filterInteger = z.preprocess(absentToUndefined, z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(0, MSG.invalidInput).optional());
const period = z.preprocess(
  absentToUndefined,
  z.object({ fromDate: z.string().nullish(), toDate: z.string().nullish() }).optional(),
);

export { daysUntil } from './list-columns';

/** A list column's filter as the account GetList body takes it: a text, a whole number, a code of its list, a period. */
const codeFilter = (codeSet: string) => z.preprocess(absentToUndefined, optionalReferenceCode(codeSet).optional());
const ACCOUNT_FILTER_KINDS = { text: filterText, number: filterInteger, codes: codeFilter, dateRange: period };
/** The body fields of the declared columns' filters (ACCOUNT_LIST_COLUMNS). */
export const columnFilterShape = <T extends readonly ListColumnDecl[]>(columns: T) => columnFilterShapeOf(columns, ACCOUNT_FILTER_KINDS);

/** POST account/GetList body: the spec's account filter (section 3 "Search filters"), every field optional: the columns' filters and the others. */
export const accountListBodySchema = z.object({
  ...columnFilterShape(ACCOUNT_LIST_COLUMNS),
  amendmentId: filterInteger,
  accountRefs: z.preprocess(absentToUndefined, z.array(objectRefSchema, { error: MSG.invalidInput }).max(MAX_RECORD_COUNT, MSG.invalidInput).optional()),
  dropDatePeriod: period,
  keyword: filterText,
  amendmentType: codeFilter('contractTypes'),
  fullTextSearch: z.preprocess(absentToUndefined, z.boolean({ error: MSG.invalidInput }).optional()),
  /** beyond the spec: accounts whose term ends between today and this many days from today (renewals due) */
  renewalWithinDays: z.preprocess(absentToUndefined, z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(3660, MSG.invalidInput).optional()),
  /** beyond the spec (the home page's queues): accounts whose status date is more than this many days before today */
  statusOlderThanDays: z.preprocess(absentToUndefined, z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(3660, MSG.invalidInput).optional()),
});
export type AccountListFilter = z.output<typeof accountListBodySchema>;
export type AccountListBody = z.input<typeof accountListBodySchema>;

/** PUT account/SetAccountStatus?accountId&status: the status of one account, from the amendment's grid. */
export const setAccountStatusQuerySchema = z.object({
  accountId: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
  status: requiredReferenceCode('accountStatuses'),
});

/** POST account/DownloadAccountsTemplate body: optionally the amendment whose keys the first row carries. */
export const accountsTemplateBodySchema = z.preprocess((v) => v ?? {}, z.object({
  amendmentId: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput).optional(),
}));

/** GET account/ChangeLogs?accountId. */
export const accountIdQuerySchema = z.object({ accountId: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput) });

/** Annual usage in kWh (electric units) or therms (gas units), by the account's unit. */
const TO_KWH: Record<string, number> = { KWH: 1, MWH: 1_000 };
const TO_THERMS: Record<string, number> = { THERM: 1, DTH: 10, CCF: 1.037, MCF: 10.37 };

/**
 * An account's residential customer equivalents: its annual usage, in its unit, over one
 * residential customer's year (RCE_ANNUAL_KWH for electricity, RCE_ANNUAL_THERMS for gas), to two
 * decimals; null without a usage, or with a unit of the other commodity.
 */
export function rceOf(annualUsage: number | null | undefined, unit: string | null | undefined, commodity: string | null | undefined): number | null {
  if (annualUsage === null || annualUsage === undefined || !Number.isFinite(annualUsage) || !unit) return null;
  const perUnit = commodity === 'Gas' ? TO_THERMS[unit] : TO_KWH[unit];
  if (perUnit === undefined) return null;
  const year = commodity === 'Gas' ? RCE_ANNUAL_THERMS : RCE_ANNUAL_KWH;
  return Math.round(((annualUsage * perUnit) / year) * 100) / 100;
}

/**
 * An account's annual usage in its unit (issue 28): the typed annual usage (the Usage block) when
 * there is one, else the volumes' latest full year (volumeAnnualUsage), converted from the volume
 * block's unit to the account's when they differ (both of one commodity; else null).
 */
export function accountAnnualUsage(a: { annualUsage?: unknown; unitOfMeasure?: unknown; accountVolume?: unknown }): number | null {
  const typed = a.annualUsage === undefined || a.annualUsage === null || a.annualUsage === '' ? null : Number(a.annualUsage);
  if (typed !== null && Number.isFinite(typed)) return typed;
  const volume = a.accountVolume as AccountVolume | null | undefined;
  const year = volumeAnnualUsage(volume);
  if (year === null) return null;
  const to = typeof a.unitOfMeasure === 'string' && a.unitOfMeasure ? a.unitOfMeasure : null;
  const from = volume?.accountVolumeUom ?? to;
  if (!to || !from || from === to) return year;
  const table = TO_KWH[from] !== undefined && TO_KWH[to] !== undefined ? TO_KWH : TO_THERMS[from] !== undefined && TO_THERMS[to] !== undefined ? TO_THERMS : null;
  return table ? Math.round(((year * table[from]!) / table[to]!) * 1e6) / 1e6 : null;
}

/** The unit an account's RCEs count in: its own, else its volume block's. */
export const accountUsageUnit = (a: { unitOfMeasure?: unknown; accountVolume?: unknown }): string | null =>
  (typeof a.unitOfMeasure === 'string' && a.unitOfMeasure ? a.unitOfMeasure : null) ?? (a.accountVolume as AccountVolume | null | undefined)?.accountVolumeUom ?? null;

/** GET account/GetRCEs?accountId: the account's RCEs and the commodity they count. */
export interface AccountRces {
  rce: number | null;
  commodity: string | null;
}
