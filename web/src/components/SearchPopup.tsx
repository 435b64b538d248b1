import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { PagedResult } from '@eb/shared/paging';
import { DataGrid, orderByParam, type DataGridProps, type GridColumn, type GridSort } from './DataGrid';
import { KeywordSearch } from './KeywordSearch';
import { Popup } from './Popup';
import { SearchPopupFooter, type SearchPopupFooterProps } from './SearchPopupFooter';
import { useDebouncedValue } from './use-debounced-value';
import { pagedGridProps, useListPaging } from './use-list-paging';
import { usePopupSession } from './use-popup-session';
import './list-page.css';

/** The paging and order a search popup's list is asked for. */
export interface SearchPopupListParams {
  keyword: string;
  skip: number;
  limit: number;
  orderBy: string;
}

/**
 * What an entity declares of its search popup: its list (the query of a keyword, page and order),
 * the grid's columns and texts, the keyword's debounce, the page size and default order, and the
 * popup's classes and widths.
 */
export interface SearchPopupDeclaration<Row extends { objectId: number }, K extends QueryKey = QueryKey> {
  /** the popup's class; the keyword and grid get `${prefix}__keyword`, `${prefix}__grid` */
  className: string;
  prefix: string;
  /** the grid's own classes (beside eb-list-grid and `${prefix}__grid`) */
  gridClassName: string;
  width: { search: string; create: string };
  debounceMs: number;
  pageSize: number;
  defaultSort: GridSort;
  listQuery: (params: SearchPopupListParams) => UseQueryOptions<PagedResult<Row>, Error, PagedResult<Row>, K>;
  columns: GridColumn<Row>[];
  texts: { keywordPlaceholder: string; keywordLabel: string; gridLabel: string };
}

/** What a resource's search popup takes from its caller: the choice handed back, and its texts (each defaulting to the resource's). */
export interface SearchDialogProps<Picked> {
  visible: boolean;
  /** Closing the popup (Cancel, the close icon, Escape, and after a choice). */
  onHide: () => void;
  /** The choice: picked in the grid, or just created. The popup then closes itself. */
  onSelect: (picked: Picked) => void;
  /** The search's title. */
  title?: string;
  /** The Add New button, and the create form's title. */
  addNewLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** The create form's save button. Default 'Save and Add to Amendment'. */
  saveAndAddLabel?: string;
  /** The create form's way back to the search. Default 'Back to Search'. */
  backLabel?: string;
  /** Offer Add New (default: when the signed-in user may edit). */
  canCreate?: boolean;
}

export interface SearchPopupProps<Row extends { objectId: number }, K extends QueryKey = QueryKey> {
  declaration: SearchPopupDeclaration<Row, K>;
  visible: boolean;
  /** Closing the popup (Cancel, the close icon, Escape, and after a choice). */
  onHide: () => void;
  /** The title of the search and of the create form. */
  title: { search: string; create: string };
  /** At each opening: the entity's choice starts empty. */
  onOpen?: () => void;
  /** The grid's choice wiring (a selected row, an expanded row), from the entity's state. */
  grid: (rows: readonly Row[]) => Partial<DataGridProps<Row>>;
  /** The footer: what is chosen, Cancel, Add New (when offered) and the confirm button. */
  footer: Omit<SearchPopupFooterProps, 'onAddNew' | 'className'> & { offerAddNew: boolean };
  /** The footer below the popup's body (in view whatever the height), else right after the grid. */
  footerInPopup?: boolean;
  /** The create form: `back` returns to the search, `search` returns to it with a keyword. */
  createForm: (nav: { back: () => void; search: (keyword: string) => void }) => ReactNode;
}

/**
 * A search popup (spec 2 "Business Entity search popup", "Contact Search popup"): a keyword search
 * (debounced), a paged sortable grid of the entity's rows, a footer with the choice, Cancel, Add
 * New and the confirm button; Add New switches to the entity's create form (the search, its
 * keyword, order and page, is kept meanwhile). Each opening starts afresh.
 */
export function SearchPopup<Row extends { objectId: number }, K extends QueryKey>(props: SearchPopupProps<Row, K>) {
  const [view, setView] = useState<'search' | 'create'>('search');
  const session = usePopupSession(props.visible, () => {
    setView('search');
    props.onOpen?.();
  });
  const { declaration: d } = props;
  const footer = (
    <SearchPopupFooter
      {...props.footer}
      className={`${d.prefix}__footer`}
      onAddNew={props.footer.offerAddNew ? () => setView('create') : undefined}
    />
  );
  return (
    <Popup
      visible={props.visible}
      onClose={props.onHide}
      header={props.title[view]}
      footer={props.footerInPopup && view === 'search' ? footer : undefined}
      className={d.className}
      style={{ width: d.width[view] }}
      draggable={false}
      focusOnShow={false}
      blockScroll
    >
      {props.visible && <SearchPopupBody key={session} {...props} view={view} onView={setView} footer={props.footerInPopup ? null : footer} />}
    </Popup>
  );
}

function SearchPopupBody<Row extends { objectId: number }, K extends QueryKey>(
  props: Omit<SearchPopupProps<Row, K>, 'footer'> & { view: 'search' | 'create'; onView: (view: 'search' | 'create') => void; footer: ReactNode },
) {
  const { declaration: d } = props;
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), d.debounceMs);
  const [sort, setSort] = useState<GridSort>({ ...d.defaultSort });
  // the page belongs to the keyword it was chosen under
  const paging = useListPaging(keyword, d.pageSize);
  const list = useQuery(d.listQuery({ keyword, skip: paging.first, limit: paging.rows, orderBy: orderByParam(sort) }));

  if (props.view === 'create')
    return props.createForm({
      back: () => props.onView('search'),
      search: (k) => {
        setText(k);
        props.onView('search');
      },
    });
  return (
    <div className={`eb-search-popup ${d.prefix}`}>
      <KeywordSearch
        value={text}
        onChange={setText}
        placeholder={d.texts.keywordPlaceholder}
        ariaLabel={d.texts.keywordLabel}
        className={`eb-search-popup__keyword ${d.prefix}__keyword`}
        autoFocus
      />
      <DataGrid<Row>
        ariaLabel={d.texts.gridLabel}
        {...pagedGridProps(list, paging)}
        columns={d.columns}
        dataKey="objectId"
        rowsPerPageOptions={[d.pageSize]}
        sort={sort}
        onSort={setSort}
        {...props.grid(list.data?.data ?? [])}
        className={`eb-list-grid ${d.gridClassName} ${d.prefix}__grid`}
      />
      {props.footer}
    </div>
  );
}
