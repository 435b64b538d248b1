import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { BUSINESS_ENTITY_DEFAULT_SORT, type BusinessEntityStatus } from '@eb/shared/business-entity/list-keys';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { BUSINESS_ENTITY_DEBOUNCE_MS, BUSINESS_ENTITY_PAGE_SIZE } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { businessEntityListQuery } from '../../../entities/business-entity/api';
import { referenceItems, referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import type { ChangeLogEntry } from '../../../components/change-log';
import { BUSINESS_ENTITY_COLUMNS, BUSINESS_ENTITY_TEXTS } from '../../../entities/business-entity/business-entity-texts';
import { DataGrid, ROW_INACTIVE_CLASS, orderByParam, type GridColumn } from '../../../components/DataGrid';
import { editColumn } from '../../../components/grid-columns';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { StatusTag } from '../../../components/StatusTag';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import { businessEntityChangeLogQuery } from '../../../entities/business-entity/change-log';
import type { BusinessEntityDialogTarget } from './BusinessEntityDialog';
import { NO_FILTERS, filtersOf, hasFilters, withFilters } from './filters';
import '../../../entities/business-entity/business-entity.css';
import '../../../components/list-page.css';
import './business-entity-page.css';

/** The business entity popup and its form rules: loaded when one is added or opened. */
const BusinessEntityDialog = lazy(() => import('./BusinessEntityDialog').then((m) => ({ default: m.BusinessEntityDialog })));

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
    () => referenceItems(references.data, 'businessEntityCompanyTypes').map((o) => ({ label: o.name, value: o.code, objectId: o.objectId })),
    [references.data],
  );
  const types = useMemo(
    () => referenceItems(references.data, 'businessEntityTypes').map((o) => ({ label: o.name, value: o.code, objectId: o.objectId })),
    [references.data],
  );
  // values are codes; change-log entries written before the codes convention hold the objectId
  const nameIn = (options: readonly { label: string; value: string; objectId: number }[], value: unknown) =>
    value === null || value === undefined || value === ''
      ? ''
      : (options.find((o) => o.value === String(value) || String(o.objectId) === String(value))?.label ?? String(value));

  // ---- filters (in the URL), sort and page -----------------------------------------------------------
  const { filters, setFilters, text, setText, sort, setSort, paging, reset } = useUrlListState({
    filtersOf,
    withFilters,
    noFilters: NO_FILTERS,
    debounceMs: BUSINESS_ENTITY_DEBOUNCE_MS,
    defaultSort: BUSINESS_ENTITY_DEFAULT_SORT,
    pageSize: BUSINESS_ENTITY_PAGE_SIZE,
  });

  const list = useQuery(
    businessEntityListQuery({
      keyword: filters.keyword,
      companyType: filters.companyType,
      type: filters.type,
      status: filters.status,
      skip: paging.first,
      limit: paging.rows,
      orderBy: orderByParam(sort),
    }),
  );
  const changeLog = useQuery(businessEntityChangeLogQuery());
  const [dialog, setDialog] = useState<BusinessEntityDialogTarget | null>(null);

  // ---- grid ------------------------------------------------------------------------------------------
  const columns: GridColumn<BusinessEntity>[] = [
    {
      field: 'businessEntityId',
      header: BUSINESS_ENTITY_COLUMNS.businessEntityId,
      sortable: true,
      width: '12rem',
      body: (r) => <span className="eb-be-id eb-list-grid__id">{r.businessEntityId}</span>,
    },
    { field: 'legalName', header: BUSINESS_ENTITY_COLUMNS.legalName, sortable: true, width: '30%' },
    { field: 'companyType', header: BUSINESS_ENTITY_COLUMNS.companyType, body: (r) => nameIn(companyTypes, r.companyType) },
    { field: 'type', header: BUSINESS_ENTITY_COLUMNS.type, body: (r) => nameIn(types, r.type) },
    {
      field: 'isActive',
      header: BUSINESS_ENTITY_COLUMNS.isActive,
      width: '8rem',
      body: (r) => <StatusTag active={r.isActive} labels={BUSINESS_ENTITY_TEXTS} className="eb-be-status" />,
    },
    ...(canEdit
      ? [
          editColumn<BusinessEntity>({
            label: BUSINESS_ENTITY_TEXTS.edit,
            ariaLabel: (r) => BUSINESS_ENTITY_TEXTS.editRow(r.legalName),
            onEdit: (r) => setDialog({ mode: 'edit', id: r.objectId }),
            width: '6rem',
            className: 'eb-be-edit',
          }),
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
    <ListFilters
      ariaLabel={BUSINESS_ENTITY_TEXTS.filtersLabel}
      className="eb-be-filters"
      keyword={{
        value: text,
        onChange: setText,
        placeholder: BUSINESS_ENTITY_TEXTS.keywordPlaceholder,
        ariaLabel: BUSINESS_ENTITY_TEXTS.keywordLabel,
        className: 'eb-be-filters__keyword',
      }}
      resetLabel={BUSINESS_ENTITY_TEXTS.resetFilters}
      resetDisabled={!hasFilters(filters) && text === ''}
      onReset={reset}
      resetClassName="eb-be-filters__reset"
    >
      <TypeaheadSelect<string>
        value={filters.companyType}
        options={companyTypes}
        onChange={(v) => setFilters({ companyType: v })}
        placeholder={BUSINESS_ENTITY_TEXTS.companyTypeFilter}
        aria-label={BUSINESS_ENTITY_TEXTS.companyTypeFilter}
        className="eb-be-filters__select"
      />
      <TypeaheadSelect<string>
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
    </ListFilters>
  );

  return (
    <section className="eb-list-page eb-be-page">
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
        {...pagedGridProps(list, paging)}
        columns={columns}
        dataKey="objectId"
        rowsPerPageOptions={[BUSINESS_ENTITY_PAGE_SIZE, 30, 60]}
        sort={sort}
        onSort={setSort}
        rowClassName={(r) => (r.isActive ? undefined : ROW_INACTIVE_CLASS)}
        header={filterBar}
        className="eb-list-grid eb-be-grid"
      />
      <ChangeLogPanel
        className="eb-list-page__changelog eb-be-changelog"
        entries={logEntries}
        loading={changeLog.isFetching}
        fieldLabels={BUSINESS_ENTITY_COLUMNS}
        formatValue={formatValue}
      />
      {canEdit && dialog && (
        <Suspense fallback={null}>
          <BusinessEntityDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </section>
  );
}
