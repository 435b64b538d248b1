import type { Term } from '@eb/shared/account/ldc-formats';
import type { JobType } from '../job/service';
import { accountsExportJob } from './export-job';
import * as markers from './ldc-markers';
import { storedAccounts } from './repository';

/**
 * The account's use cases other resources call (the amendment's accounts and unit, home, the P2C
 * report, the uploader and the updater): the account's list and rows, its reads and writes, its
 * sub-records, the LDC numbers' terms, and its job types (registered by the worker).
 */
export {
  accountDef,
  accountQuery,
  accounts,
  amendmentAccounts,
  amendmentRceTotals,
  cascadeAmendmentUnit,
  createAccountRecord,
  deleteAccount,
  getAccount,
  toRow,
  updateAccountRecord,
  type AccountListRow,
} from './repository';
export { accountAddresses, accountChildren } from './children';
export { ldcMarkerKey } from './ldc-markers';

/** The terms already stored on these LDC numbers (the uploader's overlap check). */
export const ldcTerms = (ldcNumbers: Iterable<string>): Promise<Map<string, Term[]>> => markers.ldcTerms(storedAccounts, ldcNumbers);
/** Registers the accounts stored before the LDC markers (once per table). */
export const ensureLdcMarkers = (): Promise<void> => markers.ensureLdcMarkers(storedAccounts);

/** The account's job types (Accounts: Export all). */
export const accountJobTypes = (): JobType[] => [accountsExportJob];
