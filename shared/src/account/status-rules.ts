import { MSG } from '../messages';

/**
 * Which account statuses an amendment's state allows, and which of them end an enrollment (issue 28
 * section 1; spec 2 section 4 says "Which status transitions are allowed is not shown", so the rule
 * is chosen and written down in docs/contracts.md). One place, read by the server's SetAccountStatus
 * and by the amendment's accounts grid (options disabled with the reason, a question before a
 * destructive one).
 *
 * - An amendment not yet signed (Draft, Pending Signature) has no agreement to enroll: its accounts
 *   wait (Pending, On Hold) or are called off (Cancelled); they are not sent to the utility.
 * - A Signed or Active amendment takes every status.
 * - An ended amendment (Expired, Cancelled) only winds its accounts down: Drop Pending, Dropped,
 *   Cancelled.
 * An amendment status not listed here (none today) allows every status. Keeping the status an
 * account already has is always allowed (nothing changes).
 */
export const ACCOUNT_STATUSES = ['Pending', 'Sent to Utility', 'Enrolled', 'Rejected', 'Drop Pending', 'Dropped', 'Cancelled', 'On Hold'] as const;

const UNSIGNED = ['Pending', 'On Hold', 'Cancelled'] as const;
const WIND_DOWN = ['Drop Pending', 'Dropped', 'Cancelled'] as const;

export const ACCOUNT_STATUSES_BY_AMENDMENT_STATUS: Readonly<Record<string, readonly string[]>> = {
  Draft: UNSIGNED,
  'Pending Signature': UNSIGNED,
  Signed: ACCOUNT_STATUSES,
  Active: ACCOUNT_STATUSES,
  Expired: WIND_DOWN,
  Cancelled: WIND_DOWN,
};

/** The statuses that end (or start ending) an account's enrollment: the grid asks before setting one. */
export const DESTRUCTIVE_ACCOUNT_STATUSES: readonly string[] = ['Rejected', 'Drop Pending', 'Dropped', 'Cancelled'];

export const isDestructiveAccountStatus = (status: string): boolean => DESTRUCTIVE_ACCOUNT_STATUSES.includes(status);

/**
 * Why an account of an amendment in `amendmentStatus` may not go from `current` to `next`, or null
 * when it may ("An account cannot be set to 'Sent to Utility' while its amendment is 'Draft'").
 */
export function accountStatusRefusal(amendmentStatus: string | null | undefined, current: string | null | undefined, next: string): string | null {
  if (next === current || !amendmentStatus) return null;
  const allowed = ACCOUNT_STATUSES_BY_AMENDMENT_STATUS[amendmentStatus];
  if (!allowed || allowed.includes(next)) return null;
  return MSG.accountStatusNotAllowed.replace('{status}', next).replace('{amendmentStatus}', amendmentStatus);
}

/** The question before a destructive status ("Set account 1234 to 'Dropped'? This ends its enrollment."). */
export const accountStatusConfirmMessage = (account: string, status: string): string =>
  MSG.accountStatusConfirm.replace('{account}', account).replace('{status}', status);

/**
 * The hint beside a status field whose amendment narrows the choice ("While its amendment is
 * 'Draft', an account can be set to Pending, On Hold or Cancelled."), or null when every status is allowed.
 */
export function allowedAccountStatusesHint(amendmentStatus: string | null | undefined): string | null {
  const allowed = amendmentStatus ? ACCOUNT_STATUSES_BY_AMENDMENT_STATUS[amendmentStatus] : undefined;
  if (!allowed || allowed.length === ACCOUNT_STATUSES.length) return null;
  const statuses = allowed.length === 1 ? allowed[0]! : `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  return MSG.accountStatusesAllowed.replace('{amendmentStatus}', amendmentStatus!).replace('{statuses}', statuses);
}
