import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AgentFields } from '@eb/shared/agent/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routePrefix, routeQuery, type KeyPrefix } from '../../lib/queries';

/** What to reload: `all` after a save or a delete (lists, change log), `lists` after a stale row. */
export const agentKeys = {
  all: [['agent']] as readonly KeyPrefix[],
  lists: [routePrefix(endpoint('GET', 'agent', 'GetList'))] as readonly KeyPrefix[],
};

export interface AgentListParams {
  skip: number;
  limit: number;
  orderBy: string;
  /** The search text ('' for every agent). */
  keyword: string;
}

const searchOf = (keyword: string) => (keyword.trim() ? { keyword: keyword.trim() } : {});

/** GET agent/GetList: one page with the total (the previous page stays shown while loading). */
export const agentListQuery = (params: AgentListParams) =>
  queryOptions({
    ...routeQuery(endpoint('GET', 'agent', 'GetList'), {
      query: { skip: params.skip, limit: params.limit, orderBy: params.orderBy, getTotalCount: true, ...searchOf(params.keyword) },
    }),
    placeholderData: keepPreviousData,
  });

/** GET agent/ChangeLogs: every agent change, newest first. */
export const agentChangeLogQuery = () => routeQuery(endpoint('GET', 'agent', 'ChangeLogs'));

/** POST agent/Create: answers the new agent (its id is objectId). */
export const createAgent = (fields: AgentFields) => call(endpoint('POST', 'agent', 'Create'), { body: fields });

/** PUT agent/Update?id: the whole agent with the version it was read at (409 when stale). */
export const updateAgent = (id: number, fields: AgentFields, version: number) =>
  call(endpoint('PUT', 'agent', 'Update'), { query: { id }, body: { ...fields, version } });

/** DELETE agent/Delete?id with the version read (409 when stale). */
export const deleteAgent = (id: number, version: number) => call(endpoint('DELETE', 'agent', 'Delete'), { query: { id }, body: { version } });

/** GET agent/Export: the .xlsx of every agent matching the search, in the grid's order. */
export const exportAgents = (search: { keyword: string; orderBy: string }) =>
  call(endpoint('GET', 'agent', 'Export'), { query: { orderBy: search.orderBy, ...searchOf(search.keyword) } });
