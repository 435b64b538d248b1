import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ACCOUNT_LIST_COLUMNS } from '@eb/shared/account/list-columns';
import { ACCOUNT_DEFAULT_SORT, type AccountRow } from '@eb/shared/account/schemas';
import { chooserColumnsOf, gridColumnsOf } from '@eb/shared/list-columns';
import { ACCOUNT_PAGE_SIZE, ACCOUNT_SEARCH_DEBOUNCE_MS, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER, RENEWAL_WINDOW_DAYS } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { formatDisplayDate } from '@eb/shared/validation';
import { accountListQuery, accountsExportAllLink, exportAccounts, startAccountsExportAll } from '../../../entities/account/api';
import { codeOptions, referenceNameOf, useReferenceSets } from '../../../entities/reference/reference-options';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { useDownload } from '../../../components/use-download';
import { browser } from '../../../lib/browser';
import { DataGrid, orderByParam, type GridColumn, type GridSort } from '../../../components/DataGrid';
import { PageHeader } from '../../../components/PageHeader';
import { selectionLimitText } from '../../../components/component-texts';
import { SearchFilterBar } from '../../../components/SearchFilterBar';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlGridView } from '../../../components/use-url-grid-view';
import { useUrlListState } from '../../../components/use-url-list-state';
import { ACCOUNT_FILTER_LABELS, ACCOUNT_FILTERS, accountFilterBody } from './filters';
import '../../../components/list-page.css';
import './accounts.css';

const TEXTS = {
  viewRecord: 'View Record',
  download: 'Download',
  exportAll: 'Export all',
  exportWhat: 'every account of the search',
  resetFilters: 'x Reset Filters',
  filters: 'Account filters',
  keyword: 'Keyword',
  keywordPlaceholder: 'Search by account, LDC #, name, contract, ticket or legal name',
  renewal: 'Renewals due',
  renewalOption: (days: number) => `Ending within ${days} days`,
  grid: 'Accounts',
} as const;

/** Account Detail loads with its first use (the search route stays within its budget). */
const AccountDetails = lazy(() => import('./AccountDetails').then((m) => ({ default: m.AccountDetails })));
/** Saved views, the column chooser and Export all load after the page. */
const ListViews = lazy(() => import('../../../components/ListViews').then((m) => ({ default: m.ListViews })));
const JobDownloadDialog = lazy(() => import('../../../entities/job/JobDownloadDialog').then((m) => ({ default: m.JobDownloadDialog })));

/** /enrollments/accounts (search), /accounts/{ids} (detail), /accounts/0/{amendmentId} (a new account of an amendment), /accounts/0/clone/{cloneId} (a clone). */
export function AccountsPage() {
  const { id, contractId, cloneId } = useParams<{ id?: string; contractId?: string; cloneId?: string }>();
  // a saved view opened on the page starts the search afresh (its sort)
  const [opened, setOpened] = useState(0);
  if (id !== undefined) {
    return (
      <Suspense fallback={null}>
        <AccountDetails
          // one screen for an id list: closing a tab keeps the other tabs (and their edits); a new or cloned account starts afresh
          key={`${contractId ?? ''}/${cloneId ?? ''}`}
          param={id}
          amendmentId={contractId ? Number(contractId) || null : null}
          cloneId={cloneId ? Number(cloneId) || null : null}
        />
      </Suspense>
    );
  }
  return <AccountsSearch key={opened} onViewOpened={() => setOpened((n) => n + 1)} />;
}

const RENEWALS_SORT: GridSort = { field: 'accountEndDate', direction: 'Ascending' };
const RENEWAL_OPTIONS = RENEWAL_WINDOW_DAYS.map((d) => ({ label: TEXTS.renewalOption(d), value: String(d) }));

/**
 * Accounts Search (spec 2): the keyword, status, account and amendment type, the four date periods
 * at once, the per-column filters and the renewals-due window, all in the URL with the sort and the
 * visible columns (a saved view is the page's query), 'x Reset Filters', 100 ms; 100 a page with the
 * total, the account id descending by default, sortable by the spec's keys; View Record for up to the
 * details limit of selected accounts; Download (the selection, else the filter) and Export all (every
 * row, a job) hidden for agents.
 */
