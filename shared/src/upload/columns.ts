import type { z } from 'zod';
import { ACCOUNT_ADDRESSES } from '../account/children';
import { ACCOUNT_FORM_DECLARATION } from '../account/form';
import { ACCOUNT_FIELD_LABELS, ACCOUNT_ROW_LABELS } from '../account/labels';
import { ACCOUNT_DEFAULTED_FIELDS, accountFieldsShape, fillAccountDefaults } from '../account/schemas';
import { ACCOUNT_CHILDREN } from '../account/children';
import { CONTRACT_CHILDREN } from '../amendment/children';
import { AMENDMENT_FORM_DECLARATION } from '../amendment/form';
import { AMENDMENT_LABELS } from '../amendment/labels';
import { amendmentFieldsShape } from '../amendment/schemas';
import { isBodyKind, type FormSectionDecl } from '../form-declaration';
import { decimalRule, integerRule, maxLengthRule, optionalDate, optionalText, requiredDate, requiredRuleNumberSchema, ruleNumberSchema } from '../field-rules';
import { PARTICIPANT_SHAPE } from '../participants-crm-documents';

/**
 * The uploader's types and their columns (spec 3 sections 2 and 3; issue 10 "The pipeline"), declared
 * once: the template, the header matching, the validator, the grids and the exceptions workbook read
 * them. Amendments and Accounts cover every field their form can set (the form declarations of
 * shared/src/amendment/form.ts and shared/src/account/form.ts, their labels and the entity's rules),
 * after the spec's named key columns. A column's value is checked by its entity's shared rule; an
 * exception names the reason of spec 3 section 8 by the column's kind.
 */
