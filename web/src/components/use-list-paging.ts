import { useState } from 'react';
import type { PagedResult } from '@eb/shared/paging';
import type { GridPage } from './DataGrid';

/** The page of a lazy grid as `useListPaging` keeps it: DataGrid's `first`, `rows` and `onPage`. */
export interface ListPaging {
  /** The index of the page's first record (0 while the filters are newer than the page). */
  first: number;
  /** The page size. */
  rows: number;
  /** DataGrid's `onPage`: keeps the chosen page for the current filters. */
  onPage: (page: GridPage) => void;
  /** Back to the first page under the same filters (the page size is kept). */
  toFirstPage: () => void;
}

/**
 * The page of a lazy grid, which belongs to the filters it was chosen under: once `filterKey`
 * (e.g. the filters as JSON, or the debounced keyword) changes, the grid starts again from the
 * first page, keeping its page size. Starts at the first page of `pageSize` rows.
 */
export function useListPaging(filterKey: string, pageSize: number): ListPaging {
  const [paging, setPaging] = useState({ filterKey, first: 0, rows: pageSize });
  // a change of the filters forgets the page chosen under the earlier ones (going back to them
  // starts from the first page too: spec 1, 'any change reloads from the first page')
  if (paging.filterKey !== filterKey) setPaging({ filterKey, first: 0, rows: paging.rows });
  return {
    first: paging.filterKey === filterKey ? paging.first : 0,
    rows: paging.rows,
    onPage: (page) => setPaging({ filterKey, first: page.first, rows: page.rows }),
    toFirstPage: () => setPaging((p) => ({ ...p, first: 0 })),
  };
}

/**
 * DataGrid's props for the loaded page of a lazy list: its rows and total (none while loading),
 * the loading overlay, and the paging (`first`, `rows`, `onPage`).
 */
export function pagedGridProps<T>(
  list: { data?: PagedResult<T>; isFetching: boolean; error?: unknown; refetch?: () => unknown },
  paging: Omit<ListPaging, 'toFirstPage'>,
) {
  const refetch = list.refetch;
  return {
    value: list.data?.data ?? [],
    totalRecords: list.data?.totalCount ?? 0,
    loading: list.isFetching,
    // a failed load with no rows to show says so (a failed refresh keeps the rows it has)
    error: list.data ? undefined : (list.error ?? undefined),
    onRetry: refetch ? () => void refetch() : undefined,
    first: paging.first,
    rows: paging.rows,
    onPage: paging.onPage,
  };
}
