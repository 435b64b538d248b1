import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CONTRACT_LIST_COLUMNS } from '@eb/shared/amendment/list-columns';
import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { CONTRACT_DEFAULT_SORT } from '@eb/shared/amendment/list-keys';
import { chooserColumnsOf } from '@eb/shared/list-columns';
import { CONTRACT_PAGE_SIZE, CONTRACT_SEARCH_DEBOUNCE_MS, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { contractListQuery, exportContracts } from '../../../entities/amendment/api';
import { amendmentGridColumns } from '../../../entities/amendment/amendment-columns';
import { CONTRACT_TEXTS } from '../../../entities/amendment/amendment-texts';
import { QUEUE_TITLES } from '../../../entities/home/home-texts';
import { codeOptions, referenceNameOf } from '../../../entities/reference/reference-options';
import { referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { DataGrid, orderByParam, type GridSort } from '../../../components/DataGrid';
import { SearchFilterBar } from '../../../components/SearchFilterBar';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { PageHeader } from '../../../components/PageHeader';
import { SearchPageActions, SearchPageViews, useSearchSession } from '../../../components/SearchPage';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import { useUrlGridView } from '../../../components/use-url-grid-view';
import { useDownload } from '../../../components/use-download';
import { CONTRACT_FILTER_LABELS, CONTRACT_FILTERS, NO_FILTERS, filterBody, filtersOf, withFilters } from './filters';
import '../../../components/list-page.css';
import './contracts.css';

/** A grid row keyed by the amendment and its master contract (spec 2 "Contracts Search"). */
type Row = AmendmentRow & { selectionKey: string; primaryParticipant: string };

/** /enrollments/contracts: Contracts Search; /enrollments/contracts/{ids}: Contract Details. */
/** The validation an amendment awaits (?awaiting=pricing, the home page's validation queues). */
const AWAITING_OPTIONS = (['pricing', 'operations'] as const).map((v) => ({ value: v, label: QUEUE_TITLES[`${v}Validation`] }));

/** Contract Details (its record tabs) loads with its first use: the search's route stays small. */
const ContractDetails = lazy(() => import('./ContractDetails').then((m) => ({ default: m.ContractDetails })));
const ExportAllDialog = lazy(() => import('./ExportAllDialog').then((m) => ({ default: m.ExportAllDialog })));

export function ContractsPage() {
  const { id } = useParams<{ id?: string }>();
  const { session, onViewOpened } = useSearchSession();
  // one screen for every id list: closing or adding a tab keeps the other tabs (and their edits)
  if (id !== undefined)
    return (
      <Suspense fallback={null}>
        <ContractDetails param={id} />
      </Suspense>
    );
  return <ContractsSearch key={session} onViewOpened={onViewOpened} />;
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
  const view = useUrlGridView(CONTRACT_LIST_COLUMNS);
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
    defaultSort: view.urlSort ?? CONTRACT_DEFAULT_SORT,
    pageSize: CONTRACT_PAGE_SIZE,
  });
  /** Sort and columns live in the URL too (a saved view is the page's query). */
  const sortBy = (next: GridSort) => {
    setSort(next);
    view.keepSort(next);
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
  const { downloading, download: downloadFile } = useDownload();
  const [exportingAll, setExportingAll] = useState(false);

  const columns = amendmentGridColumns<Row>(
    CONTRACT_LIST_COLUMNS.filter((c) => view.visible.includes(c.field)),
    (itemType, code) => referenceNameOf(references.data, itemType, code),
  );

  const openAmendments = (ids: number[]) => navigate(`${AREAS.contracts.path}/amendment/${ids.join(NAVIGATION_ID_DELIMITER)}`);
  const viewRecord = () => openAmendments(selection.map((r) => r.objectId));
  const download = () =>
    downloadFile(() => exportContracts(selection.length ? { contractRefs: selection.map((r) => ({ objectId: r.objectId })) } : body, orderByParam(sort), columns.map((c) => c.field)));

  const filterBar = (
    <SearchFilterBar
      def={CONTRACT_FILTERS}
      filters={filters}
      setFilters={setFilters}
      text={text}
      setText={setText}
      reset={reset}
      ariaLabel={CONTRACT_TEXTS.filtersLabel}
      keywordLabel={CONTRACT_TEXTS.keywordLabel}
      keywordPlaceholder={CONTRACT_TEXTS.keywordPlaceholder}
      resetLabel={CONTRACT_TEXTS.resetFilters}
      labels={CONTRACT_FILTER_LABELS}
      options={{ type: types, status: statuses }}
      debounceMs={CONTRACT_SEARCH_DEBOUNCE_MS}
      views={<SearchPageViews list="contracts" columns={chooserColumnsOf(CONTRACT_LIST_COLUMNS)} view={view} onViewOpened={onViewOpened} />}
    >
      <TypeaheadSelect<string>
        value={filters.extras.awaiting ?? null}
        options={AWAITING_OPTIONS}
        onChange={(v) => setFilters({ extras: { ...filters.extras, awaiting: v ?? undefined } })}
        placeholder={CONTRACT_TEXTS.awaiting}
        aria-label={CONTRACT_TEXTS.awaiting}
        className="eb-contracts-filters__awaiting"
      />
    </SearchFilterBar>
  );

  return (
    <section className="eb-list-page eb-search-page eb-contracts-page">
      <PageHeader
        title={AREAS.contracts.title}
        actions={
          <SearchPageActions
            prefix="eb-contracts"
            texts={CONTRACT_TEXTS}
            page={{ selection, total: list.data?.totalCount ?? 0, downloading, exportingAll, setExportingAll }}
            limit={ENTITY_DETAIL_LIMIT}
            onView={viewRecord}
            staff={staff}
            onDownload={() => void download()}
            exportAll={(onClose) => <ExportAllDialog filter={body} orderBy={orderByParam(sort)} columns={columns.map((c) => c.field)} onClose={onClose} />}
          >
            {editor && <Button label={CONTRACT_TEXTS.addNew} icon="pi pi-plus" onClick={() => navigate(`${AREAS.contracts.path}/amendment/0`, { state: { newContract: true } })} />}
          </SearchPageActions>
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
        onRowOpen={(r) => openAmendments([r.objectId])}
        rowLabel={(r) => `contract ${r.contractId ?? ''} amendment ${r.amendmentNumber ?? ''}`}
        scrollHeight="flex"
        header={filterBar}
        className="eb-list-grid eb-search-grid eb-contracts-grid"
      />
    </section>
  );
}
