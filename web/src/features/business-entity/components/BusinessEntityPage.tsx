import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { BUSINESS_ENTITY_DEFAULT_SORT, type BusinessEntity, type BusinessEntityStatus } from '@eb/shared/businessentity/schemas';
import { BUSINESS_ENTITY_DEBOUNCE_MS, BUSINESS_ENTITY_PAGE_SIZE } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { businessEntityListQuery } from '../../../api/business-entities';
import { referenceItems, referencesQuery } from '../../../api/references';
import { useSignedInUser } from '../../../api/session';
import { AREAS } from '../../../app/areas';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import type { ChangeLogEntry } from '../../../components/change-log';
import { BUSINESS_ENTITY_COLUMNS, BUSINESS_ENTITY_TEXTS } from '../../../components/business-entity-texts';
import { DataGrid, ROW_INACTIVE_CLASS, orderByParam, type GridColumn, type GridSort } from '../../../components/DataGrid';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { businessEntityChangeLogQuery } from '../api/change-log';
import { BusinessEntityDialog, type BusinessEntityDialogTarget } from './BusinessEntityDialog';
import { NO_FILTERS, filtersOf, hasFilters, withFilters, type BusinessEntityFilters } from './filters';
import '../../../components/business-entity.css';
import './business-entity-page.css';

const STATUS_FILTER_OPTIONS: { label: string; value: BusinessEntityStatus }[] = [
  { label: BUSINESS_ENTITY_TEXTS.active, value: 'active' },
  { label: BUSINESS_ENTITY_TEXTS.inactive, value: 'inactive' },
];

/**
 * Business Entity Management (spec 3; agents are sent away by the area guard). Filters keyword
 * (loading debounced by 100 ms), Company Type, Business Type and Status, with 'x Reset Filters';
 * they live in the URL query, so a search can be bookmarked and the back button restores it. The
 * grid pages (15) and sorts (Business Entity ID, Legal Name; default ID ascending) on the server;
 * inactive rows are styled. Editors add and edit in a popup; viewOnly users only read. The CHANGE
 * LOG below expands on demand.
 */
