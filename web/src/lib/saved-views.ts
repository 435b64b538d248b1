import type { SavedViewBody } from '@eb/shared/users/schemas';
import type { SavedView, SavedViewList } from '@eb/shared/users/views';
import { call, endpoint } from './api-client';
import { routeQuery } from './queries';

/** The signed-in user's saved views of a list (users/GetViews, SaveView, DeleteView). */
export const savedViewsQuery = (list: SavedViewList) => routeQuery(endpoint('GET', 'users', 'GetViews'), { query: { list } });
export const saveView = (body: SavedViewBody): Promise<SavedView[]> => call(endpoint('PUT', 'users', 'SaveView'), { body });
export const deleteView = (list: SavedViewList, name: string): Promise<SavedView[]> => call(endpoint('DELETE', 'users', 'DeleteView'), { body: { list, name } });

/** The visible columns of a list page's URL (`cols=a,b,c`), among the known ones; null: the default. */
export function columnsOf(params: URLSearchParams, known: readonly string[]): string[] | null {
  const raw = params.get('cols');
  if (!raw) return null;
  const cols = raw.split(',').filter((c) => known.includes(c));
  return cols.length ? cols : null;
}
