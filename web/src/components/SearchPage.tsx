import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { PagedResult } from '@eb/shared/paging';
import type { SavedViewList } from '@eb/shared/users/views';
import { browser } from '../lib/browser';
import { orderByParam, type GridSort } from './DataGrid';
import { selectionLimitText } from './component-texts';
import { useDownload } from './use-download';
import { pagedGridProps } from './use-list-paging';
import { useUrlGridView } from './use-url-grid-view';
import { useUrlListState, type UrlListStateOptions } from './use-url-list-state';

/** Saved views and the column chooser load after the page. */
const ListViews = lazy(() => import('./ListViews').then((m) => ({ default: m.ListViews })));

/** A search page's list: its page and order. */
export interface SearchPageQuery {
  skip: number;
  limit: number;
  orderBy: string;
}

export interface SearchPageOptions<Row, F extends { keyword: string }, K extends QueryKey> {
  /** The declared list columns (which the view shows, their sort keys). */
  columns: readonly { field: string; sortKey: string; optional?: boolean }[];
  /** The filters in the URL (UrlListStateOptions but the first sort). */
  filters: Omit<UrlListStateOptions<F>, 'defaultSort'>;
  /** The first sort when the URL has none. */
  defaultSort: GridSort;
  /** The list's query for these filters, page and order. */
  query: (filters: F, page: SearchPageQuery) => UseQueryOptions<PagedResult<Row>, Error, PagedResult<Row>, K>;
}

/**
 * The state a record search page (Contracts Search, Accounts Search) repeats: the filters, the
 * keyword, the sort and the visible columns in the URL (a saved view is the page's query), the
 * list of the page, the selection, Download and Export all.
 */
export function useSearchPage<Row, F extends { keyword: string }, K extends QueryKey>(options: SearchPageOptions<Row, F, K>) {
  const view = useUrlGridView(options.columns);
  const state = useUrlListState<F>({ ...options.filters, defaultSort: view.urlSort ?? options.defaultSort });
  /** Sort and columns live in the URL too. */
  const sortBy = (next: GridSort) => {
    state.setSort(next);
    view.keepSort(next);
  };
  const orderBy = orderByParam(state.sort);
  const list = useQuery(options.query(state.filters, { skip: state.paging.first, limit: state.paging.rows, orderBy }));
  const [selection, setSelection] = useState<Row[]>([]);
  const { downloading, download } = useDownload();
  const [exportingAll, setExportingAll] = useState(false);
  return { ...state, view, sortBy, orderBy, list, total: list.data?.totalCount ?? 0, selection, setSelection, downloading, download, exportingAll, setExportingAll };
}
export type SearchPage<Row, F extends { keyword: string }> = ReturnType<typeof useSearchPage<Row, F, QueryKey>>;

/** DataGrid's props of a search page: the loaded page, paging, sort, selection; the grid fills the page's height. */
export function searchGridProps<Row>(page: SearchPage<Row, { keyword: string }>, pageSize: number) {
  return {
    ...pagedGridProps(page.list, page.paging),
    rowsPerPageOptions: [pageSize, 200, 500],
    sort: page.sort,
    onSort: page.sortBy,
    selection: page.selection,
    onSelectionChange: page.setSelection,
    scrollHeight: 'flex' as const,
  };
}

/** A search page's key: a saved view opened on the page starts the search afresh (its sort). */
export function useSearchSession(): { session: number; onViewOpened: () => void } {
  const [session, setSession] = useState(0);
  return { session, onViewOpened: () => setSession((n) => n + 1) };
}

/** The filter bar's saved views and column chooser (loaded after the page). */
export function SearchPageViews(props: {
  list: SavedViewList;
  columns: readonly { field: string; header: string }[];
  view: { visible: readonly string[]; setVisible: (fields: string[]) => void };
  onViewOpened: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={null}>
      <ListViews
        list={props.list}
        columns={props.columns}
        visible={props.view.visible}
        onVisibleChange={props.view.setVisible}
        query={() => browser.currentQuery().toString()}
        onApply={(query) => {
          navigate({ search: query ? `?${query}` : '' });
          props.onViewOpened();
        }}
      />
    </Suspense>
  );
}

/**
 * A search page's actions: (the page's own first, e.g. Add New), View Record for 1 to `limit`
 * selected rows (a disabled one says why), and for staff Download (the selection, else the filter)
 * and Export all (every row, a job: `exportAll` renders its popup).
 */
export function SearchPageActions(props: {
  /** the actions' class and the hint's id prefix ('eb-accounts') */
  prefix: string;
  texts: { viewRecord: string; download: string; exportAll: string };
  page: Pick<SearchPage<unknown, { keyword: string }>, 'selection' | 'total' | 'downloading' | 'exportingAll' | 'setExportingAll'>;
  limit: number;
  onView: () => void;
  staff: boolean;
  onDownload: () => void;
  exportAll: (onClose: () => void) => ReactNode;
  children?: ReactNode;
}) {
  const { page, texts } = props;
  const hintId = `${props.prefix}-view-hint`;
  const viewDisabled = page.selection.length === 0 || page.selection.length > props.limit;
  return (
    <div className={`${props.prefix}-actions`}>
      {props.children}
      {viewDisabled && (
        <span className="eb-selection-hint" id={hintId}>
          {selectionLimitText(props.limit)}
        </span>
      )}
      <Button label={texts.viewRecord} icon="pi pi-eye" outlined disabled={viewDisabled} aria-describedby={viewDisabled ? hintId : undefined} onClick={props.onView} />
      {props.staff && <Button label={texts.download} icon="pi pi-download" outlined loading={page.downloading} disabled={page.total === 0} onClick={props.onDownload} />}
      {props.staff && (
        <Button label={texts.exportAll} icon="pi pi-file-export" outlined disabled={page.total === 0 || page.exportingAll} onClick={() => page.setExportingAll(true)} />
      )}
      {page.exportingAll && <Suspense fallback={null}>{props.exportAll(() => page.setExportingAll(false))}</Suspense>}
    </div>
  );
}
