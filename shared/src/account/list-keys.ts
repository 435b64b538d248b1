import { sortKeysOf } from '../list-columns';
import { ACCOUNT_LIST_COLUMNS } from './list-columns';

/** The accounts lists' sort keys and default sorts (zod-free, for the screens as well as the schemas). */

/** Account sort keys (spec 2 section 3 "Search filters": the columns' keys, and 'type' as 'accountType') and the row field each sorts by. */
export const ACCOUNT_SORT_KEYS: Record<string, string> = { ...sortKeysOf(ACCOUNT_LIST_COLUMNS), type: 'accountType' };
export const ACCOUNT_DEFAULT_SORT = { field: 'esgAccountNo', direction: 'Descending' } as const;

/**
 * The amendment's Accounts section (contract/GetAccounts) sorts by spec 2's "Account section sort
 * keys"; each names the accounts list's key it sorts by. Default: the account name ascending.
 */
export const AMENDMENT_ACCOUNT_SORT_KEYS = {
  name: 'name',
  serviceType: 'serviceType',
  flowDate: 'flowDate',
  accountStatus: 'accountStatusId',
  statusDate: 'statusDate',
  requestedStartDate: 'requestedStartDate',
  ldcAccountNum: 'ldcAccountNum',
  accountId: 'esgAccountNo',
} as const;
export type AmendmentAccountSortKey = keyof typeof AMENDMENT_ACCOUNT_SORT_KEYS;
export const AMENDMENT_ACCOUNT_DEFAULT_SORT = { field: 'name', direction: 'Ascending' } as const;