export function BusinessEntityPage() {
  const me = useSignedInUser();
  const canEdit = mayAccess('editor', me.userType);
  const references = useQuery(referencesQuery());
  const companyTypes = useMemo(
    () => referenceItems(references.data, 'businessEntityCompanyTypes').map((o) => ({ label: o.name, value: o.objectId })),
    [references.data],
  );
  const types = useMemo(
    () => referenceItems(references.data, 'businessEntityTypes').map((o) => ({ label: o.name, value: o.objectId })),
    [references.data],
  );
  const nameIn = (options: readonly { label: string; value: number }[], id: unknown) =>
    id === null || id === undefined || id === '' ? '' : (options.find((o) => String(o.value) === String(id))?.label ?? String(id));

  // ---- filters (in the URL), sort and page -----------------------------------------------------------
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (change: Partial<BusinessEntityFilters>) =>
    setParams((p) => withFilters(p, { ...filtersOf(p), ...change }), { replace: true });

  const [text, setText] = useState(filters.keyword);
  const keyword = useDebouncedValue(text.trim(), BUSINESS_ENTITY_DEBOUNCE_MS);
  // the typed keyword reaches the URL (and the list) once typing pauses
  useEffect(() => {
    if (keyword !== filtersOf(params).keyword) setFilters({ keyword });
  }, [keyword]); // only when the debounced keyword changes
  // a keyword arriving by the URL (back/forward, a link) is shown in the box
  const [urlKeyword, setUrlKeyword] = useState(filters.keyword);
  if (filters.keyword !== urlKeyword) {
    setUrlKeyword(filters.keyword);
    if (filters.keyword !== text.trim()) setText(filters.keyword);
  }

  const [sort, setSort] = useState<GridSort>({ ...BUSINESS_ENTITY_DEFAULT_SORT });
  // the page belongs to the filters it was chosen under: new filters start from the first page
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, first: 0, rows: BUSINESS_ENTITY_PAGE_SIZE });
  const first = paging.filterKey === filterKey ? paging.first : 0;

  const list = useQuery(
    businessEntityListQuery({
      keyword: filters.keyword,
      companyType: filters.companyType,
      type: filters.type,
      status: filters.status,
      skip: first,
      limit: paging.rows,
      orderBy: orderByParam(sort),
    }),
  );
  const changeLog = useQuery(businessEntityChangeLogQuery());
  const [dialog, setDialog] = useState<BusinessEntityDialogTarget | null>(null);

  const reset = () => {
    setText('');
    setParams((p) => withFilters(p, NO_FILTERS), { replace: true });
  };

  // ---- grid ------------------------------------------------------------------------------------------
  const columns: GridColumn<BusinessEntity>[] = [
    {
      field: 'businessEntityId',
      header: BUSINESS_ENTITY_COLUMNS.businessEntityId,
      sortable: true,
      width: '12rem',
      body: (r) => <span className="eb-be-id">{r.businessEntityId}</span>,
    },
    { field: 'legalName', header: BUSINESS_ENTITY_COLUMNS.legalName, sortable: true, width: '30%' },
    { field: 'companyType', header: BUSINESS_ENTITY_COLUMNS.companyType, body: (r) => nameIn(companyTypes, r.companyType) },
    { field: 'type', header: BUSINESS_ENTITY_COLUMNS.type, body: (r) => nameIn(types, r.type) },
    {
      field: 'isActive',
      header: BUSINESS_ENTITY_COLUMNS.isActive,
      width: '8rem',
      body: (r) => (
        <Tag
          value={r.isActive ? BUSINESS_ENTITY_TEXTS.active : BUSINESS_ENTITY_TEXTS.inactive}
          severity={r.isActive ? 'success' : undefined}
          className={r.isActive ? 'eb-be-status' : 'eb-be-status eb-be-status--inactive'}
          rounded
        />
      ),
    },
    ...(canEdit
      ? [
          {
            field: 'edit',
            header: <span className="eb-be-sr-only">{BUSINESS_ENTITY_TEXTS.edit}</span>,
            width: '6rem',
            minWidth: 80,
            align: 'center' as const,
            resizable: false,
            body: (r: BusinessEntity) => (
              <Button
                type="button"
                link
                label={BUSINESS_ENTITY_TEXTS.edit}
                icon="pi pi-pencil"
                className="eb-be-edit"
                aria-label={BUSINESS_ENTITY_TEXTS.editRow(r.legalName)}
                onClick={() => setDialog({ mode: 'edit', id: r.objectId })}
              />
            ),
          },
        ]
      : []),
  ];

  // ---- change log ------------------------------------------------------------------------------------
  // An entry names the entity by its Business Entity ID (the number users know), not its objectId.
  const logEntries = useMemo(
    () => changeLog.data?.map((e) => ({ ...e, entityId: e.businessEntityId ?? e.entityId })),
    [changeLog.data],
  );
  const formatValue = (value: ChangeLogEntry['oldValue'], fieldName: string) => {
    if (value === null || value === undefined || value === '') return null;
    if (fieldName === 'companyType') return nameIn(companyTypes, value);
    if (fieldName === 'type') return nameIn(types, value);
    if (fieldName === 'isActive') return String(value) === 'true' ? BUSINESS_ENTITY_TEXTS.active : BUSINESS_ENTITY_TEXTS.inactive;
    return String(value);
  };

  const filterBar = (
    <div className="eb-be-filters" role="search" aria-label="Business entity filters">
      <IconField iconPosition="left" className="eb-be-filters__keyword">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={BUSINESS_ENTITY_TEXTS.keywordPlaceholder}
          aria-label={BUSINESS_ENTITY_TEXTS.keywordLabel}
          maxLength={200}
        />
      </IconField>
      <TypeaheadSelect<number>
        value={filters.companyType}
        options={companyTypes}
        onChange={(v) => setFilters({ companyType: v })}
        placeholder={BUSINESS_ENTITY_TEXTS.companyTypeFilter}
        aria-label={BUSINESS_ENTITY_TEXTS.companyTypeFilter}
        className="eb-be-filters__select"
      />
      <TypeaheadSelect<number>
        value={filters.type}
        options={types}
        onChange={(v) => setFilters({ type: v })}
        placeholder={BUSINESS_ENTITY_TEXTS.typeFilter}
        aria-label={BUSINESS_ENTITY_TEXTS.typeFilter}
        className="eb-be-filters__select"
      />
      <TypeaheadSelect<BusinessEntityStatus>
        value={filters.status}
        options={STATUS_FILTER_OPTIONS}
        onChange={(v) => setFilters({ status: v })}
        placeholder={BUSINESS_ENTITY_TEXTS.statusFilter}
        aria-label={BUSINESS_ENTITY_TEXTS.statusFilter}
        className="eb-be-filters__select eb-be-filters__select--status"
      />
      <Button
        type="button"
        label={BUSINESS_ENTITY_TEXTS.resetFilters}
        text
        size="small"
        className="eb-be-filters__reset"
        disabled={!hasFilters(filters) && text === ''}
        onClick={reset}
      />
    </div>
  );

  return (
    <section className="eb-be-page">
      <PageHeader
        title={AREAS.businessEntity.title}
        actions={
          canEdit ? (
            <Button label={BUSINESS_ENTITY_TEXTS.addNew} icon="pi pi-plus" onClick={() => setDialog({ mode: 'create' })} />
          ) : undefined
        }
      />
      <DataGrid<BusinessEntity>
        ariaLabel={BUSINESS_ENTITY_TEXTS.gridLabel}
        value={list.data?.data ?? []}
        totalRecords={list.data?.totalCount ?? 0}
        columns={columns}
        dataKey="objectId"
        first={first}
        rows={paging.rows}
        onPage={(p) => setPaging({ filterKey, first: p.first, rows: p.rows })}
        rowsPerPageOptions={[BUSINESS_ENTITY_PAGE_SIZE, 30, 60]}
        sort={sort}
        onSort={setSort}
        loading={list.isFetching}
        rowClassName={(r) => (r.isActive ? undefined : ROW_INACTIVE_CLASS)}
        header={filterBar}
        className="eb-be-grid"
      />
      <ChangeLogPanel
        className="eb-be-changelog"
        entries={logEntries}
        loading={changeLog.isFetching}
        fieldLabels={BUSINESS_ENTITY_COLUMNS}
        formatValue={formatValue}
      />
      {canEdit && <BusinessEntityDialog target={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
