import { ACCOUNT_FIELDS, accountDefaults, accountTotals, accountUniqueId, uploadRateOf, type Account, type AccountAgent, type AccountField } from '@eb/shared/account/schemas';
import { ACCOUNT_FORM_DECLARATION, type AccountDisplayField } from '@eb/shared/account/form';
import { ACCOUNT_SHORT_NAME_MAX_LENGTH } from '@eb/shared/constants';
import { isBodyKind } from '@eb/shared/form-declaration';
import { formatDisplayDate } from '@eb/shared/formats';
import { withLabels, type DeclaredSection } from '../../components/declared-fields';
import { ACCOUNT_FIELD_LABELS } from './account-texts';

/**
 * The Account Detail form as a declaration (spec 2 "Account Detail", section 3 "Account"): the
 * Account Details, Commission (staff only), Pricing and Usage sections, each field once with its
 * control. The rules are the shared schema's (accountFieldsSchema), as on the server.
 */
export type AccountFormFieldName = AccountField | AccountDisplayField;
export type AccountFormSection = DeclaredSection<AccountFormFieldName, 'details' | 'commission' | 'pricing' | 'usage'>;


export const ACCOUNT_FORM_SECTIONS: AccountFormSection[] = withLabels(ACCOUNT_FORM_DECLARATION, ACCOUNT_FIELD_LABELS);

/** The form's values: text as typed, dates as transfer strings, selections as codes, references as { objectId }. */
export type AccountFormValues = Record<string, unknown>;
const FORM_FIELDS = ACCOUNT_FORM_SECTIONS.flatMap((s) => s.fields).filter((d) => isBodyKind(d.kind));

/** What a new account takes from its amendment (issue 28): the requested start date and the term. */
export interface AccountParent {
  startDate: string | null;
  term: number | null;
}

/**
 * A new account (spec 2 section 5): the tax-exempt number of nine 9s, the requested start date and
 * term of its amendment, and the contract start date that follows from them (today for type New);
 * the rest empty.
 */
export function newAccountValues(parent: AccountParent | null = null, today = todayTransfer()): AccountFormValues {
  const values: AccountFormValues = { territory: null, agent: null, contractEndDate: null };
  for (const d of FORM_FIELDS) values[d.field] = d.kind === 'text' || d.kind === 'number' ? '' : null;
  values.taxExemptNum = '999999999';
  if (parent) {
    values.requestedStartDate = parent.startDate;
    values.term = parent.term === null ? '' : String(parent.term);
  }
  values.contractStartDate = defaultStart(values, today);
  return values;
}

const todayTransfer = () => `${new Date().toISOString().slice(0, 10)}T00:00:00`;
/** A new account's contract start date (spec 2 section 4): today for type New, else the requested start date. */
const defaultStart = (v: AccountFormValues, today: string): string | null => (v.type === 'New' ? today : ((v.requestedStartDate as string | null) ?? null));
/** The short name a name gives (spec 2 section 5: its first 25 characters). */
const shortNameOf = (name: unknown): string => (typeof name === 'string' ? name.trim().slice(0, ACCOUNT_SHORT_NAME_MAX_LENGTH).trim() : '');

/**
 * A change of the form's values with the defaults that follow it (issue 28), as a user sees them
 * while typing: the short name follows the name unless the user set it (it is empty, one
 * character, or what the previous name gave); a new account's contract start date follows its type
 * and requested start date unless the user set it.
 */
export function withFollowedDefaults(before: AccountFormValues, after: AccountFormValues, isNew: boolean, today = todayTransfer()): AccountFormValues {
  const out = { ...after };
  if (after.name !== before.name) {
    const short = typeof before.shortName === 'string' ? before.shortName.trim() : '';
    if (short.length <= 1 || short === shortNameOf(before.name)) out.shortName = shortNameOf(after.name);
  }
  if (isNew && (after.type !== before.type || after.requestedStartDate !== before.requestedStartDate)) {
    if (!before.contractStartDate || before.contractStartDate === defaultStart(before, today)) out.contractStartDate = defaultStart(after, today);
  }
  return out;
}

/** The territory and agent the form names, as the screen has them (reference set item, agent list row). */
export interface AccountShownContext {
  account: Account | null;
  /** the amendment's reference amendment (a new account's parent) */
  referenceAmendment: number | null;
  territory: { code: string; name: string; taxRate?: string | null } | undefined;
  agent: Pick<AccountAgent, 'code' | 'master' | 'subagent'> | null | undefined;
}

const asNumber = (v: unknown): number | null => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || !Number.isFinite(Number(v)) ? null : Number(v));

/** What a read-only field of the form shows: recomputed from the typed values where it follows them (upload rate, totals, unique id). */
export function accountShown(values: AccountFormValues, field: AccountFormFieldName, ctx: AccountShownContext): string | number | null {
  const numbers = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? asNumber(v) : v]));
  switch (field) {
    case 'referenceAmendment':
      return ctx.account?.referenceAmendment ?? ctx.referenceAmendment;
    case 'distributor':
      return ctx.territory?.name ?? null;
    case 'uniqueId':
      return accountUniqueId(ctx.territory?.code, values.ldcAccountNum);
    case 'agentMaster':
    case 'commissionMasterLabel':
      return ctx.agent?.master ?? null;
    case 'commissionAgentLabel':
      return ctx.agent?.code ?? null;
    case 'agentSubagent':
    case 'commissionSubAgentLabel':
      return ctx.agent?.subagent ?? null;
    case 'uploadRate':
      return uploadRateOf(asNumber(values.contractRate), ctx.territory?.taxRate ?? null);
    case 'totalBillRate':
    case 'totalIndexRate':
    case 'totalCommission':
      return accountTotals(numbers)[field];
    case 'commissionStartDate':
      return formatDisplayDate(accountTotals(values).commissionStartDate) || null;
    default:
      return null;
  }
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
