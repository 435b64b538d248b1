import { useEffect, useState } from 'react';
import type { GridSort } from './DataGrid';
import { useDebouncedValue } from './use-debounced-value';
import { useUrlQuery } from './use-url-query';
import { useListPaging, type ListPaging } from './use-list-paging';
import { useLatest } from './use-latest';

export interface UrlListStateOptions<F extends { keyword: string }> {
  /** The filters read from the URL query (unknown or malformed values ignored). */
  filtersOf: (params: URLSearchParams) => F;
  /** The URL query with these filters (empty ones left out), other parameters kept. */
  withFilters: (params: URLSearchParams, filters: F) => URLSearchParams;
  /** The filters after Reset. */
  noFilters: F;
  /** How long typing must pause before the keyword reaches the URL (and the list). */
  debounceMs: number;
  /** The grid's first sort. */
  defaultSort: GridSort;
  /** The grid's first page size. */
  pageSize: number;
  /** A new sort starts from the first page too (default false: the page is kept). */
  sortToFirstPage?: boolean;
}

export interface UrlListState<F extends { keyword: string }> {
  /** The filters of the URL. */
  filters: F;
  /** Changes some filters in the URL (a new history entry: Back returns to the previous filters). */
  setFilters: (change: Partial<F>) => void;
  /** The keyword box's text (it reaches `filters.keyword` once typing pauses). */
  text: string;
  setText: (text: string) => void;
  sort: GridSort;
  /** DataGrid's `onSort`. */
  setSort: (sort: GridSort) => void;
  /** The grid's page (DataGrid's `first`, `rows`, `onPage`): the first page again once the filters change. */
  paging: ListPaging;
  /** Clears the keyword box and every filter of the URL. */
  reset: () => void;
}

/**
 * The state of a list page whose filters live in the URL query (so that a search can be
 * bookmarked and the back button restores it): the filters, the keyword box (typed text reaches
 * the URL once typing pauses for `debounceMs`; a keyword arriving by the URL, by back/forward or a
 * link, is shown in the box), the grid's sort, and its page, which starts again from the first
 * page whenever the filters change. `reset` clears the box and the filters.
 */
export function useUrlListState<F extends { keyword: string }>(options: UrlListStateOptions<F>): UrlListState<F> {
  const { filtersOf, withFilters, noFilters } = options;
  const { params, change: changeQuery } = useUrlQuery();
  const filters = filtersOf(params);
  // A settled change is a new history entry, so that Back returns to the previous filters (the
  // keyword reaches the URL once typing pauses: one entry per search, not per key).
  const setFilters = (change: Partial<F>) => changeQuery((live) => withFilters(live, { ...filtersOf(live), ...change }));

  const [text, setText] = useState(filters.keyword);
  const keyword = useDebouncedValue(text.trim(), options.debounceMs);
  // the typed keyword reaches the URL (and the list) once typing pauses
  const latest = useLatest({ filtersOf, params, setFilters });
  useEffect(() => {
    const { filtersOf, params, setFilters } = latest.current;
    if (keyword !== filtersOf(params).keyword) setFilters({ keyword } as Partial<F>);
  }, [keyword, latest]); // only when the debounced keyword changes
  // a keyword arriving by the URL (back/forward, a link) is shown in the box
  const [urlKeyword, setUrlKeyword] = useState(filters.keyword);
  if (filters.keyword !== urlKeyword) {
    setUrlKeyword(filters.keyword);
    if (filters.keyword !== text.trim()) setText(filters.keyword);
  }

  const [sort, setSortState] = useState<GridSort>({ ...options.defaultSort });
  // the page belongs to the filters it was chosen under: new filters start from the first page
  const paging = useListPaging(JSON.stringify(filters), options.pageSize);
  const setSort = (next: GridSort) => {
    setSortState(next);
    if (options.sortToFirstPage) paging.toFirstPage();
  };

  const reset = () => {
    setText('');
    changeQuery((live) => withFilters(live, noFilters));
  };

  return { filters, setFilters, text, setText, sort, setSort, paging, reset };
}
