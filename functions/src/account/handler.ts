import type { AccountCreateInput, AccountListFilter, AccountUpdateInput } from '@eb/shared/account/schemas';
import { visibleToUser } from '@eb/shared/agent-hidden';
import type { UserType } from '@eb/shared/roles';
import { childActions } from '../lib/child-records';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import type { LoadBillingBody } from '@eb/shared/account/billing';
import { billingRows, loadBillingRows } from './billing';
import { accountAddresses, accountChildren } from './children';
import { accountsExportLink, startAccountsExport } from './export-job';
import { ACCOUNTS_TEMPLATE_FILENAME, accountsTemplate } from './template';
import { accountsDownloadName, accountsWorkbook } from './export';
import { accountChangeLogs, accountRces, allAccounts, createAccount, deleteAccount, getAccount, listAccounts, setAccountStatus, updateAccount } from './repository';

type Query = Record<string, string | undefined>;

/** A page of account rows as the caller may see them (the rows hold no commission field today: kept so if one is added). */
async function visibleRows<P extends { data: object[] }>(userType: UserType | undefined, page: Promise<P>): Promise<P> {
  const p = await page;
  return { ...p, data: p.data.map((r) => visibleToUser('account', userType, r)) };
}

/**
 * The account Lambda (spec 2 section 7 "Resource 'account'"): agents search and view; writes are
 * editors'; the change log and downloads are staff's (the route table).
 */
export const handler = resourceHandler('account', {
  /** GET account/Get?id -> the account with its contract id, amendment numbers, territory and derived fields (an agent: without its Commission section, shared/src/agent-hidden.ts) */
  'GET get': async ({ query, user }: ActionContext<{ id: number }>) => visibleToUser('account', user!.userType, await getAccount(query.id)),
  /** POST account/Create, body: the account and its amendment ({contract: {objectId}}) -> the new account */
  'POST create': ({ body, user }: ActionContext<unknown, AccountCreateInput>) => createAccount(body as AccountCreateInput & Record<string, unknown>, actorOf(user!)),
  /** PUT account/Update?id, body: the account and its version -> the saved account; 409 when stale */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, AccountUpdateInput>) =>
    updateAccount(query.id, body as AccountUpdateInput & Record<string, unknown>, actorOf(user!)),
  /** DELETE account/Delete?id, body: { version? } -> 204 */
  'DELETE delete': async ({ query, body, user }: ActionContext<{ id: number }, { version?: number }>) => {
    await deleteAccount(query.id, body?.version, actorOf(user!));
  },
  /** POST account/GetList?limit&skip&orderBy&getTotalCount, body: the account filter -> { data, totalCount } */
  'POST getlist': ({ query, body, user }: ActionContext<Query, AccountListFilter>) => visibleRows(user!.userType, listAccounts(body, query)),
  /** POST account/GetListWithContracts: the same list for the amendment view (body.amendmentId) */
  'POST getlistwithcontracts': ({ query, body, user }: ActionContext<Query, AccountListFilter>) => visibleRows(user!.userType, listAccounts(body, query)),
  /** PUT account/SetAccountStatus?accountId&status -> the account's list row */
  'PUT setaccountstatus': ({ query, user }: ActionContext<{ accountId: number; status: string }>) => setAccountStatus(query.accountId, query.status, actorOf(user!)),
  /** GET account/GetRCEs?accountId -> { rce, commodity }: residential customer equivalents of the annual usage */
  'GET getrces': ({ query }: ActionContext<{ accountId: number }>) => accountRces(query.accountId),
  /** GET account/ChangeLogs?accountId -> the account's change log, newest first */
  'GET changelogs': ({ query }: ActionContext<{ accountId: number }>) => accountChangeLogs(query.accountId),
  /** POST account/Export?orderBy, body: the filter (accountRefs: the selection; amendmentId: an amendment's) -> accounts.xlsx */
  'POST export': async ({ query, body }: ActionContext<Query & { columns?: string }, AccountListFilter>) =>
    xlsxResult(await accountsWorkbook(await allAccounts(body, query.orderBy), query.columns), accountsDownloadName()),
  /** POST account/ExportAll?orderBy[&columns], body: the filter -> the job writing every row of it to an .xlsx */
  'POST exportall': ({ query, body, user }: ActionContext<Query, AccountListFilter>) => startAccountsExport(body, query.orderBy, user!.objectId, query.columns),
  /** GET account/GetExportLink?id -> { downloadInfo: { link } } of a finished Export all (its starter only) */
  'GET getexportlink': ({ query, user }: ActionContext<{ id: string }>) => accountsExportLink(query.id, user!.objectId),
  /** POST account/DownloadAccountsTemplate, body: { amendmentId? } -> accounts-template.xlsx */
  'POST downloadaccountstemplate': async ({ body }: ActionContext<unknown, { amendmentId?: number }>) =>
    xlsxResult(await accountsTemplate(body?.amendmentId), ACCOUNTS_TEMPLATE_FILENAME),
  /** GET account/GetBillingRows?accountId -> the account's billing rows, the latest read period first */
  'GET getbillingrows': ({ query }: ActionContext<{ accountId: number }>) => billingRows(query.accountId),
  /** POST account/LoadBillingRows (admins), body: { account: {objectId}, rows } -> { loaded } */
  'POST loadbillingrows': ({ body, user }: ActionContext<unknown, LoadBillingBody>) => loadBillingRows(body, actorOf(user!)),
  // participants, CRM notes and documents (lib/participants-crm-documents.ts: the same calls as an amendment's, with {account})
  ...accountChildren.actions,
  // addresses: GetAddressList, AddressAdd, AddressUpdate?id, AddressDelete
  ...childActions(accountAddresses),
});
