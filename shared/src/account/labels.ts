/**
 * Column and field labels of accounts (spec 2 "Accounts Search", "Accounts grid inside an
 * amendment", "Account Detail"), zod-free so that grids and downloads can load them alone.
 */
export const ACCOUNT_ROW_LABELS = {
  objectId: 'CAMS Account ID',
  contractId: 'Contract ID',
  amendmentNumber: 'Amendment #',
  referenceAmendment: 'Reference Amendment',
  freshDescId: 'Ticket #',
  legacyId: 'Legacy ID',
  territoryCode: 'Territory',
  ldcAccountNumber: 'LDC Account #',
  prevAccountNum: 'Previous LDC Account #',
  requestedStartDate: 'Requested Start Date',
  accountEndDate: 'Account End Date',
  term: 'Term',
  accountStatus: 'Status',
  accountType: 'Account Type',
  flowDate: 'Flow Date',
  accountName: 'Account Name',
  businessEntityLegalName: 'Business Entity',
} as const;