function AccountsSearch({ onViewOpened }: { onViewOpened: () => void }) {
  const me = useSignedInUser();
  const staff = mayAccess('nonAgent', me.userType);
  const navigate = useNavigate();
  const sets = useReferenceSets();
  const options = useMemo(
    () => ({ status: codeOptions(sets, 'accountStatuses'), type: codeOptions(sets, 'accountTypes'), amendmentType: codeOptions(sets, 'contractTypes') }),
    [sets],
  );
  const view = useUrlGridView(ACCOUNT_LIST_COLUMNS);
  const { filters, setFilters, text, setText, sort, setSort, paging, reset } = useUrlListState({
    filtersOf: ACCOUNT_FILTERS.filtersOf,
    withFilters: ACCOUNT_FILTERS.withFilters,
    noFilters: ACCOUNT_FILTERS.NO_FILTERS,
    debounceMs: ACCOUNT_SEARCH_DEBOUNCE_MS,
    // a renewals link without its own sort: the soonest end first
    defaultSort: view.urlSort ?? (browser.currentQuery().get('renewal') ? RENEWALS_SORT : ACCOUNT_DEFAULT_SORT),
    pageSize: ACCOUNT_PAGE_SIZE,
  });
  const sortBy = (next: GridSort) => {
    setSort(next);
    view.keepSort(next);
  };
  const body = accountFilterBody(filters);
  const list = useQuery(accountListQuery({ filter: body, skip: paging.first, limit: paging.rows, orderBy: orderByParam(sort) }));
  const [selection, setSelection] = useState<AccountRow[]>([]);
  const { downloading, download: downloadFile } = useDownload();
  const [exportingAll, setExportingAll] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  // the declared columns (ACCOUNT_LIST_COLUMNS) the view shows
  const columns: GridColumn<AccountRow>[] = gridColumnsOf<AccountRow>(
    ACCOUNT_LIST_COLUMNS.filter((c) => view.visible.includes(c.field)),
    { nameOf: (set, code) => referenceNameOf(sets, set, code), formatDate: formatDisplayDate, today, agent: !staff },
  );
  const openAccounts = (ids: number[]) => navigate(`${AREAS.accounts.path}/${ids.join(NAVIGATION_ID_DELIMITER)}`);
  const viewDisabled = selection.length === 0 || selection.length > ENTITY_DETAIL_LIMIT;
  const download = () =>
    downloadFile(() => exportAccounts(selection.length ? { accountRefs: selection.map((r) => ({ objectId: r.objectId })) } : body, orderByParam(sort), columns.map((c) => c.field)));

  const filterBar = (
    <SearchFilterBar
      def={ACCOUNT_FILTERS}
      filters={filters}
      setFilters={setFilters}
      text={text}
      setText={setText}
      reset={reset}
      ariaLabel={TEXTS.filters}
      keywordLabel={TEXTS.keyword}
      keywordPlaceholder={TEXTS.keywordPlaceholder}
      resetLabel={TEXTS.resetFilters}
      labels={ACCOUNT_FILTER_LABELS}
      options={options}
      debounceMs={ACCOUNT_SEARCH_DEBOUNCE_MS}
      views={
        <Suspense fallback={null}>
          <ListViews
            list="accounts"
            columns={chooserColumnsOf(ACCOUNT_LIST_COLUMNS)}
            visible={view.visible}
            onVisibleChange={view.setVisible}
            query={() => browser.currentQuery().toString()}
            onApply={(query) => {
              navigate({ search: query ? `?${query}` : '' });
              onViewOpened();
            }}
          />
        </Suspense>
      }
    >
      <TypeaheadSelect<string>
        value={filters.extras.renewal ?? null}
        options={RENEWAL_OPTIONS}
        onChange={(v) => {
          setFilters({ extras: { renewal: v ?? undefined } });
          // the renewals due: the soonest end first (Days Remaining ascending)
          if (v) sortBy({ field: 'accountEndDate', direction: 'Ascending' });
        }}
        placeholder={TEXTS.renewal}
        aria-label={TEXTS.renewal}
        className="eb-accounts-filters__renewal"
      />
    </SearchFilterBar>
  );

  return (
    <section className="eb-list-page eb-search-page eb-accounts-page">
      <PageHeader
        title={AREAS.accounts.title}
        actions={
          <div className="eb-accounts-actions">
            {viewDisabled && <span className="eb-selection-hint" id="eb-accounts-view-hint">{selectionLimitText(ENTITY_DETAIL_LIMIT)}</span>}
            <Button
              label={TEXTS.viewRecord}
              icon="pi pi-eye"
              outlined
              disabled={viewDisabled}
              aria-describedby={viewDisabled ? 'eb-accounts-view-hint' : undefined}
              onClick={() => openAccounts(selection.map((r) => r.objectId))}
            />
            {staff && <Button label={TEXTS.download} icon="pi pi-download" outlined loading={downloading} disabled={(list.data?.totalCount ?? 0) === 0} onClick={() => void download()} />}
            {staff && (
              <Button label={TEXTS.exportAll} icon="pi pi-file-export" outlined disabled={(list.data?.totalCount ?? 0) === 0 || exportingAll} onClick={() => setExportingAll(true)} />
            )}
            {exportingAll && (
              <Suspense fallback={null}>
                <JobDownloadDialog
                  header={TEXTS.exportAll}
                  what={TEXTS.exportWhat}
                  start={() => startAccountsExportAll(body, orderByParam(sort))}
                  link={accountsExportAllLink}
                  onClose={() => setExportingAll(false)}
                />
              </Suspense>
            )}
          </div>
        }
      />
      <DataGrid<AccountRow>
        ariaLabel={TEXTS.grid}
        {...pagedGridProps(list, paging)}
        value={list.data?.data ?? []}
        columns={columns}
        dataKey="objectId"
        rowsPerPageOptions={[ACCOUNT_PAGE_SIZE, 200, 500]}
        sort={sort}
        onSort={sortBy}
        selection={selection}
        onSelectionChange={setSelection}
        selectionMax={ENTITY_DETAIL_LIMIT}
        onRowOpen={(r) => openAccounts([r.objectId])}
        rowLabel={(r) => `account ${r.accountName ?? ''} ${r.ldcAccountNumber ?? ''}`.trim()}
        scrollHeight="flex"
        header={filterBar}
        className="eb-list-grid eb-search-grid eb-accounts-grid"
      />
    </section>
  );
}
