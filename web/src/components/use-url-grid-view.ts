import { columnsOf } from '../lib/saved-views';
import { orderByParam, type GridSort } from './DataGrid';
import { useUrlQuery } from './use-url-query';

/**
 * A search grid's view in the URL beside its filters (a saved view is the page's query): its sort
 * ('sort=contractId Descending', among the columns' sort keys) and its visible columns ('cols=a,b';
 * absent: all).
 */
export function useUrlGridView(columns: readonly { field: string; sortKey: string }[]) {
  const { params, change } = useUrlQuery();
  const all = columns.map((c) => c.field);
  const visible = columnsOf(params, all) ?? all;
  const [field, direction] = (params.get('sort') ?? '').split(' ');
  const urlSort: GridSort | null =
    columns.some((c) => c.sortKey === field) && (direction === 'Ascending' || direction === 'Descending') ? { field: field!, direction } : null;
  const setUrlParam = (key: string, value: string | null) => change({ [key]: value || null });
  return {
    all,
    visible,
    urlSort,
    setVisible: (fields: readonly string[]) => setUrlParam('cols', fields.length === all.length ? null : fields.join(',')),
    keepSort: (sort: GridSort) => setUrlParam('sort', orderByParam(sort)),
  };
}
