import { ACCOUNT_FIELDS, accountDefaults, type Account, type AccountField } from '@eb/shared/account/schemas';
import { ACCOUNT_FORM_DECLARATION } from '@eb/shared/account/form';
import { withLabels, type DeclaredSection } from '../../components/declared-fields';
import { ACCOUNT_FIELD_LABELS } from './account-texts';

/**
 * The Account Detail form as a declaration (spec 2 "Account Detail", section 3 "Account"): the
 * Account Details, Commission (staff only), Pricing and Usage sections, each field once with its
 * control. The rules are the shared schema's (accountFieldsSchema), as on the server.
 */
export type AccountFormSection = DeclaredSection<AccountField, 'details' | 'commission' | 'pricing' | 'usage'>;


export const ACCOUNT_FORM_SECTIONS: AccountFormSection[] = withLabels(ACCOUNT_FORM_DECLARATION, ACCOUNT_FIELD_LABELS);

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
