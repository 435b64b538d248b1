import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CONTACT_LIST_DEBOUNCE_MS, CONTACT_PAGE_SIZE } from '@eb/shared/constants';
import { contactName, type ContactStatus } from '@eb/shared/contact/labels';
import { CONTACT_DEFAULT_SORT } from '@eb/shared/contact/list-keys';
import type { ContactRow } from '@eb/shared/contact/schemas';
import { mayAccess } from '@eb/shared/roles';
import { contactChangeLogQuery, contactListQuery } from '../../../entities/contact/api';
import { useSignedInUser } from '../../../entities/users/session';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import type { ChangeLogEntry } from '../../../components/change-log';
import { ContactRecords } from '../../../entities/contact/ContactRecords';
import { CONTACT_FIELD_LABELS as L, CONTACT_STATUS_OPTIONS, CONTACT_TEXTS } from '../../../entities/contact/contact-texts';
import { DataGrid, ROW_INACTIVE_CLASS, orderByParam, type GridColumn } from '../../../components/DataGrid';
import { editColumn } from '../../../components/grid-columns';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { StatusTag } from '../../../components/StatusTag';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { labelOf, useContactOptions } from '../../../entities/contact/use-contact-options';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import type { ContactDialogTarget } from './ContactDialogs';
import { NO_FILTERS, filtersOf, hasFilters, withFilters } from './filters';
import '../../../entities/contact/contact.css';
import '../../../components/list-page.css';

/** The add and edit popups (the contact form and its sub-grids) load with their first use. */
const ContactDialog = lazy(() => import('./ContactDialogs').then((m) => ({ default: m.ContactDialog })));

/**
 * Contact Entity Management (spec 3; agents are sent away by the area guard). Filters keyword
 * (loading debounced by 500 ms) and Status with 'x Reset Filters', kept in the URL query. The grid
 * (Contact Id, First Name, Last Name, Business Entity ID, Legal Name, Status, Role, Identifier, all
 * sortable but Status) pages 20 a page by Contact Id ascending on the server; rows expand to their
 * read-only addresses, phones and emails; inactive rows are styled. Editors add ('Add New Contact
 * Entity') and edit (the Edit link) in popups; viewOnly users only read. The CHANGE LOG below lists
 * every contact change, sub-records included.
 */
export function ContactEntityPage() {
  const me = useSignedInUser();
  const canEdit = mayAccess('editor', me.userType);
  const options = useContactOptions();

  // ---- filters (in the URL), sort and page (a new sort starts from the first page) -----------------
  const { filters, setFilters, text, setText, sort, setSort, paging, reset } = useUrlListState({
    filtersOf,
    withFilters,
    noFilters: NO_FILTERS,
    debounceMs: CONTACT_LIST_DEBOUNCE_MS,
    defaultSort: CONTACT_DEFAULT_SORT,
    pageSize: CONTACT_PAGE_SIZE,
    sortToFirstPage: true,
  });

  const list = useQuery(
    contactListQuery({
      keyword: filters.keyword,
      statusRef: filters.status,
      fullText: filters.fullText,
      skip: paging.first,
      limit: paging.rows,
      orderBy: orderByParam(sort),
    }),
  );
  const changeLog = useQuery(contactChangeLogQuery());
  const [dialog, setDialog] = useState<ContactDialogTarget | null>(null);

  // ---- grid ------------------------------------------------------------------------------------------
  const columns: GridColumn<ContactRow>[] = [
    { field: 'contactId', header: L.contactId, sortable: true, width: '8%', body: (r) => <span className="eb-contact-id eb-list-grid__id">{r.contactId}</span> },
    { field: 'firstName', header: L.firstName, sortable: true, width: '13%', clip: true },
    { field: 'lastName', header: L.lastName, sortable: true, width: '13%', clip: true },
    { field: 'businessEntityId', header: L.businessEntityId, sortable: true, width: '9%' },
    { field: 'legalName', header: L.legalName, sortable: true, width: '16%', clip: true },
    {
      field: 'status',
      header: L.status,
      width: '10%',
      body: (r) => <StatusTag active={r.status === 'Active'} labels={CONTACT_TEXTS} inactiveSeverity="secondary" className="eb-contact-status" />,
    },
    { field: 'role', header: L.role, sortable: true, width: '12%', clip: true, body: (r) => labelOf(options.roles, r.role) },
    { field: 'identifier', header: L.identifier, sortable: true, width: '8%', clip: true },
    ...(canEdit
      ? [
          editColumn<ContactRow>({
            label: CONTACT_TEXTS.edit,
            ariaLabel: (r) => CONTACT_TEXTS.editRow(contactName(r)),
            onEdit: (r) => setDialog({ mode: 'edit', id: r.objectId }),
            width: '5.5rem',
            className: 'eb-contact-edit',
          }),
        ]
      : []),
  ];

  // ---- change log ------------------------------------------------------------------------------------
  const formatValue = useMemo(
    () => (value: ChangeLogEntry['oldValue'], fieldName: string) => {
      if (value === null || value === undefined || value === '') return null;
      if (fieldName === 'role') return labelOf(options.roles, String(value));
      return String(value);
    },
    [options.roles],
  );

  const filterBar = (
    <ListFilters
      ariaLabel={CONTACT_TEXTS.filtersLabel}
      className="eb-contact-filters"
      keyword={{
        value: text,
        onChange: setText,
        placeholder: CONTACT_TEXTS.keywordPlaceholder,
        ariaLabel: CONTACT_TEXTS.keywordLabel,
        className: 'eb-contact-filters__keyword',
      }}
      resetLabel={CONTACT_TEXTS.resetFilters}
      resetDisabled={!hasFilters(filters) && text === ''}
      onReset={reset}
      resetClassName="eb-contact-filters__reset"
    >
      <TypeaheadSelect<ContactStatus>
        value={filters.status}
        options={CONTACT_STATUS_OPTIONS}
        onChange={(v) => setFilters({ status: v })}
        placeholder={CONTACT_TEXTS.statusFilter}
        aria-label={CONTACT_TEXTS.statusFilter}
        className="eb-contact-filters__select"
      />
    </ListFilters>
  );

  return (
    <section className="eb-list-page eb-contact-page">
      <PageHeader
        title={CONTACT_TEXTS.pageTitle}
        actions={canEdit ? <Button label={CONTACT_TEXTS.addNew} icon="pi pi-plus" onClick={() => setDialog({ mode: 'create' })} /> : undefined}
      />
      <DataGrid<ContactRow>
        ariaLabel={CONTACT_TEXTS.gridLabel}
        {...pagedGridProps(list, paging)}
        columns={columns}
        dataKey="objectId"
        rowsPerPageOptions={[CONTACT_PAGE_SIZE, 50, 100]}
        sort={sort}
        onSort={setSort}
        rowClassName={(r) => (r.status === 'Active' ? undefined : ROW_INACTIVE_CLASS)}
        rowExpansionTemplate={(r) => <ContactRecords contactId={r.objectId} />}
        header={filterBar}
        fullTextSearch={{ checked: filters.fullText, onChange: (checked) => setFilters({ fullText: checked }) }}
        className="eb-list-grid eb-contact-grid"
      />
      <ChangeLogPanel
        className="eb-list-page__changelog eb-contact-changelog"
        entries={changeLog.data}
        loading={changeLog.isFetching}
        fieldLabels={L}
        formatValue={formatValue}
      />
      {canEdit && dialog && (
        <Suspense fallback={null}>
          <ContactDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </section>
  );
}
