import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RadioButton } from 'primereact/radiobutton';
import { BUSINESS_ENTITY_DEFAULT_SORT, type BusinessEntity } from '@eb/shared/business-entity/schemas';
import { BUSINESS_ENTITY_DEBOUNCE_MS, BUSINESS_ENTITY_PAGE_SIZE } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { businessEntityListQuery } from './api';
import { referenceItems, referencesQuery } from '../reference/references';
import { currentUserQuery } from '../users/session';
import { BusinessEntityForm } from './BusinessEntityForm';
import { BUSINESS_ENTITY_COLUMNS, BUSINESS_ENTITY_TEXTS } from './business-entity-texts';
import { DataGrid, orderByParam, type GridColumn, type GridSort } from '../../components/DataGrid';
import { KeywordSearch } from '../../components/KeywordSearch';
import { SearchPopupFooter } from '../../components/SearchPopupFooter';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { pagedGridProps, useListPaging } from '../../components/use-list-paging';
import { usePopupSession } from '../../components/use-popup-session';
import './business-entity.css';
import '../../components/list-page.css';
import { Popup } from '../../components/Popup';

export interface BusinessEntitySearchDialogProps {
  visible: boolean;
  /** Closing the popup (Cancel, the close icon, Escape, and after a choice). */
  onHide: () => void;
  /** The chosen entity: picked in the grid, or just created. The popup then closes itself. */
  onSelect: (entity: BusinessEntity) => void;
  /** Default 'Business Entity Search'. */
  title?: string;
  /** Default 'Add to Amendment'. */
  addLabel?: string;
  /** Default 'Add New Business Entity' (the button, and the create form's title). */
  addNewLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Default 'Save and Add to Amendment'. */
  saveAndAddLabel?: string;
  /** The create form's way back to the search. Default 'Back to Search'. */
  backLabel?: string;
  /** Offer only active entities (default true). */
  activeOnly?: boolean;
  /** Offer Add New Business Entity (default: when the signed-in user may edit). */
  canCreate?: boolean;
}

/**
 * The Business Entity search popup (spec 2 "Business Entity search popup"), for the amendment's
 * Business Entity block: a keyword search (loading debounced by 100 ms), a grid of Business Entity
 * Id, Legal Name, Company Type and Business Entity Type, 15 a page by id ascending, single
 * selection (a click on the row or its radio button), and the buttons Add to Amendment (enabled
 * with a selection), Add New Business Entity and Cancel. Add New switches to the create form
 * (Business Entity ID reserved by the server, Legal Name, Company Type, Business Entity Type) whose
 * 'Save and Add to Amendment' creates the entity and chooses it. Texts are props with the spec's
 * defaults. It calls the API itself (`web/src/api/business-entities.ts`).
 */
export function BusinessEntitySearchDialog(props: BusinessEntitySearchDialogProps) {
  const [view, setView] = useState<'search' | 'create'>('search');
  const [selected, setSelected] = useState<BusinessEntity | null>(null);
  // each opening starts afresh: a new session (search, selection and form start empty)
  const session = usePopupSession(props.visible, () => {
    setView('search');
    setSelected(null);
  });
  const me = useQuery(currentUserQuery()).data;
  const canCreate = props.canCreate ?? mayAccess('editor', me?.userType);
  const title =
    view === 'create' ? (props.addNewLabel ?? BUSINESS_ENTITY_TEXTS.addNew) : (props.title ?? BUSINESS_ENTITY_TEXTS.searchTitle);
  const choose = (entity: BusinessEntity) => {
    props.onSelect(entity);
    props.onHide();
  };

  // The buttons stay in view below the grid (the dialog's footer), whatever the dialog's height.
  const footer =
    view === 'search' ? (
      <SearchPopupFooter
        className="eb-be-search__footer"
        selection={
          selected && (
            <>
              {BUSINESS_ENTITY_TEXTS.selected}: <strong>{selected.legalName}</strong> ({selected.businessEntityId})
            </>
          )
        }
        cancelLabel={props.cancelLabel ?? BUSINESS_ENTITY_TEXTS.cancel}
        onCancel={props.onHide}
        addNewLabel={props.addNewLabel ?? BUSINESS_ENTITY_TEXTS.addNew}
        onAddNew={canCreate ? () => setView('create') : undefined}
        confirmLabel={props.addLabel ?? BUSINESS_ENTITY_TEXTS.addToAmendment}
        confirmDisabled={!selected}
        onConfirm={() => selected && choose(selected)}
      />
    ) : undefined;

  return (
    <Popup
      visible={props.visible}
      onClose={props.onHide}
      header={title}
      footer={footer}
      className="eb-be-search-dialog"
      style={{ width: view === 'create' ? 'min(44rem, 96vw)' : 'min(60rem, 96vw)' }}
      draggable={false}
      focusOnShow={false}
      blockScroll
    >
      {props.visible && (
        <SearchDialogBody
          key={session}
          activeOnly={props.activeOnly}
          saveAndAddLabel={props.saveAndAddLabel}
          backLabel={props.backLabel}
          view={view}
          onView={setView}
          selected={selected}
          onSelected={setSelected}
          onChoose={choose}
        />
      )}
    </Popup>
  );
}

