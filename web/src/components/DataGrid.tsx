import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumnResizeEndEvent,
  type DataTableExpandedRows,
  type DataTablePageEvent,
  type DataTableRowClickEvent,
  type DataTableSortEvent,
  type DataTableValue,
  type DataTableValueArray,
} from 'primereact/datatable';
import { Column, type ColumnBodyOptions } from 'primereact/column';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import {
  DEFAULT_PAGE_SIZE,
  GRID_COLUMN_MIN_PX,
  GRID_DEFAULT_COLUMN_MIN_PX,
  GRID_SELECT_COLUMN_PX,
  GRID_SELECT_COLUMN_WITH_MAX_PX,
} from '@eb/shared/constants';
import { orderByOf, type SortDirection } from '@eb/shared/paging';
import { FULL_TEXT_SEARCH_LABEL, GRID_LOADING, GRID_LOAD_FAILED, GRID_RETRY, NO_RECORDS_FOUND } from './component-texts';
import './data-grid.css';

export { GRID_DEFAULT_COLUMN_MIN_PX };

/** CSS class for rows the spec shows with a distinct style (inactive users, inactive items). */
export const ROW_INACTIVE_CLASS = 'eb-row-inactive';

export type { SortDirection };

/** A grid's sort, as the API's page parameters carry it (ARCHITECTURE "API conventions"). */
export interface GridSort {
  field: string;
  direction: SortDirection;
}

/** The `orderBy` page parameter: the field and the direction joined by a space ('email Ascending'). */
export function orderByParam(sort: GridSort): string {
  return orderByOf(sort.field, sort.direction);
}

/** A page of a lazy grid: the index of its first record and the page size. */
export interface GridPage {
  first: number;
  rows: number;
}

/** One column of a DataGrid. */
export interface GridColumn<T> {
  /** The row property shown (and the sort field unless `sortField` says otherwise). */
  field: string;
  /** Column title (text, or an element such as a visually hidden label). */
  header: ReactNode;
  sortable?: boolean;
  /** The field sent to the server when this column is sorted, when it differs from `field`. */
  sortField?: string;
  /** Renders the cell; by default the value of `field` as text. */
  body?: (row: T, options: { rowIndex: number }) => ReactNode;
  /** Renders the cell of a row being edited (see `isRowEditing`). */
  editor?: (row: T, options: { rowIndex: number }) => ReactNode;
  /** Starting width (px or CSS length). */
  width?: number | string;
  /** Minimum width before any resize, in px (default GRID_DEFAULT_COLUMN_MIN_PX). */
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
  /** false: this column keeps its width (default: resizable when the grid is). */
  resizable?: boolean;
  /** Extra class on the column's cells. */
  className?: string;
  /**
   * One line: a text longer than the column ends with an ellipsis and is whole in the cell's title
   * (the cell's text: its `body` when that gives text, else the field's value).
   */
  clip?: boolean;
  /** Stays in view at the left while the grid scrolls sideways (with `scrollHeight`; the selection column too). */
  frozen?: boolean;
}

/** The class of a clipped column's cells (data-grid.css). */
const CLIP_CLASS = 'eb-grid__clip';

