import { ACCOUNT_FIELD_LABELS as FIELD_LABELS, ACCOUNT_ROW_LABELS } from '@eb/shared/account/labels';

/** The labels of the account's fields (one place: shared/src/account/labels.ts). */
export const ACCOUNT_FIELD_LABELS = FIELD_LABELS;

export const ACCOUNT_TEXTS = {
  newAccount: 'New',
  /** a record tab while its account loads (then its name and LDC number: AccountTabLabel) */
  tabLoading: (id: number) => `Account ${id}`,
  loading: 'Loading the account...',
  save: 'Save',
  download: 'Download',
  clone: 'Clone',
  contractLink: (contractId: number | null) => `Contract ${contractId ?? ''}`.trim(),
  amendmentLink: (n: number | null) => `Amendment # ${n ?? ''}`.trim(),
  derived: {
    contractEndDate: 'Contract End Date',
    uploadRate: 'Upload Rate',
    contractLength: 'Contract Length (days)',
    rce: 'RCEs',
    camsAccountId: 'CAMS Account ID',
    commodity: 'Service Type',
    entered: 'Entered',
  },
  saveFirst: 'Save the account first.',
  loadingSection: 'Loading...',
  addresses: 'Addresses',
  participants: 'Account Participants',
  crm: 'Account CRM',
  documents: 'Documents',
  /** the amendment's Accounts section */
  grid: 'Accounts of the amendment',
  add: 'Add',
  update: 'Update',
  downloadAll: 'Download All',
  /** the accounts upload template with the amendment's keys (account/DownloadAccountsTemplate) */
  template: 'Download Template',
  statusOf: (ldc: string) => `Status of ${ldc}`,
  selectRow: (ldc: string) => `Select account ${ldc}`,
  statusChanged: 'The account status was changed',
  actions: 'Actions',
  cloneRow: (ldc: string) => `Clone ${ldc}`,
  openRow: (ldc: string) => `Open account ${ldc}`,
} as const;

export const ACCOUNT_GRID_LABELS = ACCOUNT_ROW_LABELS;
