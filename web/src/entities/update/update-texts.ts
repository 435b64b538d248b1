/** The Updater's texts (spec 3 "Updater": its tabs and grid columns are the spec's; the type picker's placeholder chosen). */
export const UPDATER_TEXTS = {
  pickType: 'Select update type',
  /** the update types as the spec names them */
  typeLabels: { Amendments: 'Amendments', Accounts: 'Accounts', AccountAddresses: 'Account Addresses', Volumes: 'Volumes' } as Record<string, string>,
  type: 'Update type',
  chooseType: 'Choose an update type to see its rows.',
  validatedTab: (n: number) => `Validated(${n})`,
  exceptionTab: (n: number) => `Exception(${n})`,
  lastSaveTab: (n: number) => `Last Save(${n})`,
  common: { batchId: 'Update Batch ID', rowNumber: 'Row #', date: 'Update DateTime', user: 'Update User' },
} as const;
