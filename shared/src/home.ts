import type { AccountRow } from './account/schemas';
import type { AmendmentRow } from './amendment/schemas';
import { RENEWAL_WINDOW_DAYS } from './constants';

/**
 * The home page of work queues and charts (issue 31, beyond the spec; docs/home.md): GET home/Get
 * answers the whole page in one call. Every queue is a filter of Contracts Search or Accounts Search
 * (the same body the search sends, built from the same URL query), so its count is the search's
 * total for that URL.
 */

/** 'Sent to Utility' needs a look once the account's status date is more than this many days old (chosen). */
export const SENT_TO_UTILITY_STALE_DAYS = 14;
/** The renewal queues: accounts whose term ends within these many days (a subset of Accounts Search's windows). */
export const HOME_RENEWAL_WINDOWS = RENEWAL_WINDOW_DAYS.filter((d) => d <= 90);
/** Rows shown under each queue's count. */
export const HOME_QUEUE_ROWS = 5;
/** The contract-volume chart's months ahead (this month first). */
export const HOME_ENDING_MONTHS = 18;
/** The amendments-signed chart's months back (this month last). */
export const HOME_SIGNED_MONTHS = 12;
/** The user's latest change events read for 'My recent changes' (a record changed many times counts once). */
export const HOME_RECENT_EVENTS = 200;
/** The exceptions chart's latest batches per pipeline. */
export const HOME_BATCHES = 10;
/** The 'start page' preference: a saved view of this list and name (kept with the saved views, shared/src/users/views.ts). */
export const START_PAGE_VIEW = { list: 'start', name: 'Work Queues' } as const;

export type HomeQueueId =
  | `renewals${30 | 60 | 90}`
  | 'pricingValidation'
  | 'operationsValidation'
  | 'pendingAccounts'
  | 'staleSentToUtility'
  | 'uploadExceptions'
  | 'updateExceptions';

/** A queue: its count, its first rows, and the search (path and URL query) that lists all of it. */
export interface HomeQueue<R> {
  id: HomeQueueId;
  count: number;
  rows: R[];
  search: { path: string; query: string };
}

/** A batch of the uploader or updater with rows still holding exceptions (admins only). */
export interface HomeBatch {
  kind: 'upload' | 'update';
  batchId: number;
  rowType: string;
  date: string;
  openExceptions: number;
}

export interface HomeRecent {
  entity: 'contract' | 'account';
  objectId: number;
  label: string;
  /** an amendment's contract and number, as its record tab names it (null: not known now) */
  contractId?: number | null;
  amendmentNumber?: number | null;
  action: string;
  actionDate: string;
}

export interface HomeSeries {
  labels: string[];
  values: number[];
}

export interface HomePage {
  today: string;
  accountQueues: HomeQueue<AccountRow>[];
  contractQueues: HomeQueue<AmendmentRow>[];
  /** admins only (others: absent) */
  batches?: HomeBatch[];
  /** the user's records changed lately (newest first); agents: absent (no change log) */
  recentlyChanged?: HomeRecent[];
  charts: {
    accountsByStatus: HomeSeries;
    rcesByStatus: HomeSeries;
    rcesEndingByMonth: HomeSeries;
    amendmentsSignedByMonth: HomeSeries;
    /** admins only */
    exceptionsByBatch?: HomeSeries;
  };
}

/** The URL queries of the queues: read by Accounts Search and Contracts Search (their filter declarations). */
export const HOME_QUEUE_SEARCH: Record<HomeQueueId, { path: string; query: string }> = {
  renewals30: { path: '/enrollments/accounts', query: 'renewal=30' },
  renewals60: { path: '/enrollments/accounts', query: 'renewal=60' },
  renewals90: { path: '/enrollments/accounts', query: 'renewal=90' },
  pendingAccounts: { path: '/enrollments/accounts', query: 'status=Pending' },
  staleSentToUtility: { path: '/enrollments/accounts', query: `status=Sent+to+Utility&statusAge=${SENT_TO_UTILITY_STALE_DAYS}` },
  pricingValidation: { path: '/enrollments/contracts', query: 'awaiting=pricing' },
  operationsValidation: { path: '/enrollments/contracts', query: 'awaiting=operations' },
  uploadExceptions: { path: '/enrollments/uploader', query: '' },
  updateExceptions: { path: '/enrollments/updater', query: '' },
};

/** Amendment statuses no validation is awaited on. */
export const VALIDATION_CLOSED_STATUSES: readonly string[] = ['Cancelled', 'Expired'];
