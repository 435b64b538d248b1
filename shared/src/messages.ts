/**
 * Every user-visible text of the spec, verbatim (typos included where the spec has them:
 * 'occured'). Texts the spec does not give are marked "chosen".
 */
export const MSG = {
  invalidEmail: 'Invalid email. Please try again',
  invalidCredentials: 'You have entered an invalid email or password',
  attemptsLimit: 'No more attempts can be made. Please contact your administrator',
  nameRule: '100 characters max, alphanumeric',
  passwordRule:
    'Password must be at least 8 characters, include at least 1 lower case and 1 upper case letter, 1 number and special character',
  passwordMismatch: 'Passwords did not match!',
  userEmailExists: 'User with the same email already exists',
  newPasswordCheck: 'Please check that your passwords match and that they meet the requirements provided above',
  invalidDate: 'Invalid date',
  fileTooLarge: 'The file size cannot be more than 30 MB.',
  unexpectedError: 'Unexpected error',
  somethingWentWrong: 'Something went wrong. Please refresh the page.',
  fallbackAlert: 'Sorry. An error has occured.',
  primaryContactDeleteConfirm:
    'Are you sure you want to delete this item? Anywhere this item has been selected will be affected.',
  participantAlreadyAdded: 'This participant has already been added',
  participantDeleteConfirm: 'Are you sure you want to delete this participant(s)?',
  documentDeleteConfirm: 'Are you sure you want to delete this document?',
  addressDeleteConfirm: 'Are you sure you want to delete this address?',
  /** spec 2 section 8: {limit} and {remaining} in MB (documentsOverLimit fills them) */
  documentsOverLimit: 'Overall size of {limit} MB exceeded. You can upload file not larger than {remaining} MB.',
  businessEntityCreated: 'New Business Entity has been created',
  primaryContactCreated: 'New Primary Contact has been created',
  allChangesSaved: 'All changes have been saved',
  checkEmailTitle: 'Please check your email',
  checkEmailMessage: "We've just sent you an email to reset your password",
  required: 'Required',
  // spec 2 section 5 (field rules; {max}, {integers}, {decimals} are filled by the helpers below)
  maxLength: 'Field should contain {max} or less characters',
  lengthRange: 'Field should contain {min} or more and {max} or less characters',
  decimalNumber: 'Field should be decimal number with {integers} or less integers and {decimals} or less decimals',
  incorrectEmailFormat: 'Incorrect email format',
  alphanumeric: 'Field should be alphanumeric',
  upperAlphanumeric: 'Field should contain numbers and letters in upper case only',
  // spec 2 section 8: the agents grid's success text
  allChangesSavedShort: 'All changes saved',
  // spec 3 section 8: the integer exception reason, also the business entity form's integer rule
  invalidDataTypeInteger: 'Invalid Data Type - Enter as Integer.',
  // Business entities (chosen)
  businessEntityIdExists: 'A Business Entity with this ID already exists',
  businessEntityIdReadOnly: 'The Business Entity ID cannot be changed',
  // chosen (spec: "Error texts for calls other than those above: not shown")
  tooManyFailedSignIns: 'Too many failed sign-in attempts. Please try again in 15 minutes or contact your administrator',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one',
  staleVersion: 'This record was changed by someone else. Reload it and apply your changes again',
  // The conflict view of a 409 (issue 28, chosen)
  conflictTitle: 'Changed by someone else',
  conflictIntro: 'Another save changed these fields. Choose what to keep, then Save again.',
  conflictReload: 'Reload',
  conflictApply: 'Apply and keep editing',
  conflictField: 'Field',
  conflictTheirs: 'Their value',
  conflictMine: 'Your value',
  conflictNoFields: 'The other save changed nothing on this form. Apply, then Save again.',
  // The amendment's accounts grid: a status the amendment's state does not allow (issue 28, chosen; {status}, {amendmentStatus})
  accountStatusNotAllowed: "An account cannot be set to '{status}' while its amendment is '{amendmentStatus}'",
  /** the question before a destructive account status ({status}, {account}) */
  accountStatusesAllowed: "While its amendment is '{amendmentStatus}', an account can be set to {statuses}.",
  accountStatusConfirm: "Set account {account} to '{status}'? This ends its enrollment.",
  accountStatusConfirmHeader: 'Change the account status',
  notFound: 'The requested record was not found',
  forbidden: 'You do not have permission to do this',
  unauthenticated: 'Please sign in',
  crossSite: 'Cross-site requests are not allowed',
  unsupportedContentType: 'Unsupported content type',
  bodyTooLarge: 'The request is too large',
  invalidInput: 'Some fields are not valid',
  jobNotFound: 'Job not found',
  invalidZip: 'Zip code must be 5 digits',
  zipNotFound: 'Zip code not found',
  agentDeleteConfirm: 'Are you sure you want to delete this agent?',
  invalidOption: 'Select a value from the list',
  // User Administration (chosen)
  identifierRule: '30 characters max',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  userDeactivateConfirm: 'Are you sure you want to deactivate this user?',
  userCreated: 'New User has been created',
  userDeactivated: 'The user has been deactivated',
  // Contact entities (spec 2 section 5 "Account": the integer rule; spec 2 "Contact Search popup" buttons)
  integerNumber: 'Field should be integer number',
  // issue 26 item 6: a count or a length of time (a term in months, an amendment number) is 1 or more;
  // a number written as text (a tax exemption number) is digits only, no sign (in the spec rules' style)
  countNumber: 'Field should be integer number of 1 or more',
  digitsOnly: 'Field should contain digits only',
  contactSearchAddNew: 'Add New Primary Contact',
  contactSearchConfirm: 'Make Primary Contact',
  contactSearchSaveAndAdd: 'Save and Add to Amendment',
  addNewContactEntity: 'Add New Contact Entity',
  // Contact entities (chosen)
  invalidZipAppendix: 'Zip +4 must be 4 digits',
  contactIdNotGenerated: 'This Contact Id was not generated; request a new one',
  contactIdTaken: 'A contact with this Contact Id already exists',
  businessEntityMissing: 'The selected Business Entity does not exist',
  tooManyToDelete: 'Too many items to delete at once',
  duplicateInList: 'The same item is listed more than once',
  // Popups with unsaved grid rows (chosen: spec 2 section 4 "Cancel removes unsaved rows" gives no text)
  unsavedRowsHeader: 'Unsaved changes',
  unsavedRowsDiscard: 'A row you added or edited is not saved. Discard it?',
  // Closing a popup (X or Esc) whose form has unsaved changes (chosen)
  unsavedChangesDiscard: 'Your changes are not saved. Discard them?',
  // Contracts and amendments (chosen: the spec gives no texts for these refusals)
  contractIdExists: 'A contract with this Contract ID already exists',
  contractIdNotGenerated: 'This contract was not generated; request a new Contract ID',
  masterContractMissing: 'The contract does not exist',
  primaryContactMissing: 'The selected Primary Contact does not exist',
  amendmentNumberExists: 'This contract already has an amendment with this number',
  // Accounts (chosen, except overlappingBaseAccounts: issue 9 and spec 3 section 8)
  volumeEndBeforeStart: 'The volume end date cannot be before its start date',
  /** a date that may not come before the record's start date (auto-renewal, drop, future drop: date-order.ts) */
  dateBeforeStart: 'This date cannot be before the start date',
  /** a received or agreement date after tomorrow */
  dateInFuture: 'This date cannot be in the future',
  endBeforeStart: 'The end date cannot be before the start date',
  overlappingBaseAccounts: 'Overlapping dates on base accounts',
  territoryTaxRateNumber: 'Tax rate must be a number',
  /** a territory's LDC format that is not a regular expression (issue 28, chosen) */
  ldcPatternInvalid: 'This is not a valid pattern',
  /** a pattern with a repeated group that holds a repetition or a choice (it may take very long to test) */
  ldcPatternNested: 'A repeated group may not hold a repetition or a choice',
  /** '{code} account numbers are {description}': an LDC number that does not fit its territory's format */
  ldcFormatMismatch: '{code} account numbers are {description}',
  /** the same without a description */
  ldcFormatMismatchPlain: 'This number does not fit the {code} format',
  // Undo of an import (issue 29 section 5, beyond the spec: chosen texts)
  undoConfirm: 'Undo {what}? Every record it created is removed and every field it changed is set back; a record someone changed since is kept and listed.',
  /** what the Last Save tab undoes: the Save or Save All whose rows it shows */
  undoLastSave: 'the last save of {type}',
  /** what Undo with a batch chosen undoes */
  undoBatchImport: 'the latest import of batch {batchId}',
  undoNothingImported: 'This import has no imported rows left to undo.',
  undoNotImport: 'Only a Save, Save All or import job can be undone.',
  undoRunning: 'This import has not ended yet: undo it once it has.',
  undoNotLogged: "This import's changes were saved before Undo was available and cannot be undone.",
  undoNotUndoable: 'not undone (a change undo does not revert)',
  undoAccountSince: 'an account added to it since',
  undoDone: 'Undo of the import of batch {batchId} done. Changes undone: {undone}. Rows back to Validated: {rows}.',
  undoKept: 'Kept because someone changed them since the import: {count}',
  undoAction: 'Undo',
  undoResult: 'Undo result',
  undoColumns: 'Record|Field|Imported Value|Value Now|Changed By',
} as const;

export type MessageKey = keyof typeof MSG;

/** 'Overall size of 30 MB exceeded. You can upload file not larger than 12.5 MB.' */
export const documentsOverLimitMessage = (limitMb: number, remainingMb: number): string =>
  MSG.documentsOverLimit.replace('{limit}', String(limitMb)).replace('{remaining}', String(Math.max(0, Math.floor(remainingMb * 100) / 100)));

/** 'Field should contain N or less characters' (spec 2 section 5). */
export const maxLengthMessage = (max: number): string => MSG.maxLength.replace('{max}', String(max));
/** 'Field should contain K or more and N or less characters' (spec 2 section 5); N alone when K is 0. */
export const lengthRangeMessage = (min: number, max: number): string =>
  min > 0 ? MSG.lengthRange.replace('{min}', String(min)).replace('{max}', String(max)) : maxLengthMessage(max);
/** 'Field should be decimal number with N or less integers and M or less decimals' (spec 2 section 5). */
export const decimalNumberMessage = (integers: number, decimals: number): string =>
  MSG.decimalNumber.replace('{integers}', String(integers)).replace('{decimals}', String(decimals));
