import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Agent, AgentFields } from '@eb/shared/agent/schemas';
import type { PagedResult } from '@eb/shared/paging';
import { endpoint, request, type ApiFile } from '../../lib/api-client';
import type { ChangeLogEntry } from '../../components/change-log';

/** Query keys of the agent calls: invalidate `agentKeys.all` after a save or a delete. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (params: AgentListParams) => [...agentKeys.lists(), params] as const,
  changeLog: () => [...agentKeys.all, 'changeLog'] as const,
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
    queryKey: agentKeys.list(params),
    queryFn: ({ signal }) =>
      request<PagedResult<Agent>>(endpoint('GET', 'agent', 'GetList'), {
        query: { skip: params.skip, limit: params.limit, orderBy: params.orderBy, getTotalCount: true, ...searchOf(params.keyword) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET agent/ChangeLogs: every agent change, newest first. */
export const agentChangeLogQuery = () =>
  queryOptions({
    queryKey: agentKeys.changeLog(),
    queryFn: ({ signal }) => request<ChangeLogEntry[]>(endpoint('GET', 'agent', 'ChangeLogs'), { signal }),
  });

/** POST agent/Create: answers the new agent (its id is objectId). */
export const createAgent = (fields: AgentFields) => request<Agent>(endpoint('POST', 'agent', 'Create'), { body: fields });

/** PUT agent/Update?id: the whole agent with the version it was read at (409 when stale). */
export const updateAgent = (id: number, fields: AgentFields, version: number) =>
  request<Agent>(endpoint('PUT', 'agent', 'Update'), { query: { id }, body: { ...fields, version } });

/** DELETE agent/Delete?id with the version read (409 when stale). */
export const deleteAgent = (id: number, version: number) =>
  request<void>(endpoint('DELETE', 'agent', 'Delete'), { query: { id }, body: { version } });

/** GET agent/Export: the .xlsx of every agent matching the search, in the grid's order. */
export const exportAgents = (search: { keyword: string; orderBy: string }) =>
  request<ApiFile>(endpoint('GET', 'agent', 'Export'), { query: { orderBy: search.orderBy, ...searchOf(search.keyword) } });
