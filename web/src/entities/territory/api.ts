import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagedResult } from '@eb/shared/paging';
import type { Territory, TerritoryFields } from '@eb/shared/reference/territory';
import { endpoint, request } from '../../lib/api-client';
import type { ChangeLogEntry } from '../../components/change-log';

/** Query keys of the territory calls: invalidate `territoryKeys.all` after a save. */
export const territoryKeys = {
  all: ['territories'] as const,
  lists: () => [...territoryKeys.all, 'list'] as const,
  list: (params: TerritoryListParams) => [...territoryKeys.lists(), params] as const,
  changeLog: () => [...territoryKeys.all, 'changeLog'] as const,
};

export interface TerritoryListParams {
  skip: number;
  limit: number;
  orderBy: string;
}

/** GET Reference/TerritoryGetList: one page with the total (the previous page stays shown while loading). */
export const territoryListQuery = (params: TerritoryListParams) =>
  queryOptions({
    queryKey: territoryKeys.list(params),
    queryFn: ({ signal }) =>
      request<PagedResult<Territory>>(endpoint('GET', 'reference', 'TerritoryGetList'), {
        query: { ...params, getTotalCount: true },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET Reference/ChangeLogs: every territory change, newest first. */
export const territoryChangeLogQuery = () =>
  queryOptions({
    queryKey: territoryKeys.changeLog(),
    queryFn: ({ signal }) => request<ChangeLogEntry[]>(endpoint('GET', 'reference', 'ChangeLogs'), { signal }),
  });

/** POST Reference/TerritoryCreate: answers the new territory (its id is objectId). */
export const createTerritory = (fields: TerritoryFields) =>
  request<Territory>(endpoint('POST', 'reference', 'TerritoryCreate'), { body: fields });

/** PUT Reference/TerritoryUpdate?id: the territory with the version it was read at (409 when stale). */
export const updateTerritory = (id: number, fields: TerritoryFields, version: number) =>
  request<Territory>(endpoint('PUT', 'reference', 'TerritoryUpdate'), { query: { id }, body: { ...fields, version } });
