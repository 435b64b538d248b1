import { ACCOUNT_ROW_LABELS } from '../account/labels';
import { AMENDMENT_LABELS } from '../amendment/labels';
import { decimalRule, requiredRuleNumberSchema } from '../field-rules';
import { ACCOUNT_CONTACT_FIELDS, headerKey, matchColumns, UPLOAD_COLUMNS, type HeaderMatch, type UploadColumn } from '../upload/columns';

/**
 * The updater's types and columns (spec 3 "Updater" and "Update row"; issue 11): a row names an
 * existing record by its key — a contract id with an amendment number, a CAMS account id, an
 * account address id, or a CAMS account id with a year and month — then the field to change and its
 * new value. The fields a type may change are those its form sets (the uploader's columns of the
 * same record, which read the form declarations), without the key fields; a new value is converted
 * and checked by that field's column (its kind, reference set and shared rule).
 */
export const UPDATE_TYPES = ['Amendments', 'Accounts', 'AccountAddresses', 'Volumes'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** The spec's updateDataRow fields: the keys, the field name and the value. */
export interface UpdateDataRow {
  contractId?: number | null;
  amendmentNumber?: number | null;
  accountNumber?: number | null;
  accountAddressId?: number | null;
  year?: number | null;
  month?: number | null;
  fieldName: string | null;
  value: unknown;
}

const key = (header: string, field: string, synonyms: readonly string[] = []): UploadColumn => ({ header, field, kind: 'integer', required: true, synonyms });
const CONTRACT_ID = key(AMENDMENT_LABELS.contractId, 'contractId', ['Contract #', 'Contract Number']);
const AMENDMENT_NUMBER = key(AMENDMENT_LABELS.amendmentNumber, 'amendmentNumber', ['Amendment Number', 'Amendment No']);
const CAMS_ACCOUNT_ID = key(ACCOUNT_ROW_LABELS.objectId, 'accountNumber', ['CAMS Account #', 'Account ID', 'ESG Account #']);
const ADDRESS_ID = key('Account Address ID', 'accountAddressId', ['Address ID']);
/** The field name column (the row's field to change). */
export const FIELD_NAME_HEADER = 'Field Name';
export const NEW_VALUE_HEADER = 'New Value';
const FIELD_NAME: UploadColumn = { header: FIELD_NAME_HEADER, field: 'fieldName', kind: 'text', required: true, synonyms: ['Field'] };
const NEW_VALUE: UploadColumn = { header: NEW_VALUE_HEADER, field: 'value', kind: 'text', required: false, synonyms: ['Value'] };

/** Each update type's key columns. */
export const UPDATE_KEY_COLUMNS: Readonly<Record<UpdateType, readonly UploadColumn[]>> = {
  Amendments: [CONTRACT_ID, AMENDMENT_NUMBER],
  Accounts: [CAMS_ACCOUNT_ID],
  AccountAddresses: [ADDRESS_ID],
  Volumes: [CAMS_ACCOUNT_ID, key('Year', 'year'), key('Month', 'month')],
};

/** The volume of a month: the one field of a Volumes row (its column has no field name). */
export const VOLUME_FIELD: UploadColumn = { header: 'Volume', field: 'volume', kind: 'decimal', required: true, rule: requiredRuleNumberSchema(decimalRule(9, 6)) };

/** The fields each type may change (by their labels), from the uploader's columns of the record. */
export const UPDATABLE_FIELDS: Readonly<Record<UpdateType, readonly UploadColumn[]>> = {
  Amendments: UPLOAD_COLUMNS.Amendments.filter((c) => c.field !== 'contractId' && c.field !== 'amendmentNumber'),
  // an upload's contact ids attach participants to a new account: not a field of it
  Accounts: UPLOAD_COLUMNS.Accounts.filter((c) => c.field !== 'contractId' && c.field !== 'amendmentNumber' && !(ACCOUNT_CONTACT_FIELDS as readonly string[]).includes(c.field)),
  AccountAddresses: UPLOAD_COLUMNS.AccountAddresses.filter((c) => c.field !== 'accountId'),
  Volumes: [VOLUME_FIELD],
};

/** Each update type's columns, in the template's order (Volumes: the key and the new volume). */
export const UPDATE_COLUMNS: Readonly<Record<UpdateType, readonly UploadColumn[]>> = {
  Amendments: [...UPDATE_KEY_COLUMNS.Amendments, FIELD_NAME, NEW_VALUE],
  Accounts: [...UPDATE_KEY_COLUMNS.Accounts, FIELD_NAME, NEW_VALUE],
  AccountAddresses: [...UPDATE_KEY_COLUMNS.AccountAddresses, FIELD_NAME, NEW_VALUE],
  Volumes: [...UPDATE_KEY_COLUMNS.Volumes, { ...NEW_VALUE, synonyms: ['Value', 'Volume', 'New Volume'] }],
};

/** The field a field name names (its label or its name, case and spacing ignored), if the type may change it. */
export function updatableField(type: UpdateType, fieldName: string | null | undefined): UploadColumn | undefined {
  if (type === 'Volumes') return VOLUME_FIELD;
  if (!fieldName) return undefined;
  const k = headerKey(fieldName);
  return UPDATABLE_FIELDS[type].find((c) => headerKey(c.header) === k || headerKey(c.field) === k || (c.synonyms ?? []).some((s) => headerKey(s) === k));
}

/** The matching of a sheet's header row to an update type's columns. */
export const matchUpdateHeaders = (type: UpdateType, headers: readonly (string | null | undefined)[]): HeaderMatch => matchColumns(UPDATE_COLUMNS[type], headers);
