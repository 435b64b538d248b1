import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { CONTACT_LIST_DEBOUNCE_MS, CONTACT_PAGE_SIZE } from '@eb/shared/constants';
import { CONTACT_DEFAULT_SORT, contactName, type ContactStatus, type PrimaryContactRow } from '@eb/shared/primarycontact/schemas';
import { mayAccess } from '@eb/shared/roles';
import { contactChangeLogQuery, contactListQuery } from '../../../api/primary-contacts';
import { useSignedInUser } from '../../../api/session';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import type { ChangeLogEntry } from '../../../components/change-log';
import { ContactRecords } from '../../../components/ContactRecords';
import { CONTACT_FIELD_LABELS as L, CONTACT_STATUS_OPTIONS, CONTACT_TEXTS } from '../../../components/contact-texts';
import { DataGrid, ROW_INACTIVE_CLASS, orderByParam, type GridColumn, type GridSort } from '../../../components/DataGrid';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { labelOf, useContactOptions } from '../../../components/use-contact-options';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { ContactDialog, type ContactDialogTarget } from './ContactDialogs';
import { NO_FILTERS, filtersOf, hasFilters, withFilters, type ContactFilters } from './filters';
import '../../../components/contact-entity.css';

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

  // ---- filters (in the URL), sort and page -----------------------------------------------------------
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (change: Partial<ContactFilters>) => setParams((p) => withFilters(p, { ...filtersOf(p), ...change }), { replace: true });

  const [text, setText] = useState(filters.keyword);
  const keyword = useDebouncedValue(text.trim(), CONTACT_LIST_DEBOUNCE_MS);
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

  const [sort, setSort] = useState<GridSort>({ ...CONTACT_DEFAULT_SORT });
  // the page belongs to the filters it was chosen under: new filters start from the first page
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, first: 0, rows: CONTACT_PAGE_SIZE });
  const first = paging.filterKey === filterKey ? paging.first : 0;

  const list = useQuery(
    contactListQuery({
      keyword: filters.keyword,
      statusRef: filters.status,
      fullText: filters.fullText,
      skip: first,
      limit: paging.rows,
      orderBy: orderByParam(sort),
    }),
  );
  const changeLog = useQuery(contactChangeLogQuery());
  const [dialog, setDialog] = useState<ContactDialogTarget | null>(null);

  const reset = () => {
    setText('');
    setParams((p) => withFilters(p, NO_FILTERS), { replace: true });
  };

  // ---- grid ------------------------------------------------------------------------------------------
  const columns: GridColumn<PrimaryContactRow>[] = [
    { field: 'contactId', header: L.contactId, sortable: true, width: '7.5rem', body: (r) => <span className="eb-contact-id">{r.contactId}</span> },
    { field: 'firstName', header: L.firstName, sortable: true },
    { field: 'lastName', header: L.lastName, sortable: true },
    { field: 'businessEntityId', header: L.businessEntityId, sortable: true, width: '10.5rem' },
    { field: 'legalName', header: L.legalName, sortable: true, width: '18%' },
    {
      field: 'status',
      header: L.status,
      width: '7rem',
      body: (r) => (
        <Tag
          value={r.status === 'Active' ? CONTACT_TEXTS.active : CONTACT_TEXTS.inactive}
          severity={r.status === 'Active' ? 'success' : 'secondary'}
          className="eb-contact-status"
          rounded
        />
      ),
    },
    { field: 'role', header: L.role, sortable: true, body: (r) => labelOf(options.roles, r.role) },
    { field: 'identifier', header: L.identifier, sortable: true },
    ...(canEdit
      ? [
          {
            field: 'edit',
            header: <span className="eb-contact-sr-only">{CONTACT_TEXTS.edit}</span>,
            width: '5.5rem',
            minWidth: 80,
            align: 'center' as const,
            resizable: false,
            body: (r: PrimaryContactRow) => (
              <Button
                type="button"
                link
                label={CONTACT_TEXTS.edit}
                icon="pi pi-pencil"
                className="eb-contact-edit"
                aria-label={CONTACT_TEXTS.editRow(contactName(r))}
                onClick={() => setDialog({ mode: 'edit', id: r.objectId })}
              />
            ),
          },
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
    <div className="eb-contact-filters" role="search" aria-label="Contact filters">
      <IconField iconPosition="left" className="eb-contact-filters__keyword">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={CONTACT_TEXTS.keywordPlaceholder}
          aria-label={CONTACT_TEXTS.keywordLabel}
          maxLength={200}
        />
      </IconField>
      <TypeaheadSelect<ContactStatus>
        value={filters.status}
        options={CONTACT_STATUS_OPTIONS}
        onChange={(v) => setFilters({ status: v })}
        placeholder={CONTACT_TEXTS.statusFilter}
        aria-label={CONTACT_TEXTS.statusFilter}
        className="eb-contact-filters__select"
      />
      <Button
        type="button"
        label={CONTACT_TEXTS.resetFilters}
        text
        size="small"
        className="eb-contact-filters__reset"
        disabled={!hasFilters(filters) && text === ''}
        onClick={reset}
      />
    </div>
  );

  return (
    <section className="eb-contact-page">
      <PageHeader
        title={CONTACT_TEXTS.pageTitle}
        actions={canEdit ? <Button label={CONTACT_TEXTS.addNew} icon="pi pi-plus" onClick={() => setDialog({ mode: 'create' })} /> : undefined}
      />
      <DataGrid<PrimaryContactRow>
        ariaLabel={CONTACT_TEXTS.gridLabel}
        value={list.data?.data ?? []}
        totalRecords={list.data?.totalCount ?? 0}
        columns={columns}
        dataKey="objectId"
        first={first}
        rows={paging.rows}
        onPage={(p) => setPaging({ filterKey, first: p.first, rows: p.rows })}
        rowsPerPageOptions={[CONTACT_PAGE_SIZE, 50, 100]}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPaging((p) => ({ ...p, first: 0 }));
        }}
        loading={list.isFetching}
        rowClassName={(r) => (r.status === 'Active' ? undefined : ROW_INACTIVE_CLASS)}
        rowExpansionTemplate={(r) => <ContactRecords contactId={r.objectId} />}
        header={filterBar}
        fullTextSearch={{ checked: filters.fullText, onChange: (checked) => setFilters({ fullText: checked }) }}
        className="eb-contact-grid"
      />
      <ChangeLogPanel
        className="eb-contact-changelog"
        entries={changeLog.data}
        loading={changeLog.isFetching}
        fieldLabels={L}
        formatValue={formatValue}
      />
      {canEdit && <ContactDialog target={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
