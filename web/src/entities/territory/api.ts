import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TerritoryFields } from '@eb/shared/reference/territory';
import { call, endpoint } from '../../lib/api-client';
import { routePrefix, routeQuery, type KeyPrefix } from '../../lib/queries';

/**
 * What to reload: `all` after a save (the territory lists, the change log and the reference sets,
 * which carry the territories), `lists` after a stale row.
 */
export const territoryKeys = {
  all: [['reference']] as readonly KeyPrefix[],
  lists: [routePrefix(endpoint('GET', 'reference', 'TerritoryGetList'))] as readonly KeyPrefix[],
};

export interface TerritoryListParams {
  skip: number;
  limit: number;
  orderBy: string;
}

/** GET Reference/TerritoryGetList: one page with the total (the previous page stays shown while loading). */
export const territoryListQuery = (params: TerritoryListParams) =>
  queryOptions({
    ...routeQuery(endpoint('GET', 'reference', 'TerritoryGetList'), { query: { ...params, getTotalCount: true } }),
    placeholderData: keepPreviousData,
  });

/** GET Reference/ChangeLogs: every territory change, newest first. */
export const territoryChangeLogQuery = () => routeQuery(endpoint('GET', 'reference', 'ChangeLogs'));

/** POST Reference/TerritoryCreate: answers the new territory (its id is objectId). */
export const createTerritory = (fields: TerritoryFields) => call(endpoint('POST', 'reference', 'TerritoryCreate'), { body: fields });

/** PUT Reference/TerritoryUpdate?id: the territory with the version it was read at (409 when stale). */
export const updateTerritory = (id: number, fields: TerritoryFields, version: number) =>
  call(endpoint('PUT', 'reference', 'TerritoryUpdate'), { query: { id }, body: { ...fields, version } });