export interface DataGridProps<T extends object> {
  /** The rows of the current page. */
  value: readonly T[];
  columns: readonly GridColumn<T>[];
  /** The property that identifies a row (selection, expansion, React keys), e.g. 'objectId'. */
  dataKey: keyof T & string;
  /** Accessible name of the table. */
  ariaLabel: string;
  /** Server-side paging and sorting (default true): the parent loads each page. */
  lazy?: boolean;
  /** Total number of records on the server (default: value.length). */
  totalRecords?: number;
  first?: number;
  /** Page size (default DEFAULT_PAGE_SIZE). */
  rows?: number;
  onPage?: (page: GridPage) => void;
  /** Show the paginator (default true). */
  paginator?: boolean;
  rowsPerPageOptions?: number[];
  sort?: GridSort | null;
  /** Called with the toggled sort when a sortable header is clicked (or Enter is pressed on it). */
  onSort?: (sort: GridSort) => void;
  loading?: boolean;
  /** Row selection (a checkbox column) is on when `onSelectionChange` is given. */
  selection?: readonly T[];
  onSelectionChange?: (rows: T[]) => void;
  /** At most this many rows can be selected; further rows cannot be ticked. */
  selectionMax?: number;
  /** How a row is named to assistive technology ('Select {label}'); default the dataKey value. */
  rowLabel?: (row: T) => string;
  /** Expandable rows are on when a template is given. */
  rowExpansionTemplate?: (row: T) => ReactNode;
  /** At most this many rows are expanded at once (1: opening a row closes the other). */
  expansionMax?: number;
  /** Expanded row keys (String(row[dataKey])), oldest first; uncontrolled when absent. */
  expandedKeys?: readonly string[];
  onExpandedKeysChange?: (keys: string[]) => void;
  /** Column resize, 'expand' mode, 50 px minimum (default true). */
  resizableColumns?: boolean;
  /** Extra classes per row, e.g. ROW_INACTIVE_CLASS for inactive rows. */
  rowClassName?: (row: T) => string | undefined;
  /** Rows for which the columns' `editor` renders instead of `body`. */
  isRowEditing?: (row: T) => boolean;
  /** A click on a row (not on a button, input or link in it), with the field of the clicked cell. */
  onRowClick?: (row: T, field: string | undefined, event: MouseEvent<HTMLElement>) => void;
  /**
   * A search grid's row opening its record: a click on the row (not on its checkbox, a button, an
   * input or a link) and Enter on a focused row. The rows then take the keyboard: ArrowDown from the
   * header's search box goes to the first row, ArrowUp/ArrowDown move between rows (ArrowUp from the
   * first goes back to the search box), Space ticks the focused row, Enter opens it.
   */
  onRowOpen?: (row: T) => void;
  /**
   * The grid scrolls inside itself with its column headers in view ('flex': it fills its flex
   * parent's height; or a CSS height); frozen columns need it. Changing the page returns to its top.
   */
  scrollHeight?: string;
  /** The header's 'Full text search' checkbox. */
  fullTextSearch?: { checked: boolean; onChange: (checked: boolean) => void };
  /** Header content on the left (a title, filters) and on the right (buttons). */
  header?: ReactNode;
  headerEnd?: ReactNode;
  /** Default 'No records found.'. */
  emptyMessage?: ReactNode;
  /**
   * The rows could not be loaded: the grid says so (with Retry when `onRetry` is given) instead of
   * 'No records found.'. While loading with no rows it says it is loading.
   */
  error?: unknown;
  onRetry?: () => void;
  className?: string;
}

const px = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * The grid of every list (spec 1 "Shared grid behaviour"), a PrimeReact DataTable in lazy mode:
 * - sortable headers toggle ascending/descending (never unsorted) and report `{ field, direction }`
 *   for the API's `orderBy` (see `orderByParam`);
 * - optional checkbox selection with a maximum (select column GRID_SELECT_COLUMN_PX wide, or
 *   GRID_SELECT_COLUMN_WITH_MAX_PX with its 'n/max' counter); rows beyond the maximum cannot be
 *   ticked; the header checkbox selects the page's rows up to the maximum, or clears them;
 * - optional expandable rows, at most `expansionMax` open (the newest wins);
 * - column resize ('expand' mode) down to GRID_COLUMN_MIN_PX; columns start at 100 px minimum;
 * - paging with rows-per-page, a loading overlay, 'No records found.' when empty;
 * - an optional 'Full text search' checkbox in the header, per-row classes (ROW_INACTIVE_CLASS).
 * Keyboard: headers sort with Enter, checkboxes, expanders and paginator are native controls.
 */