export const UPLOAD_TYPES = [
  'Amendments', 'Accounts', 'AccountAddresses', 'Volumes', 'AmendmentParticipants', 'AmendmentCRM', 'AccountParticipants', 'AccountCRM', 'PriceReport', 'SingleFile',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** The types a SingleFile workbook holds, one sheet each, imported in this order (dependencies first). */
export const SINGLE_FILE_ORDER = ['Amendments', 'Accounts', 'AccountAddresses', 'Volumes', 'AmendmentParticipants', 'AmendmentCRM', 'AccountParticipants', 'AccountCRM'] as const satisfies readonly UploadType[];
export type RowType = Exclude<UploadType, 'SingleFile'>;

export type UploadColumnKind = 'text' | 'integer' | 'decimal' | 'date' | 'boolean' | 'enum';
/** What a key column names (looked up in the stored records). */
export type UploadLookup = 'masterContract' | 'amendmentNumber' | 'account' | 'territory' | 'agent' | 'businessEntity' | 'primaryContact' | 'contact';

export interface UploadColumn {
  /** the template's header */
  header: string;
  /** the data row's field */
  field: string;
  kind: UploadColumnKind;
  /** an enum's reference set (a value matches an item's code or name, case ignored) */
  itemType?: string;
  required: boolean;
  /** the value names a stored record ('Key Not Exists In DB.' otherwise) */
  lookup?: UploadLookup;
  /** other headers people write for it (matched with case and spacing ignored) */
  synonyms?: readonly string[];
  /** the field's shared rule (of the entity's schema), after the kind's conversion */
  rule?: z.ZodType;
}

const keyColumn = (header: string, field: string, lookup: UploadLookup, kind: UploadColumnKind = 'integer', synonyms?: readonly string[]): UploadColumn => ({
  header, field, kind, required: true, lookup, ...(synonyms ? { synonyms } : {}),
});
const CONTRACT_ID = keyColumn(AMENDMENT_LABELS.contractId, 'contractId', 'masterContract', 'integer', ['Contract #', 'Contract Number']);
const AMENDMENT_NUMBER = keyColumn(AMENDMENT_LABELS.amendmentNumber, 'amendmentNumber', 'amendmentNumber', 'integer', ['Amendment Number', 'Amendment No']);
const CAMS_ACCOUNT_ID = keyColumn(ACCOUNT_ROW_LABELS.objectId, 'accountId', 'account', 'integer', ['CAMS Account #', 'Account ID', 'ESG Account #']);
/** LDC account number synonyms (issue 10). */
const LDC_SYNONYMS = ['LDC Account #', 'LDC Account Number', 'Utility Account', 'Utility Account Number', 'LDC #'];

/** A number column is an integer when its rule refuses a fraction. */
const numberKind = (rule: z.ZodType): UploadColumnKind => (rule.safeParse('1.5').success ? 'decimal' : 'integer');
const isRequired = (rule: z.ZodType): boolean => !rule.safeParse(null).success;

/** The columns of a form declaration: its fields with their labels, kinds, sets and rules. */
function formColumns<F extends string>(sections: readonly FormSectionDecl<F>[], labels: Readonly<Record<F, string>>, shape: Record<string, z.ZodType>, skip: readonly string[]): UploadColumn[] {
  const out: UploadColumn[] = [];
  for (const d of sections.flatMap((s) => s.fields)) {
    if (skip.includes(d.field) || !isBodyKind(d.kind)) continue;
    const rule = shape[d.field]!;
    const kind: UploadColumnKind = d.kind === 'date' ? 'date' : d.kind === 'yesNo' ? 'boolean' : d.kind === 'select' ? 'enum' : d.kind === 'number' ? numberKind(rule) : 'text';
    out.push({ header: labels[d.field], field: d.field, kind, ...(d.itemType && d.kind === 'select' ? { itemType: d.itemType } : {}), required: isRequired(rule), rule });
  }
  return out;
}

const AMENDMENT_COLUMNS: UploadColumn[] = [
  CONTRACT_ID,
  ...formColumns(AMENDMENT_FORM_DECLARATION, AMENDMENT_LABELS, amendmentFieldsShape, []),
  { header: 'Business Entity ID', field: 'businessEntityId', kind: 'integer', required: false, lookup: 'businessEntity' },
  { header: 'Primary Contact ID', field: 'primaryContactId', kind: 'integer', required: false, lookup: 'primaryContact', synonyms: ['Contact ID'] },
];
// the amendment number is the form's first field: it is the key with the contract id
AMENDMENT_COLUMNS.find((c) => c.field === 'amendmentNumber')!.synonyms = AMENDMENT_NUMBER.synonyms;

/**
 * Spec 3's "contact ids" of an Accounts row (chosen: three columns, Contact ID 1 to 3): existing
 * contacts attached to the new account as its participants, in the account's own transaction.
 */
export const ACCOUNT_CONTACT_FIELDS = ['contactId1', 'contactId2', 'contactId3'] as const;
/** Account fields the server fills when a row leaves them empty (accountDefaults): not required in a sheet. */
const ACCOUNT_DEFAULTED = ['taxExemptNum', 'contractStartDate', 'shortName'];
const ACCOUNT_COLUMNS: UploadColumn[] = [
  CONTRACT_ID,
  AMENDMENT_NUMBER,
  ...formColumns(ACCOUNT_FORM_DECLARATION, ACCOUNT_FIELD_LABELS, accountFieldsShape, ['territory', 'agent']).map((c) =>
    c.field === 'ldcAccountNum' ? { ...c, synonyms: LDC_SYNONYMS } : ACCOUNT_DEFAULTED.includes(c.field) ? { ...c, required: false } : c,
  ),
  { header: ACCOUNT_FIELD_LABELS.territory, field: 'territory', kind: 'text', required: true, lookup: 'territory', synonyms: ['Territory Code', 'Utility'] },
  { header: ACCOUNT_FIELD_LABELS.agent, field: 'agent', kind: 'text', required: false, lookup: 'agent', synonyms: ['Agent Name', 'Agent Code'] },
  ...ACCOUNT_CONTACT_FIELDS.map((field, i): UploadColumn => ({ header: `Contact ID ${i + 1}`, field, kind: 'integer', required: false, lookup: 'contact', ...(i === 0 ? { synonyms: ['Contact ID'] } : {}) })),
];

/** The columns of a child kind's shape (participants, CRM notes, addresses), with their labels. */
function shapeColumns(shape: Record<string, z.ZodType>, labels: Record<string, { header: string; kind: UploadColumnKind; itemType?: string }>): UploadColumn[] {
  return Object.entries(labels).map(([field, l]) => ({ header: l.header, field, kind: l.kind, ...(l.itemType ? { itemType: l.itemType } : {}), required: isRequired(shape[field]!), rule: shape[field]! }));
}
const participantShape = PARTICIPANT_SHAPE as unknown as Record<string, z.ZodType>;
const PARTICIPANT_COLUMNS = shapeColumns(participantShape, {
  role: { header: 'Role', kind: 'enum', itemType: 'primaryContactRoles' },
  firstName: { header: 'First Name', kind: 'text' },
  lastName: { header: 'Last Name', kind: 'text' },
  address: { header: 'Address', kind: 'text' },
  city: { header: 'City', kind: 'text' },
  state: { header: 'State', kind: 'enum', itemType: 'states' },
  zip: { header: 'Zip', kind: 'text' },
  phoneNumber: { header: 'Phone', kind: 'text' },
  email: { header: 'Email', kind: 'text' },
  identifier: { header: 'Identifier', kind: 'text' },
});
/** A participant names an existing contact by its id, or is created from its columns. */
const CONTACT_ID: UploadColumn = { header: 'Contact ID', field: 'contactId', kind: 'integer', required: false, lookup: 'contact' };
const crmColumns = (shape: Record<string, z.ZodType>, itemType: string) =>
  shapeColumns(shape, {
    crmType: { header: 'CRM Type', kind: 'enum', itemType },
    date: { header: 'Date', kind: 'date' },
    comment: { header: 'Comment', kind: 'text' },
    isResolved: { header: 'Resolved', kind: 'boolean' },
  });

const VOLUME_COLUMNS: UploadColumn[] = [
  CAMS_ACCOUNT_ID,
  { header: 'Year', field: 'year', kind: 'integer', required: true },
  { header: 'Month', field: 'month', kind: 'integer', required: true },
  { header: 'Volume', field: 'volume', kind: 'decimal', required: true, rule: requiredRuleNumberSchema(decimalRule(9, 6)) },
];

const addressShape = ACCOUNT_ADDRESSES.shape as unknown as Record<string, z.ZodType>;
const ADDRESS_COLUMNS: UploadColumn[] = [
  CAMS_ACCOUNT_ID,
  ...shapeColumns(addressShape, {
    addressType: { header: 'Address Type', kind: 'enum', itemType: 'accountAddressTypes' },
    addressLine: { header: 'Address', kind: 'text' },
    zipCode: { header: 'Zip', kind: 'text' },
    zipAppendix: { header: 'Zip +4', kind: 'text' },
    county: { header: 'County', kind: 'text' },
    city: { header: 'City', kind: 'text' },
    state: { header: 'State', kind: 'enum', itemType: 'states' },
    territory: { header: 'Territory', kind: 'text' },
  }),
];

/**
 * Price report rows (spec 3: "a wide set of customer, agent, account, price and contract columns",
 * the list not shown; chosen): the account by its CAMS account id and LDC number, its customer,
 * agent, territory and contract for reference, and the new pricing with its effective date. Save
 * All updates the pricing block of each matching account (README).
 */
const rate = () => ruleNumberSchema(decimalRule(7, 8));
const PRICE_REPORT_COLUMNS: UploadColumn[] = [
  CAMS_ACCOUNT_ID,
  { header: ACCOUNT_FIELD_LABELS.ldcAccountNum, field: 'ldcAccountNum', kind: 'text', required: false, synonyms: LDC_SYNONYMS, rule: optionalText(30) },
  { header: 'Customer Name', field: 'customerName', kind: 'text', required: false, rule: optionalText(200) },
  { header: ACCOUNT_FIELD_LABELS.agent, field: 'agent', kind: 'text', required: false, synonyms: ['Agent Name'], rule: optionalText(50) },
  { header: ACCOUNT_FIELD_LABELS.territory, field: 'territory', kind: 'text', required: false, rule: optionalText(50) },
  { header: AMENDMENT_LABELS.contractId, field: 'contractId', kind: 'integer', required: false, rule: ruleNumberSchema(integerRule, maxLengthRule(10)) },
  { header: ACCOUNT_FIELD_LABELS.contractRate, field: 'contractRate', kind: 'decimal', required: true, rule: requiredRuleNumberSchema(decimalRule(7, 8)) },
  { header: ACCOUNT_FIELD_LABELS.indexAdder, field: 'indexAdder', kind: 'decimal', required: false, rule: rate() },
  { header: ACCOUNT_FIELD_LABELS.priceAdder, field: 'priceAdder', kind: 'decimal', required: false, rule: rate() },
  { header: ACCOUNT_FIELD_LABELS.fixedChargeAmount, field: 'fixedChargeAmount', kind: 'decimal', required: false, rule: rate() },
  { header: ACCOUNT_FIELD_LABELS.totalPassthroughs, field: 'totalPassthroughs', kind: 'decimal', required: false, rule: rate() },
  { header: ACCOUNT_FIELD_LABELS.autoRenewalRate, field: 'autoRenewalRate', kind: 'decimal', required: false, rule: rate() },
  { header: 'Effective Date', field: 'effectiveDate', kind: 'date', required: true, rule: requiredDate() },
  { header: 'Price Expiration Date', field: 'expirationDate', kind: 'date', required: false, rule: optionalDate() },
];

const contractCrmShape = CONTRACT_CHILDREN.crms.shape as unknown as Record<string, z.ZodType>;
const accountCrmShape = ACCOUNT_CHILDREN.crms.shape as unknown as Record<string, z.ZodType>;

/** Each row type's columns, in the template's order. */
export const UPLOAD_COLUMNS: Readonly<Record<RowType, readonly UploadColumn[]>> = {
  Amendments: AMENDMENT_COLUMNS,
  Accounts: ACCOUNT_COLUMNS,
  AccountAddresses: ADDRESS_COLUMNS,
  Volumes: VOLUME_COLUMNS,
  AmendmentParticipants: [CONTRACT_ID, AMENDMENT_NUMBER, CONTACT_ID, ...PARTICIPANT_COLUMNS.map((c) => ({ ...c, required: false }))],
  AmendmentCRM: [CONTRACT_ID, AMENDMENT_NUMBER, ...crmColumns(contractCrmShape, 'amendmentCrmTypes')],
  AccountParticipants: [CAMS_ACCOUNT_ID, CONTACT_ID, ...PARTICIPANT_COLUMNS.map((c) => ({ ...c, required: false }))],
  AccountCRM: [CAMS_ACCOUNT_ID, ...crmColumns(accountCrmShape, 'crmTypes')],
  PriceReport: PRICE_REPORT_COLUMNS,
};

/**
 * What the server fills in a row before its rules are checked, as it does for the forms: a new
 * account's defaults (accountDefaults: tax-exempt number, start and end dates, short name, the
 * commission plan of its unit), and the fields they may fill (the others are checked as read).
 */
export const UPLOAD_DEFAULTS: Partial<Record<RowType, { fills: readonly string[]; fill: (data: Record<string, unknown>, today: string) => Record<string, unknown> }>> = {
  // the row's data is the validator's own: filled in place
  Accounts: { fills: ACCOUNT_DEFAULTED_FIELDS, fill: (data, today) => fillAccountDefaults(data, true, today) },
};

/** A header as matching reads it: case, spacing and punctuation other than # and + ignored. */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9#+]/g, '');

/** The matching of a sheet's header row to a type's columns: each column's index, the headers it does not know, the required columns it lacks. */
export interface HeaderMatch {
  columns: { column: UploadColumn; index: number }[];
  unknown: string[];
  missing: UploadColumn[];
}

/** Columns the exceptions workbook adds, skipped when it comes back corrected. */
export const EXCEPTION_REASON_HEADER = 'Exception Reason';
const IGNORED_HEADERS = new Set([headerKey(EXCEPTION_REASON_HEADER)]);

/** The matching of a header row to these columns (by header or synonym, case and spacing ignored). */
export function matchColumns(all: readonly UploadColumn[], headers: readonly (string | null | undefined)[]): HeaderMatch {
  const byKey = new Map<string, UploadColumn>();
  for (const c of all) for (const h of [c.header, ...(c.synonyms ?? [])]) if (!byKey.has(headerKey(h))) byKey.set(headerKey(h), c);
  const columns: HeaderMatch['columns'] = [];
  const unknown: string[] = [];
  const seen = new Set<UploadColumn>();
  headers.forEach((h, index) => {
    if (h === null || h === undefined || String(h).trim() === '' || IGNORED_HEADERS.has(headerKey(String(h)))) return;
    const column = byKey.get(headerKey(String(h)));
    if (!column || seen.has(column)) unknown.push(String(h));
    else {
      seen.add(column);
      columns.push({ column, index });
    }
  });
  const missing = all.filter((c) => c.required && !seen.has(c));
  return { columns, unknown, missing };
}

export const matchHeaders = (type: RowType, headers: readonly (string | null | undefined)[]): HeaderMatch => matchColumns(UPLOAD_COLUMNS[type], headers);
