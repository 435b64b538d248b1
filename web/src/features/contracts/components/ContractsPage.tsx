import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { AMENDMENT_LABELS } from '@eb/shared/contract/labels';
import type { AmendmentRow } from '@eb/shared/contract/schemas';
import { CONTRACT_DEFAULT_SORT } from '@eb/shared/contract/list-keys';
import { CONTRACT_PAGE_SIZE, CONTRACT_SEARCH_DEBOUNCE_MS, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { contractListQuery, exportContracts } from '../../../entities/contract/api';
import { contractGridColumns } from '../../../entities/contract/contract-columns';
import { CONTRACT_COLUMNS, CONTRACT_DATE_KINDS, CONTRACT_TEXTS, type ContractDateKind } from '../../../entities/contract/contract-texts';
import { codeOptions, referenceNameOf } from '../../../entities/reference/reference-options';
import { referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { DataGrid, orderByParam, type GridSort } from '../../../components/DataGrid';
import { columnsOf } from '../../../lib/saved-views';
import { DateInput } from '../../../components/DateInput';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useLatest } from '../../../components/use-latest';
import { browser } from '../../../lib/browser';
import { saveFile } from '../../../lib/download';
import { ContractDetails } from './ContractDetails';
import { COLUMN_FILTERS, NO_FILTERS, editedPeriod, filterBody, filtersOf, hasFilters, withFilters, withPeriod, type ColumnFilterKey } from './filters';
import '../../../components/list-page.css';
import './contracts.css';

/** A grid row keyed by the amendment and its master contract (spec 2 "Contracts Search"). */
type Row = AmendmentRow & { selectionKey: string; primaryParticipant: string };

/** /enrollments/contracts: Contracts Search; /enrollments/contracts/{ids}: Contract Details. */
/** Saved views and the column chooser load after the page. */
const ExportAllDialog = lazy(() => import('./ExportAllDialog').then((m) => ({ default: m.ExportAllDialog })));
const ListViews = lazy(() => import('../../../components/ListViews').then((m) => ({ default: m.ListViews })));

/** A column's filter: typed text reaches the URL (and the list) once typing pauses. */
function ColumnFilter({ label, numeric, value, onChange }: { label: string; numeric: boolean; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  // a value arriving by the URL (Reset, back/forward, a link) is shown
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const settled = useDebouncedValue(text.trim(), CONTRACT_SEARCH_DEBOUNCE_MS);
  const latest = useLatest({ value, onChange });
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onChange(settled);
  }, [settled, latest]);
  return (
    <InputText
      value={text}
      onChange={(e) => setText(numeric ? e.target.value.replace(/\D+/g, '').slice(0, 10) : e.target.value)}
      placeholder={label}
      aria-label={`${CONTRACT_TEXTS.filterBy} ${label}`}
      inputMode={numeric ? 'numeric' : undefined}
      className="p-inputtext-sm eb-contracts-filters__column"
    />
  );
}

/** 'mm/dd/yyyy' of a yyyy-MM-dd day, '…' for none. */
/** The filters of the address bar now (a change made right after another one builds on it, not on the last render). */
const liveFilters = () => filtersOf(browser.currentQuery());

const formatDay = (day: string | null): string => (day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '…');

const columnLabel = (key: ColumnFilterKey): string =>
  key === 'businessEntityLegalName' ? CONTRACT_TEXTS.businessEntityFilter : key === 'primaryParticipant' ? CONTRACT_TEXTS.primaryParticipantFilter : AMENDMENT_LABELS[key];

export function ContractsPage() {
  const { id } = useParams<{ id?: string }>();
  // a saved view opened on the page starts the search afresh (its sort)
  const [opened, setOpened] = useState(0);
  if (id !== undefined) return <ContractDetails key={id} param={id} />;
  return <ContractsSearch key={opened} onViewOpened={() => setOpened((n) => n + 1)} />;
}

const ALL_COLUMNS = CONTRACT_COLUMNS.map((c) => c.field as string);
/** The grid's sort in the URL ('sort=amendmentReceived Ascending'), among the spec's sort keys. */
function sortOf(params: URLSearchParams): GridSort | null {
  const [field, direction] = (params.get('sort') ?? '').split(' ');
  return CONTRACT_COLUMNS.some((c) => c.sortKey === field) && (direction === 'Ascending' || direction === 'Descending') ? { field: field!, direction } : null;
}

