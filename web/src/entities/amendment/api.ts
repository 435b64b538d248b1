import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractListBody } from '@eb/shared/amendment/schemas';
import { call, endpoint } from '../../lib/api-client';
import { invalidateRoutes, routeQuery } from '../../lib/queries';

/**
 * The contract calls (spec 2 section 7 "Resource 'contract'", "Resource 'mastercontract'"), shared
 * by the contract screens. Queries are keyed by the route table (lib/queries.ts).
 */

/** A list request: the filter and the page. */
export interface AmendmentListParams {
  filter: ContractListBody;
  skip: number;
  limit: number;
  /** 'contractId Descending', 'amendmentReceived Ascending', ... */
  orderBy: string;
}

/** POST contract/GetList?limit&skip&orderBy&getTotalCount with the filter: a page and the total. */
export const contractListQuery = (params: AmendmentListParams) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'contract', 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body: params.filter,
    }),
    placeholderData: keepPreviousData,
  });

/** GET contract/GetAccounts?id&limit&skip&orderBy&getTotalCount: a page of the amendment's accounts (its Accounts section). */
export const amendmentAccountsQuery = (params: { amendmentId: number; skip: number; limit: number; orderBy: string }) =>
  queryOptions({
    ...routeQuery(endpoint('GET', 'contract', 'GetAccounts'), {
      query: { id: params.amendmentId, limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
    }),
    placeholderData: keepPreviousData,
  });

/** POST contract/Export?orderBy with the filter (contractRefs: the selection): contracts.xlsx. */
export const exportContracts = (filter: ContractListBody, orderBy: string, columns?: readonly string[]) =>
  call(endpoint('POST', 'contract', 'Export'), { query: { orderBy, ...(columns?.length ? { columns: columns.join(',') } : {}) }, body: filter });

/** GET mastercontract/Get?id: the contract a Contract Details tab edits (pinned while it is open). */
export const masterContractQuery = (id: number) => routeQuery(endpoint('GET', 'mastercontract', 'Get'), { query: { id } }, { pinned: true });

/**
 * POST mastercontract/Generate: the Contract ID and objectId of a new contract, reserved on the
 * server when its tab opens (spec 2 section 4). One call per tab (`nonce`), kept while it is open.
 */
export const generatedMasterContractQuery = (nonce: string) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'mastercontract', 'Generate'), {}, { pinned: true, scope: nonce }),
    retry: false,
  });

export type SaveMasterContractInput =
  | { mode: 'create'; body: { objectId: number; contractId: number } }
  | { mode: 'edit'; id: number; body: { contractId: number; version: number } };

/** Create or update a master contract; the contract lists reload. */
export function useSaveMasterContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMasterContractInput) =>
      input.mode === 'create'
        ? call(endpoint('POST', 'mastercontract', 'Create'), { body: input.body })
        : call(endpoint('PUT', 'mastercontract', 'Update'), { query: { id: input.id }, body: input.body }),
    onSuccess: () => void invalidateRoutes(queryClient, [['mastercontract'], ['contract']]),
  });
}

/** GET contract/Get?id: the amendment a tab edits (pinned while it is open). */
/** GET contract/Get?id: the amendment as it is now, outside the query cache (the conflict view compares it with the form). */
export const fetchAmendment = (id: number) => call(endpoint('GET', 'contract', 'Get'), { query: { id } });
export const amendmentQuery = (id: number) => routeQuery(endpoint('GET', 'contract', 'Get'), { query: { id } }, { pinned: true });

/** GET contract/ChangeLogs?id: the amendment's change log (staff only). */
export const amendmentChangeLogQuery = (id: number) => routeQuery(endpoint('GET', 'contract', 'ChangeLogs'), { query: { id } });

/** GET mastercontract/getNextAmendmentNumber?id: the number a new amendment of the contract takes. */
export const nextAmendmentNumberQuery = (masterContractId: number) =>
  routeQuery(endpoint('GET', 'mastercontract', 'getNextAmendmentNumber'), { query: { id: masterContractId } }, { pinned: true });

export type SaveAmendmentInput =
  | { mode: 'create'; body: Record<string, unknown> & { masterContract: { objectId: number } } }
  | { mode: 'edit'; id: number; body: Record<string, unknown> & { version: number } };

/**
 * Create or update an amendment; the contract lists and logs reload, and the open tab (a pinned
 * query) takes the saved amendment, so that its next save starts from the new version. The form
 * shows field messages.
 */
export function useSaveAmendment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAmendmentInput) =>
      input.mode === 'create'
        ? call(endpoint('POST', 'contract', 'Create'), { body: input.body as never, notify: false })
        : call(endpoint('PUT', 'contract', 'Update'), { query: { id: input.id }, body: input.body as never, notify: false }),
    onSuccess: (saved) => {
      queryClient.setQueryData(amendmentQuery(saved.objectId).queryKey, saved);
      void invalidateRoutes(queryClient, [['contract'], ['mastercontract']]);
    },
  });
}

/** GET contract/GetLegacyId?id: the legacy id of the contract's first customer signee event (its earliest amendment that has one). */
export const fetchContractLegacyId = (amendmentId: number) => call(endpoint('GET', 'contract', 'GetLegacyId'), { query: { id: amendmentId } });

/** POST contract/ExportAll?orderBy with the filter: the job writing every row (no cap) to an .xlsx. */
export const startExportAll = (filter: ContractListBody, orderBy: string, columns?: readonly string[]) =>
  call(endpoint('POST', 'contract', 'ExportAll'), { query: { orderBy, ...(columns?.length ? { columns: columns.join(',') } : {}) }, body: filter });
/** GET contract/GetExportLink?id: a short-lived link to a finished Export all. */
export const exportAllLink = (jobId: string) => call(endpoint('GET', 'contract', 'GetExportLink'), { query: { id: jobId } });
