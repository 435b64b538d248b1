import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContractListBody } from '@eb/shared/contract/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';

/**
 * The contract calls (spec 2 section 7 "Resource 'contract'", "Resource 'mastercontract'"), shared
 * by the contract screens. Queries are keyed by the route table (lib/queries.ts).
 */

/** A list request: the filter and the page. */
export interface ContractListParams {
  filter: ContractListBody;
  skip: number;
  limit: number;
  /** 'contractId Descending', 'amendmentReceived Ascending', ... */
  orderBy: string;
}

/** POST contract/GetList?limit&skip&orderBy&getTotalCount with the filter: a page and the total. */
export const contractListQuery = (params: ContractListParams) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'contract', 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body: params.filter,
    }),
    placeholderData: keepPreviousData,
  });

/** POST contract/Export?orderBy with the filter (contractRefs: the selection): contracts.xlsx. */
export const exportContracts = (filter: ContractListBody, orderBy: string) =>
  call(endpoint('POST', 'contract', 'Export'), { query: { orderBy }, body: filter });
