import { ACCOUNT_FIELDS, accountDefaults, type Account, type AccountField } from '@eb/shared/account/schemas';
import { declaredField, type DeclaredFieldKind, type DeclaredSection } from '../../components/declared-fields';
import { ACCOUNT_FIELD_LABELS } from './account-texts';

/**
 * The Account Detail form as a declaration (spec 2 "Account Detail", section 3 "Account"): the
 * Account Details, Commission (staff only), Pricing and Usage sections, each field once with its
 * control. The rules are the shared schema's (accountFieldsSchema), as on the server.
 */
export type AccountFormSection = DeclaredSection<AccountField, 'details' | 'commission' | 'pricing' | 'usage'>;

const f = (field: AccountField, kind: DeclaredFieldKind, itemType?: string, maxLength?: number) => declaredField(field, ACCOUNT_FIELD_LABELS[field], kind, itemType, maxLength);

export const ACCOUNT_FORM_SECTIONS: AccountFormSection[] = [
  {
    key: 'details',
    title: 'Account Details',
    fields: [
      f('name', 'text', undefined, 200),
      f('shortName', 'text', undefined, 25),
      f('type', 'select', 'accountTypes'),
      f('accountStatus', 'select', 'accountStatuses'),
      f('territory', 'ref', 'territories'),
      f('ldcAccountNum', 'text', undefined, 30),
      f('prevAccountNum', 'text', undefined, 30),
      f('serviceClass', 'text', undefined, 50),
      f('revenueClass', 'select', 'revenueClasses'),
      f('taxExemption', 'select', 'taxExemptions'),
      f('taxExemptNum', 'number', undefined, 10),
      f('taxExemptPercent', 'number', undefined, 6),
      f('requestedStartDate', 'date'),
      f('contractStartDate', 'date'),
      f('term', 'number', undefined, 3),
      f('flowDate', 'date'),
      f('dropDate', 'date'),
      f('futureDropDate', 'date'),
      f('receivedDate', 'date'),
      f('processedDate', 'date'),
      f('statusDate', 'date'),
      f('unitOfMeasure', 'select', 'unitsOfMeasure'),
      f('billingAcctUom', 'select', 'unitsOfMeasure'),
      f('billMethod', 'select', 'billMethods'),
      f('billingAcctPattern', 'select', 'billingAccountPatternTypes'),
      f('billMeasureAcct', 'select', 'measures'),
      f('billCalculation', 'select', 'billCalculationTypes'),
      f('autoRenewalType', 'select', 'autoRenewalTypes'),
      f('billingVolTypeAcct', 'select', 'billingVolumeTypes'),
      f('industryType', 'select', 'industryTypes'),
      f('resetOrder', 'yesNo'),
      f('billingAutopay', 'yesNo'),
      f('porSw', 'yesNo'),
      f('porSwLdc', 'yesNo'),
      f('isUsedAsMailingAddress', 'yesNo'),
      f('serviceZone', 'text', undefined, 5),
      f('gasPoolId', 'text', undefined, 50),
      f('resetOrderGroupingExempt', 'text', undefined, 40),
      f('einNumber', 'text', undefined, 10),
      f('poid', 'text', undefined, 30),
      f('programCode', 'number', undefined, 5),
      f('p2CNumber', 'text', undefined, 50),
    ],
  },
  {
    key: 'commission',
    title: 'Commission',
    fields: [
      f('commissionMasterUnit', 'number', undefined, 16),
      f('commissionUnitNum', 'number', undefined, 16),
      f('commissionSubAgentUnit', 'number', undefined, 16),
      f('commissionPlan', 'select', 'commissionPlans'),
      f('commissionEndDate', 'date'),
      f('paymentStatus', 'text', undefined, 25),
      f('estimatedPayment', 'number', undefined, 20),
      f('agentRateMeasureUnit', 'select', 'measures'),
      f('feeType', 'text', undefined, 25),
      f('managingAgent', 'text', undefined, 64),
      f('agentRateUom', 'select', 'unitsOfMeasure'),
    ],
  },
  {
    key: 'pricing',
    title: 'Pricing',
    fields: [
      f('contractRate', 'number', undefined, 16),
      f('tieredPrice', 'number', undefined, 16),
      f('isSpr', 'yesNo'),
      f('etf', 'number', undefined, 16),
      f('supplyZone', 'text', undefined, 25),
      f('indexAdder', 'number', undefined, 16),
      f('tieredDate', 'date'),
      f('commodityUnit', 'select', 'unitsOfMeasure'),
      f('etfStatus', 'text', undefined, 255),
      f('pricingPlan', 'text', undefined, 50),
      f('priceAdder', 'number', undefined, 16),
      f('autoRenewalRate', 'number', undefined, 16),
      f('swing', 'number', undefined, 16),
      f('fixedChargeAmount', 'number', undefined, 16),
      f('etfDate', 'date'),
      f('totalPassthroughs', 'number', undefined, 16),
      f('arQid', 'text', undefined, 50),
    ],
  },
  {
    key: 'usage',
    title: 'Usage',
    fields: [
      f('needUsageChecked', 'select', 'needUsageChecked'),
      f('annualUsage', 'number', undefined, 16),
      f('tripCycle', 'text', undefined, 25),
      f('usageRequestedDate', 'date'),
      f('usageProccesedDate', 'date'),
      f('nextMeterReadDate', 'date'),
      f('batchNumber', 'text', undefined, 50),
    ],
  },
];

/** The form's values: text as typed, dates as transfer strings, selections as codes, references as { objectId }. */
export type AccountFormValues = Record<string, unknown>;
const FORM_FIELDS = ACCOUNT_FORM_SECTIONS.flatMap((s) => s.fields);

/** A new account (spec 2 section 5): the tax-exempt number of nine 9s; the rest empty. */
export function newAccountValues(): AccountFormValues {
  const values: AccountFormValues = { territory: null, agent: null, contractEndDate: null };
  for (const d of FORM_FIELDS) values[d.field] = d.kind === 'text' || d.kind === 'number' ? '' : null;
  values.taxExemptNum = '999999999';
  return values;
}

/** The form's values of a stored account. */
export function accountValues(a: Account): AccountFormValues {
  const values = newAccountValues();
  const stored = a as unknown as Record<string, unknown>;
  for (const field of ACCOUNT_FIELDS) {
    const d = FORM_FIELDS.find((x) => x.field === field);
    const v = stored[field];
    values[field] = d && (d.kind === 'text' || d.kind === 'number') ? (v === null || v === undefined ? '' : String(v)) : (v ?? null);
  }
  return values;
}

/**
 * Clone (spec 2 "accounts/0/clone/{cloneId}"): a new account of the same amendment with the
 * source's editable fields, except what names the source's meter and its history: the LDC and
 * previous LDC account numbers (to be typed), and the flow, drop, status and processing dates.
 */
export function cloneAccountValues(source: Account): AccountFormValues {
  const values = accountValues(source);
  for (const f of ['ldcAccountNum', 'prevAccountNum'] as const) values[f] = '';
  for (const f of ['flowDate', 'dropDate', 'futureDropDate', 'processedDate', 'statusDate', 'receivedDate'] as const) values[f] = null;
  return values;
}

/** The Create/Update body of the form's values, with the defaults filled (the server fills and checks them again). */
export function accountBody(values: AccountFormValues, isNew: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ACCOUNT_FIELDS) {
    const v = values[field];
    body[field] = typeof v === 'string' && v.trim() === '' ? null : (v ?? null);
  }
  return accountDefaults(body, isNew, `${new Date().toISOString().slice(0, 10)}T00:00:00`);
}