/** The popup's content: the search (kept while the create form shows) or the create form. */
function SearchDialogBody(props: {
  activeOnly?: boolean;
  saveAndAddLabel?: string;
  backLabel?: string;
  view: 'search' | 'create';
  onView: (view: 'search' | 'create') => void;
  selected: BusinessEntity | null;
  onSelected: (entity: BusinessEntity) => void;
  onChoose: (entity: BusinessEntity) => void;
}) {
  const { view, selected } = props;
  const uid = useId();
  const references = useQuery(referencesQuery());
  const nameOf = (itemType: string, code: string | null) =>
    code === null ? '' : (referenceItems(references.data, itemType).find((o) => o.code === code)?.name ?? '');

  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), BUSINESS_ENTITY_DEBOUNCE_MS);
  const [sort, setSort] = useState<GridSort>({ ...BUSINESS_ENTITY_DEFAULT_SORT });
  // the page belongs to the keyword it was chosen under
  const paging = useListPaging(keyword, BUSINESS_ENTITY_PAGE_SIZE);

  const list = useQuery(
    businessEntityListQuery({
      keyword,
      status: props.activeOnly === false ? undefined : 'active',
      skip: paging.first,
      limit: paging.rows,
      orderBy: orderByParam(sort),
    }),
  );

  if (view === 'create') {
    return (
      <BusinessEntityForm
        submitLabel={props.saveAndAddLabel ?? BUSINESS_ENTITY_TEXTS.saveAndAddToAmendment}
        cancelLabel={props.backLabel ?? BUSINESS_ENTITY_TEXTS.backToSearch}
        cancelIcon="pi pi-arrow-left"
        onCancel={() => props.onView('search')}
        onSaved={props.onChoose}
      />
    );
  }

  const isSelected = (row: BusinessEntity) => selected?.objectId === row.objectId;
  const columns: GridColumn<BusinessEntity>[] = [
    {
      field: 'select',
      header: <span className="eb-sr-only">{BUSINESS_ENTITY_TEXTS.selected}</span>,
      width: '3rem',
      minWidth: 48,
      resizable: false,
      align: 'center',
      body: (row) => (
        <RadioButton
          inputId={`${uid}-pick-${row.objectId}`}
          name={`${uid}-pick`}
          value={row.objectId}
          checked={isSelected(row)}
          onChange={() => props.onSelected(row)}
          aria-label={BUSINESS_ENTITY_TEXTS.selectRow(row.legalName)}
        />
      ),
    },
    { field: 'businessEntityId', header: BUSINESS_ENTITY_COLUMNS.popupBusinessEntityId, sortable: true, width: '11rem' },
    { field: 'legalName', header: BUSINESS_ENTITY_COLUMNS.legalName, sortable: true },
    { field: 'companyType', header: BUSINESS_ENTITY_COLUMNS.companyType, body: (r) => nameOf('businessEntityCompanyTypes', r.companyType) },
    { field: 'type', header: BUSINESS_ENTITY_COLUMNS.type, body: (r) => nameOf('businessEntityTypes', r.type) },
  ];

  return (
    <div className="eb-search-popup eb-be-search">
      <KeywordSearch
        value={text}
        onChange={setText}
        placeholder={BUSINESS_ENTITY_TEXTS.keywordPlaceholder}
        ariaLabel={BUSINESS_ENTITY_TEXTS.keywordLabel}
        className="eb-search-popup__keyword eb-be-search__keyword"
        autoFocus
      />
      <DataGrid<BusinessEntity>
        ariaLabel={BUSINESS_ENTITY_TEXTS.gridLabel}
        {...pagedGridProps(list, paging)}
        columns={columns}
        dataKey="objectId"
        rowsPerPageOptions={[BUSINESS_ENTITY_PAGE_SIZE]}
        sort={sort}
        onSort={setSort}
        rowClassName={(r) => (isSelected(r) ? 'eb-be-row-selected' : undefined)}
        onRowClick={(r) => props.onSelected(r)}
        className="eb-list-grid eb-be-grid eb-be-search__grid"
      />
    </div>
  );
}