export function DataGrid<T extends object>(props: DataGridProps<T>) {
  const {
    value,
    columns,
    dataKey,
    ariaLabel,
    lazy = true,
    paginator = true,
    selection = [],
    selectionMax,
    rowExpansionTemplate,
    expansionMax,
    resizableColumns = true,
  } = props;
  const uid = useId();
  // Paging and sorting are the parent's when it handles them (lazy mode), else the grid's own.
  const [ownPage, setOwnPage] = useState<GridPage>({ first: 0, rows: props.rows ?? DEFAULT_PAGE_SIZE });
  const [ownSort, setOwnSort] = useState<GridSort | null>(null);
  const first = props.onPage ? (props.first ?? 0) : ownPage.first;
  const rows = props.onPage ? (props.rows ?? DEFAULT_PAGE_SIZE) : ownPage.rows;
  const sort = props.onSort ? (props.sort ?? null) : (props.sort ?? ownSort);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [ownExpanded, setOwnExpanded] = useState<string[]>([]);
  const expandedKeys = props.expandedKeys ?? ownExpanded;

  const keyOf = (row: T): string => String(row[dataKey]);
  const labelOf = (row: T): string => props.rowLabel?.(row) ?? `row ${keyOf(row)}`;
  const selectable = props.onSelectionChange !== undefined;
  const expandable = rowExpansionTemplate !== undefined;

  // ---- selection -------------------------------------------------------------------------------
  const selectedKeys = new Set(selection.map(keyOf));
  const atMax = selectionMax !== undefined && selection.length >= selectionMax;
  const pageSelected = value.filter((r) => selectedKeys.has(keyOf(r)));
  const headerChecked = value.length > 0 && (pageSelected.length === value.length || (atMax && pageSelected.length > 0));

  const toggleRow = (row: T, checked: boolean) => {
    if (checked) {
      if (atMax || selectedKeys.has(keyOf(row))) return; // the maximum is reached: refused
      props.onSelectionChange?.([...selection, row]);
    } else {
      props.onSelectionChange?.(selection.filter((r) => keyOf(r) !== keyOf(row)));
    }
  };
  const toggleAll = (checked: boolean) => {
    if (checked) {
      const room = selectionMax === undefined ? Infinity : Math.max(0, selectionMax - selection.length);
      const added = value.filter((r) => !selectedKeys.has(keyOf(r))).slice(0, room);
      props.onSelectionChange?.([...selection, ...added]);
    } else {
      const pageKeys = new Set(value.map(keyOf));
      props.onSelectionChange?.(selection.filter((r) => !pageKeys.has(keyOf(r))));
    }
  };

  // ---- expansion -------------------------------------------------------------------------------
  const setExpanded = (keys: string[]) => {
    if (props.expandedKeys === undefined) setOwnExpanded(keys);
    props.onExpandedKeysChange?.(keys);
  };
  const onRowToggle = (data: DataTableExpandedRows | DataTableValueArray) => {
    const nextKeys = Array.isArray(data) ? data.map((r) => keyOf(r as T)) : Object.keys(data);
    const kept = expandedKeys.filter((k) => nextKeys.includes(k));
    const added = nextKeys.filter((k) => !expandedKeys.includes(k));
    const all = [...kept, ...added];
    setExpanded(expansionMax !== undefined && all.length > expansionMax ? all.slice(all.length - expansionMax) : all);
  };
  const expandedRows: DataTableExpandedRows = Object.fromEntries(expandedKeys.map((k) => [k, true]));

  // ---- columns ---------------------------------------------------------------------------------
  const leadingColumns = (selectable ? 1 : 0) + (expandable ? 1 : 0);
  const selectWidth = `${selectionMax !== undefined ? GRID_SELECT_COLUMN_WITH_MAX_PX : GRID_SELECT_COLUMN_PX}px`;
  const fixed = (width: string): CSSProperties => ({ width, minWidth: width, maxWidth: width });

  const anyFrozen = props.scrollHeight !== undefined && columns.some((c) => c.frozen);
  const children = [];
  if (selectable) {
    children.push(
      <Column
        key="eb-select"
        columnKey="eb-select"
        frozen={anyFrozen}
        className="eb-grid-select-col"
        resizeable={false}
        headerStyle={fixed(selectWidth)}
        bodyStyle={fixed(selectWidth)}
        header={
          <span className="eb-grid-select-header">
            <Checkbox
              checked={headerChecked}
              disabled={value.length === 0}
              onChange={(e) => toggleAll(e.checked === true)}
              aria-label={headerChecked ? 'Unselect all rows on this page' : 'Select all rows on this page'}
            />
            {selectionMax !== undefined && (
              <span className="eb-grid-select-count" aria-label={`${selection.length} of at most ${selectionMax} selected`}>
                {selection.length}/{selectionMax}
              </span>
            )}
          </span>
        }
        body={(row: DataTableValue) => {
          const r = row as T;
          const checked = selectedKeys.has(keyOf(r));
          return (
            <Checkbox
              checked={checked}
              disabled={!checked && atMax}
              onChange={(e) => toggleRow(r, e.checked === true)}
              aria-label={`Select ${labelOf(r)}`}
            />
          );
        }}
      />,
    );
  }
  if (expandable) {
    children.push(
      <Column key="eb-expander" columnKey="eb-expander" expander resizeable={false} headerStyle={fixed('3rem')} bodyStyle={fixed('3rem')} />,
    );
  }
  for (const col of columns) {
    const resized = widths[col.field];
    const width = resized !== undefined ? `${resized}px` : px(col.width);
    // a column the user resized may go down to the resize floor again (its width is what they chose)
    const minWidth = resized !== undefined ? GRID_COLUMN_MIN_PX : (col.minWidth ?? GRID_DEFAULT_COLUMN_MIN_PX);
    children.push(
      <Column
        key={col.field}
        columnKey={col.field}
        field={col.field}
        header={col.header}
        sortable={col.sortable}
        sortField={col.sortField}
        align={col.align}
        frozen={anyFrozen && col.frozen === true}
        alignFrozen="left"
        className={col.clip ? [col.className, CLIP_CLASS].filter(Boolean).join(' ') : col.className}
        resizeable={col.resizable !== false}
        // The header's own min-width is the resize floor PrimeReact checks (GRID_COLUMN_MIN_PX);
        // the cells carry the column's current minimum.
        // Columns without a width share the free space (spec: minmax(100px, 1fr)).
        headerStyle={{ minWidth: `${GRID_COLUMN_MIN_PX}px`, width }}
        // a clipped column with a width keeps it (its text ends with an ellipsis instead of widening the table)
        bodyStyle={{ minWidth: `${minWidth}px`, width, ...(col.clip && width && resized === undefined ? { maxWidth: width } : {}) }}
        body={(row: DataTableValue, options: ColumnBodyOptions) => {
          const r = row as T;
          const opts = { rowIndex: options.rowIndex };
          if (col.editor && props.isRowEditing?.(r)) return col.editor(r, opts);
          const v = (r as Record<string, unknown>)[col.field];
          const content = col.body ? col.body(r, opts) : v === null || v === undefined ? '' : String(v);
          return col.clip ? <span title={typeof content === 'string' && content !== '' ? content : undefined}>{content}</span> : content;
        }}
      />,
    );
  }

  const onColumnResizeEnd = (e: DataTableColumnResizeEndEvent) => {
    const key = (e.column as unknown as { props?: { columnKey?: string } }).props?.columnKey;
    if (!key) return;
    setWidths((w) => ({ ...w, [key]: Math.max(GRID_COLUMN_MIN_PX, Math.round(e.element.offsetWidth)) }));
  };

  const onRowClick = (e: DataTableRowClickEvent) => {
    const target = e.originalEvent.target as HTMLElement;
    const cell = target.closest('td');
    if (props.onRowOpen) {
      // the checkbox cell selects; buttons, inputs and links in a row do their own thing
      if (cell?.classList.contains('eb-grid-select-col') || target.closest('button, a, input, [role="checkbox"], .p-checkbox')) return;
      props.onRowOpen(e.data as T);
      return;
    }
    if (!props.onRowClick) return;
    const col = cell ? columns[cell.cellIndex - leadingColumns] : undefined;
    props.onRowClick(e.data as T, col?.field, e.originalEvent);
  };

  // ---- keyboard rows and scrolling (search grids) -----------------------------------------------
  const frame = useRef<HTMLDivElement>(null);
  const bodyRows = () => [...(frame.current?.querySelectorAll<HTMLTableRowElement>('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)') ?? [])];
  useEffect(() => {
    if (!props.onRowOpen) return;
    // roving focus: the rows are reached by the arrow keys (and the first by Tab)
    bodyRows().forEach((tr, i) => {
      tr.tabIndex = i === 0 ? 0 : -1;
      tr.setAttribute('aria-keyshortcuts', 'Enter');
    });
  });
  const pageKey = `${first}/${rows}`;
  const shownPage = useRef(pageKey);
  useEffect(() => {
    if (shownPage.current === pageKey) return;
    shownPage.current = pageKey;
    // another page starts at its top: the grid's own scroll, and the page's when the grid's top is above the window
    const wrapper = frame.current?.querySelector<HTMLElement>('.p-datatable-wrapper');
    if (wrapper) wrapper.scrollTop = 0;
    const top = frame.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) frame.current?.scrollIntoView({ block: 'start' });
  }, [pageKey]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!props.onRowOpen) return;
    const target = e.target as HTMLElement;
    const all = bodyRows();
    if (target instanceof HTMLInputElement && target.type === 'search' && e.key === 'ArrowDown' && all[0]) {
      e.preventDefault();
      all[0].focus();
      return;
    }
    const index = target instanceof HTMLTableRowElement ? all.indexOf(target) : -1;
    if (index < 0) return;
    const row = value[index];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = all[index + (e.key === 'ArrowDown' ? 1 : -1)];
      if (next) next.focus();
      else if (e.key === 'ArrowUp') frame.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    } else if (e.key === 'Enter' && row) {
      e.preventDefault();
      props.onRowOpen(row);
    } else if (e.key === ' ' && row && selectable) {
      e.preventDefault();
      toggleRow(row, !selectedKeys.has(keyOf(row)));
    }
  };

  const ftsId = `${uid}-fts`;
  const hasHeader = props.header !== undefined || props.headerEnd !== undefined || props.fullTextSearch !== undefined;
  const header = hasHeader ? (
    <div className="eb-grid-header">
      <div className="eb-grid-header__start">{props.header}</div>
      <div className="eb-grid-header__end">
        {props.fullTextSearch && (
          <span className="eb-grid-fts">
            <Checkbox
              inputId={ftsId}
              checked={props.fullTextSearch.checked}
              onChange={(e) => props.fullTextSearch?.onChange(e.checked === true)}
            />
            <label htmlFor={ftsId}>{FULL_TEXT_SEARCH_LABEL}</label>
          </span>
        )}
        {props.headerEnd}
      </div>
    </div>
  ) : undefined;

  const perPage = props.rowsPerPageOptions ?? [...new Set([10, 25, 50, 100, rows])].sort((a, b) => a - b);

  const table = (
    <DataTable
      value={value as unknown as DataTableValue[]}
      dataKey={dataKey}
      className={['eb-grid', props.onRowOpen ? 'eb-grid--open' : '', props.className].filter(Boolean).join(' ')}
      size="small"
      // Cells render from the latest props (selection, editing state), not a memoized copy.
      cellMemo={false}
      lazy={lazy}
      loading={props.loading}
      header={header}
      emptyMessage={
        props.error ? (
          <GridLoadFailed onRetry={props.onRetry} />
        ) : props.loading ? (
          <span className="eb-grid__loading">{GRID_LOADING}</span>
        ) : (
          (props.emptyMessage ?? NO_RECORDS_FOUND)
        )
      }
      // paging
      paginator={paginator}
      first={first}
      rows={rows}
      totalRecords={props.totalRecords ?? value.length}
      onPage={(e: DataTablePageEvent) => (props.onPage ?? setOwnPage)({ first: e.first, rows: e.rows })}
      rowsPerPageOptions={perPage}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first}-{last} of {totalRecords}"
      // sorting: a sorted column toggles between the two directions, never back to unsorted
      removableSort={false}
      sortMode="single"
      sortField={sort?.field}
      sortOrder={sort ? (sort.direction === 'Descending' ? -1 : 1) : 0}
      onSort={(e: DataTableSortEvent) =>
        (props.onSort ?? setOwnSort)({ field: e.sortField, direction: e.sortOrder === -1 ? 'Descending' : 'Ascending' })
      }
      // expansion
      expandedRows={expandable ? expandedRows : undefined}
      onRowToggle={expandable ? (e) => onRowToggle(e.data) : undefined}
      rowExpansionTemplate={expandable ? (row: DataTableValue) => rowExpansionTemplate(row as T) : undefined}
      // resizing
      resizableColumns={resizableColumns}
      columnResizeMode="expand"
      onColumnResizeEnd={onColumnResizeEnd}
      rowClassName={(row: DataTableValue) => {
        const r = row as T;
        return [
          props.rowClassName?.(r),
          selectable && selectedKeys.has(keyOf(r)) ? 'p-highlight' : undefined,
          props.isRowEditing?.(r) ? 'eb-row-editing' : undefined,
        ]
          .filter(Boolean)
          .join(' ');
      }}
      onRowClick={props.onRowClick || props.onRowOpen ? onRowClick : undefined}
      scrollable={props.scrollHeight !== undefined}
      scrollHeight={props.scrollHeight}
      // a grid wider than its box with nothing focusable inside (empty, or rows without checkboxes, expanders or row focus):
      // its scrolling wrapper takes focus (keyboard scrolling)
      pt={{ table: { 'aria-label': ariaLabel }, wrapper: value.length === 0 || (!props.onSelectionChange && !expandable && !props.onRowOpen) ? { tabIndex: 0 } : {} }}
    >
      {children}
    </DataTable>
  );
  if (!props.onRowOpen && props.scrollHeight === undefined) return table;
  return (
    // the frame hears the rows' keys (the DataTable's own rows are its markup)
    <div ref={frame} className={['eb-grid-frame', props.onRowOpen ? 'eb-grid-frame--open' : '', props.scrollHeight === 'flex' ? 'eb-grid-frame--flex' : ''].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
      {table}
    </div>
  );
}

/** The empty-grid text after a failed load: what happened, and Retry. */
function GridLoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <span className="eb-grid__failed" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{GRID_LOAD_FAILED}</span>
      {onRetry && <Button type="button" label={GRID_RETRY} icon="pi pi-refresh" size="small" text onClick={onRetry} />}
    </span>
  );
}