/**
 * Contracts Search (spec 2): keyword, amendment type and status, one of the four date periods with
 * from and to, and 'x Reset Filters', all in the URL; the list reloads 500 ms after typing pauses.
 * The grid: 100 a page with the total, contractId descending by default, sortable by the spec's 13
 * keys; rows are selected by amendment and master contract. 'Add New Contract' and 'Download' are
 * hidden for agents; 'View Record' opens up to the details limit of selected amendments.
 */
function ContractsSearch({ onViewOpened }: { onViewOpened: () => void }) {
  const me = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const visible = columnsOf(params, ALL_COLUMNS) ?? ALL_COLUMNS;
  const staff = mayAccess('nonAgent', me.userType);
  const editor = mayAccess('editor', me.userType);
  const navigate = useNavigate();
  const references = useQuery(referencesQuery());
  const types = useMemo(() => codeOptions(references.data, 'contractTypes'), [references.data]);
  const statuses = useMemo(() => codeOptions(references.data, 'contractStatuses'), [references.data]);

  const { filters, setFilters, text, setText, sort, setSort, paging, reset } = useUrlListState({
    filtersOf,
    withFilters,
    noFilters: NO_FILTERS,
    debounceMs: CONTRACT_SEARCH_DEBOUNCE_MS,
    defaultSort: sortOf(params) ?? CONTRACT_DEFAULT_SORT,
    pageSize: CONTRACT_PAGE_SIZE,
  });
  /** Sort and columns live in the URL too (a saved view is the page's query). */
  const setUrlParam = (key: string, value: string | null) =>
    setParams(() => {
      const next = new URLSearchParams(browser.currentQuery());
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const sortBy = (next: GridSort) => {
    setSort(next);
    setUrlParam('sort', orderByParam(next));
  };
  const body = filterBody(filters);
  const list = useQuery(contractListQuery({ filter: body, skip: paging.first, limit: paging.rows, orderBy: orderByParam(sort) }));
  const rows: Row[] = useMemo(
    () =>
      (list.data?.data ?? []).map((r) => ({
        ...r,
        selectionKey: `${r.objectId}-${r.masterContract.objectId}`,
        primaryParticipant: [r.primaryContactFirstName, r.primaryContactLastName].filter(Boolean).join(' '),
      })),
    [list.data],
  );
  const [selection, setSelection] = useState<Row[]>([]);
  const [downloading, setDownloading] = useState(false);
  const [exportingAll, setExportingAll] = useState(false);

  const columns = contractGridColumns<Row>(
    CONTRACT_COLUMNS.filter((c) => visible.includes(c.field)),
    (itemType, code) => referenceNameOf(references.data, itemType, code),
  );

  const viewRecord = () =>
    navigate(`${AREAS.contracts.path}/amendment/${selection.map((r) => r.objectId).join(NAVIGATION_ID_DELIMITER)}`);
  const download = async () => {
    setDownloading(true);
    try {
      const filter = selection.length ? { contractRefs: selection.map((r) => ({ objectId: r.objectId })) } : body;
      saveFile(await exportContracts(filter, orderByParam(sort)));
    } catch {
      // the API client showed the failure
    } finally {
      setDownloading(false);
    }
  };

  const filterBar = (
    <ListFilters
      ariaLabel={CONTRACT_TEXTS.filtersLabel}
      className="eb-contracts-filters"
      keyword={{ value: text, onChange: setText, placeholder: CONTRACT_TEXTS.keywordPlaceholder, ariaLabel: CONTRACT_TEXTS.keywordLabel, className: 'eb-contracts-filters__keyword' }}
      resetLabel={CONTRACT_TEXTS.resetFilters}
      resetDisabled={!hasFilters(filters) && text === ''}
      onReset={reset}
    >
      <TypeaheadSelect<string>
        value={filters.type}
        options={types}
        onChange={(v) => setFilters({ type: v })}
        placeholder={CONTRACT_TEXTS.typeFilter}
        aria-label={CONTRACT_TEXTS.typeFilter}
        className="eb-contracts-filters__select"
      />
      <TypeaheadSelect<string>
        value={filters.status}
        options={statuses}
        onChange={(v) => setFilters({ status: v })}
        placeholder={CONTRACT_TEXTS.statusFilter}
        aria-label={CONTRACT_TEXTS.statusFilter}
        className="eb-contracts-filters__select"
      />
      <Dropdown
        value={filters.dateKind}
        options={CONTRACT_DATE_KINDS.map((k) => ({ label: k.label, value: k.value }))}
        onChange={(e) => setFilters({ dateKind: e.value as ContractDateKind })}
        aria-label={CONTRACT_TEXTS.dateKind}
        className="eb-contracts-filters__date-kind"
      />
      <DateInput
        value={editedPeriod(filters).from ? `${editedPeriod(filters).from}T00:00:00` : null}
        onChange={(v) => setFilters(withPeriod(liveFilters(), { from: v ? v.slice(0, 10) : null }))}
        aria-label={CONTRACT_TEXTS.from}
        className="eb-contracts-filters__date"
      />
      <DateInput
        value={editedPeriod(filters).to ? `${editedPeriod(filters).to}T00:00:00` : null}
        onChange={(v) => setFilters(withPeriod(liveFilters(), { to: v ? v.slice(0, 10) : null }))}
        aria-label={CONTRACT_TEXTS.to}
        className="eb-contracts-filters__date"
      />
      {CONTRACT_DATE_KINDS.filter((k) => filters.periods[k.value]).length > 0 && (
        <div className="eb-contracts-filters__periods" role="group" aria-label={CONTRACT_TEXTS.datePeriods}>
          {CONTRACT_DATE_KINDS.filter((k) => filters.periods[k.value]).map((k) => (
            <Button
              key={k.value}
              type="button"
              size="small"
              rounded
              outlined={k.value !== filters.dateKind}
              icon="pi pi-times"
              iconPos="right"
              label={CONTRACT_TEXTS.periodLabel(k.label, formatDay(filters.periods[k.value]!.from), formatDay(filters.periods[k.value]!.to))}
              aria-label={CONTRACT_TEXTS.removePeriod(k.label)}
              onClick={() => setFilters(withPeriod(liveFilters(), { from: null, to: null }, k.value))}
            />
          ))}
        </div>
      )}
      <div className="eb-contracts-filters__columns" role="group" aria-label={CONTRACT_TEXTS.columnFilters}>
        {COLUMN_FILTERS.map((c) => (
          <ColumnFilter
            key={c.key}
            label={columnLabel(c.key)}
            numeric={c.numeric}
            value={filters.columns[c.key] ?? ''}
            onChange={(v) => setFilters({ columns: { ...liveFilters().columns, [c.key]: v || undefined } })}
          />
        ))}
      </div>
      <div className="eb-contracts-filters__views">
        <Suspense fallback={null}>
          <ListViews
            list="contracts"
            columns={CONTRACT_COLUMNS.map((c) => ({ field: c.field, header: c.header }))}
            visible={visible}
            onVisibleChange={(fields) => setUrlParam('cols', fields.length === ALL_COLUMNS.length ? null : fields.join(','))}
            query={() => browser.currentQuery().toString()}
            onApply={(query) => {
              navigate({ search: query ? `?${query}` : '' });
              onViewOpened();
            }}
          />
        </Suspense>
      </div>
    </ListFilters>
  );

  return (
    <section className="eb-list-page eb-contracts-page">
      <PageHeader
        title={AREAS.contracts.title}
        actions={
          <div className="eb-contracts-actions">
            {editor && <Button label={CONTRACT_TEXTS.addNew} icon="pi pi-plus" onClick={() => navigate(`${AREAS.contracts.path}/0`)} />}
            <Button
              label={CONTRACT_TEXTS.viewRecord}
              icon="pi pi-eye"
              outlined
              disabled={selection.length === 0 || selection.length > ENTITY_DETAIL_LIMIT}
              onClick={viewRecord}
            />
            {staff && (
              <Button
                label={CONTRACT_TEXTS.download}
                icon="pi pi-download"
                outlined
                loading={downloading}
                disabled={(list.data?.totalCount ?? 0) === 0}
                onClick={() => void download()}
              />
            )}
            {staff && (
              <Button
                label={CONTRACT_TEXTS.exportAll}
                icon="pi pi-file-export"
                outlined
                disabled={(list.data?.totalCount ?? 0) === 0 || exportingAll}
                onClick={() => setExportingAll(true)}
              />
            )}
            {exportingAll && (
              <Suspense fallback={null}>
                <ExportAllDialog filter={body} orderBy={orderByParam(sort)} onClose={() => setExportingAll(false)} />
              </Suspense>
            )}
          </div>
        }
      />
      <DataGrid<Row>
        ariaLabel={CONTRACT_TEXTS.gridLabel}
        {...pagedGridProps(list, paging)}
        value={rows}
        columns={columns}
        dataKey="selectionKey"
        rowsPerPageOptions={[CONTRACT_PAGE_SIZE, 200, 500]}
        sort={sort}
        onSort={sortBy}
        selection={selection}
        onSelectionChange={setSelection}
        header={filterBar}
        className="eb-list-grid eb-contracts-grid"
      />
    </section>
  );
}
