import { columnsOf } from '../lib/saved-views';
import { orderByParam, type GridSort } from './DataGrid';
import { useUrlQuery } from './use-url-query';

/**
 * A search grid's view in the URL beside its filters (a saved view is the page's query): its sort
 * ('sort=contractId Descending', among the columns' sort keys) and its visible columns ('cols=a,b';
 * absent: the default set, every column not declared `optional`: the key columns that fit a 1366 px
 * window; the column chooser shows the rest).
 */
export function useUrlGridView(columns: readonly { field: string; sortKey: string; optional?: boolean }[]) {
  const { params, change } = useUrlQuery();
  const all = columns.map((c) => c.field);
  const defaults = columns.filter((c) => !c.optional).map((c) => c.field);
  const visible = columnsOf(params, all) ?? defaults;
  const [field, direction] = (params.get('sort') ?? '').split(' ');
  const urlSort: GridSort | null =
    columns.some((c) => c.sortKey === field) && (direction === 'Ascending' || direction === 'Descending') ? { field: field!, direction } : null;
  const setUrlParam = (key: string, value: string | null) => change({ [key]: value || null });
  return {
    all,
    visible,
    urlSort,
    setVisible: (fields: readonly string[]) => setUrlParam('cols', fields.join(',') === defaults.join(',') ? null : fields.join(',')),
    keepSort: (sort: GridSort) => setUrlParam('sort', orderByParam(sort)),
  };
}
