import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountListBody } from '@eb/shared/account/schemas';
import { call, endpoint } from '../../lib/api-client';
import { invalidateRoutes, routeQuery } from '../../lib/queries';

/** The account calls (spec 2 section 7 "Resource 'account'"), keyed by the route table. */
export interface AccountListParams {
  filter: AccountListBody;
  skip: number;
  limit: number;
  orderBy: string;
}

/** POST account/GetList (or GetListWithContracts for an amendment's accounts): a page and the total. */
export const accountListQuery = (params: AccountListParams, withContracts = false) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'account', withContracts ? 'GetListWithContracts' : 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body: params.filter,
    }),
    placeholderData: keepPreviousData,
  });

/** POST account/Export?orderBy with the filter (accountRefs: the selection; amendmentId: an amendment's): accounts.xlsx. */
/** `columns`: the grid's visible fields in its order (the download has those columns; absent: all). */
export const exportAccounts = (filter: AccountListBody, orderBy: string, columns?: readonly string[]) =>
  call(endpoint('POST', 'account', 'Export'), { query: { orderBy, ...(columns?.length ? { columns: columns.join(',') } : {}) }, body: filter });

/** GET account/Get?id: the account a tab edits (pinned while it is open). */
/** GET account/Get?id: the account as it is now, outside the query cache (the conflict view compares it with the form). */
export const fetchAccount = (id: number) => call(endpoint('GET', 'account', 'Get'), { query: { id } });
export const accountQuery = (id: number) => routeQuery(endpoint('GET', 'account', 'Get'), { query: { id } }, { pinned: true });

/** GET account/ChangeLogs?accountId (staff only). */
export const accountChangeLogQuery = (id: number) => routeQuery(endpoint('GET', 'account', 'ChangeLogs'), { query: { accountId: id } });

/** PUT account/SetAccountStatus?accountId&status: the row after the change. */
export const setAccountStatus = (accountId: number, status: string) => call(endpoint('PUT', 'account', 'SetAccountStatus'), { query: { accountId, status } });

export type SaveAccountInput =
  | { mode: 'create'; body: Record<string, unknown> & { contract: { objectId: number } } }
  | { mode: 'edit'; id: number; body: Record<string, unknown> & { version: number } };

/** Create or update an account; the account lists and logs reload, and the open tab takes the saved account. */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAccountInput) =>
      input.mode === 'create'
        ? call(endpoint('POST', 'account', 'Create'), { body: input.body as never, notify: false })
        : call(endpoint('PUT', 'account', 'Update'), { query: { id: input.id }, body: input.body as never, notify: false }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountQuery(saved.objectId).queryKey, saved);
      void invalidateRoutes(queryClient, [['account']]);
    },
  });
}

export const ACCOUNT_KEYS = [['account']] as const;

/** GET account/GetBillingRows?accountId: the billing system's rows, the latest read period first. */
export const billingRowsQuery = (accountId: number) => routeQuery(endpoint('GET', 'account', 'GetBillingRows'), { query: { accountId } });

/** POST account/DownloadAccountsTemplate: the accounts upload template (with an amendment's keys in its first row). */
export const downloadAccountsTemplate = (amendmentId?: number) => call(endpoint('POST', 'account', 'DownloadAccountsTemplate'), { body: amendmentId ? { amendmentId } : {} });

/** POST account/ExportAll?orderBy with the filter: the job writing every row (no cap) to an .xlsx. */
export const startAccountsExportAll = (filter: AccountListBody, orderBy: string, columns?: readonly string[]) =>
  call(endpoint('POST', 'account', 'ExportAll'), { query: { orderBy, ...(columns?.length ? { columns: columns.join(',') } : {}) }, body: filter });
/** GET account/GetExportLink?id: the finished Export all's link. */
export const accountsExportAllLink = (jobId: string) => call(endpoint('GET', 'account', 'GetExportLink'), { query: { id: jobId } });

/** How many addresses, participants and CRM notes an account holds (the section headers' counts). */
export const accountChildCountQuery = (accountId: number, list: 'GetAddressList' | 'GetParticipants' | 'GetCrms') =>
  routeQuery(endpoint('POST', 'account', list), { query: { limit: 0, getTotalCount: true }, body: { account: { objectId: accountId } } });
