import { MSG } from '../messages';

/**
 * The uploader's and updater's exception reasons (spec 3 section 8), verbatim — 'Invaid Entry -
 * Improper Value.' as the spec spells it. Where the spec gives two readings, the first is used.
 */
export const EXCEPTION_REASONS = {
  invalidDataTypeInteger: MSG.invalidDataTypeInteger,
  invalidDataTypeDate: 'Invalid Data Type - Enter as Date.',
  invalidDataTypeDecimal: 'Invalid Data Type - Enter as Decimal.',
  invalidDataTypeBoolean: 'Invalid Data Type - Enter as Boolean.',
  invalidDataTypeEnum: 'Invaid Entry - Improper Value.',
  invalidCommission: 'Invalid Commission - Reduce Rate.',
  invalidAgent: 'Invalid Agent - Mismatch.',
  invalidLength: 'Invalid Length.',
  requiredField: 'Required Field',
  duplicateRecord: 'Duplicate Record - Please remove.',
  checkKeyNotExistsInDb: 'Key Not Exists In DB.',
  volumeNotConfigured: 'Volume not configured for Account.',
  yearOutOfRange: 'Year should be between Volume Start and End Date.',
  invalidMonth: 'Invalid Month.',
  invalidFieldName: 'This field name is invalid.',
  invalidRowKey: 'Entity does not exist.',
  overlappedAccounts: MSG.overlappingBaseAccounts,
  genericError: 'Generic Error',
} as const;
export type ExceptionType = keyof typeof EXCEPTION_REASONS;

/** An exception of an uploaded row (spec 3 "Uploaded row"): the column, the value read, its fix (initially the value read), why, and who fixed it. */
export interface UploadException {
  uiHeader: string;
  oldValue: string | null;
  newValue: string | null;
  type: ExceptionType;
  fixUser: number | null;
}
