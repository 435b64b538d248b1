import { SENT_TO_UTILITY_STALE_DAYS, type HomeQueueId } from '@eb/shared/home';

/** The home page's texts (issue 31; beyond the spec). */
export const HOME_TEXTS = {
  title: 'Work Queues',
  subtitle: (today: string) => `What needs doing today, ${today}`,
  startPage: 'Open Work Queues when I sign in',
  queues: 'Work queues',
  charts: 'Charts',
  openSearch: (title: string, count: number) => `Open all ${count.toLocaleString('en-US')} in the search: ${title}`,
  openAll: 'Open in search',
  none: 'Nothing waiting',
  recent: 'My recent changes',
  recentNone: 'No changes of yours lately',
  opened: 'Recently opened',
  openedNone: 'Records you open show here',
  account: 'Account',
  amendment: 'Amendment',
  batches: 'Batches with open exceptions',
  batchesNone: 'No batch has open exceptions',
  batch: (kind: 'upload' | 'update', id: number) => `${kind === 'upload' ? 'Upload' : 'Update'} batch ${id}`,
  exceptions: (n: number) => `${n.toLocaleString('en-US')} open`,
  showTable: 'Show table',
  showChart: 'Show chart',
  loading: 'Loading the work queues',
  failed: 'The work queues could not be loaded.',
} as const;

export const QUEUE_TITLES: Record<HomeQueueId, string> = {
  renewals30: 'Renewals due in 30 days',
  renewals60: 'Renewals due in 60 days',
  renewals90: 'Renewals due in 90 days',
  pricingValidation: 'Awaiting pricing validation',
  operationsValidation: 'Awaiting operations validation',
  pendingAccounts: 'Accounts pending',
  staleSentToUtility: `Sent to utility over ${SENT_TO_UTILITY_STALE_DAYS} days ago`,
  uploadExceptions: 'Upload batches with exceptions',
  updateExceptions: 'Update batches with exceptions',
};

export const CHART_TITLES = {
  accountsByStatus: 'Accounts by enrollment status',
  rcesByStatus: 'RCEs by enrollment status',
  rcesEndingByMonth: 'Contract volume ending (RCEs), next 18 months',
  amendmentsSignedByMonth: 'Amendments signed per month',
  exceptionsByBatch: 'Open exceptions per batch',
} as const;
export type ChartId = keyof typeof CHART_TITLES;

/** The value column of a chart's table view. */
export const CHART_UNITS: Record<ChartId, string> = {
  accountsByStatus: 'Accounts',
  rcesByStatus: 'RCEs',
  rcesEndingByMonth: 'RCEs',
  amendmentsSignedByMonth: 'Amendments',
  exceptionsByBatch: 'Open exceptions',
};
