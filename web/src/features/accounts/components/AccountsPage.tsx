import { Suspense, lazy, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_LIST_COLUMNS } from '@eb/shared/account/list-columns';
import { ACCOUNT_DEFAULT_SORT } from '@eb/shared/account/list-keys';
import type { AccountRow } from '@eb/shared/account/schemas';
import { chooserColumnsOf, gridColumnsOf } from '@eb/shared/list-columns';
import { ACCOUNT_PAGE_SIZE, ACCOUNT_SEARCH_DEBOUNCE_MS, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER, RENEWAL_WINDOW_DAYS } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { formatDisplayDate } from '@eb/shared/formats';
import { accountListQuery, accountsExportAllLink, exportAccounts, startAccountsExportAll } from '../../../entities/account/api';
import { codeOptions, referenceNameOf, useReferenceSets } from '../../../entities/reference/reference-options';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { browser } from '../../../lib/browser';
import { DataGrid, type GridColumn, type GridSort } from '../../../components/DataGrid';
import { PageHeader } from '../../../components/PageHeader';
import { SearchPageActions, SearchPageViews, searchGridProps, useSearchPage, useSearchSession } from '../../../components/SearchPage';
import { SearchFilterBar } from '../../../components/SearchFilterBar';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
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
  statusAge: (days: string) => `Status date over ${days} days ago`,
  grid: 'Accounts',
} as const;

/** Account Detail loads with its first use (the search route stays within its budget). */
const AccountDetails = lazy(() => import('./AccountDetails').then((m) => ({ default: m.AccountDetails })));
/** Export all loads with its first use. */
const JobDownloadDialog = lazy(() => import('../../../entities/job/JobDownloadDialog').then((m) => ({ default: m.JobDownloadDialog })));

/** /enrollments/accounts (search), /accounts/{ids} (detail), /accounts/0/{amendmentId} (a new account of an amendment), /accounts/0/clone/{cloneId} (a clone). */
export function AccountsPage() {
  const { id, contractId, cloneId } = useParams<{ id?: string; contractId?: string; cloneId?: string }>();
  const { session, onViewOpened } = useSearchSession();
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
  return <AccountsSearch key={session} onViewOpened={onViewOpened} />;
}

const RENEWALS_SORT: GridSort = { field: 'accountEndDate', direction: 'Ascending' };
/** The home page's stale 'Sent to Utility' queue's filter (?statusAge=14), shown as a chip while set. */
const STATUS_AGE_CHIP = [{ key: 'statusAge' as const, label: (days: string) => TEXTS.statusAge(days) }];
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
  const page = useSearchPage({
    columns: ACCOUNT_LIST_COLUMNS,
    filters: {
      filtersOf: ACCOUNT_FILTERS.filtersOf,
      withFilters: ACCOUNT_FILTERS.withFilters,
      noFilters: ACCOUNT_FILTERS.NO_FILTERS,
      debounceMs: ACCOUNT_SEARCH_DEBOUNCE_MS,
      pageSize: ACCOUNT_PAGE_SIZE,
    },
    // a renewals link without its own sort: the soonest end first
    defaultSort: browser.currentQuery().get('renewal') ? RENEWALS_SORT : ACCOUNT_DEFAULT_SORT,
    query: (filters, p) => accountListQuery({ filter: accountFilterBody(filters), ...p }),
  });
  const { view, filters, setFilters, text, setText, sortBy, reset, selection, orderBy } = page;
  const body = accountFilterBody(filters);
  const today = new Date().toISOString().slice(0, 10);
  // the declared columns (ACCOUNT_LIST_COLUMNS) the view shows
  const columns: GridColumn<AccountRow>[] = gridColumnsOf<AccountRow>(
    ACCOUNT_LIST_COLUMNS.filter((c) => view.visible.includes(c.field)),
    { nameOf: (set, code) => referenceNameOf(sets, set, code), formatDate: formatDisplayDate, today, agent: !staff },
  );
  const openAccounts = (ids: number[]) => navigate(`${AREAS.accounts.path}/${ids.join(NAVIGATION_ID_DELIMITER)}`);
  const download = () =>
    page.download(() => exportAccounts(selection.length ? { accountRefs: selection.map((r) => ({ objectId: r.objectId })) } : body, orderBy, columns.map((c) => c.field)));

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
      views={<SearchPageViews list="accounts" columns={chooserColumnsOf(ACCOUNT_LIST_COLUMNS)} view={view} onViewOpened={onViewOpened} />}
      extraChips={STATUS_AGE_CHIP}
    >
      <TypeaheadSelect<string>
        value={filters.extras.renewal ?? null}
        options={RENEWAL_OPTIONS}
        onChange={(v) => {
          setFilters({ extras: { ...filters.extras, renewal: v ?? undefined } });
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
          <SearchPageActions
            prefix="eb-accounts"
            texts={TEXTS}
            page={page}
            limit={ENTITY_DETAIL_LIMIT}
            onView={() => openAccounts(selection.map((r) => r.objectId))}
            staff={staff}
            onDownload={() => void download()}
            exportAll={(onClose) => (
              <JobDownloadDialog header={TEXTS.exportAll} what={TEXTS.exportWhat} start={() => startAccountsExportAll(body, orderBy, columns.map((c) => c.field))} link={accountsExportAllLink} onClose={onClose} />
            )}
          />
        }
      />
      <DataGrid<AccountRow>
        ariaLabel={TEXTS.grid}
        {...searchGridProps(page, ACCOUNT_PAGE_SIZE)}
        columns={columns}
        dataKey="objectId"
        selectionMax={ENTITY_DETAIL_LIMIT}
        onRowOpen={(r) => openAccounts([r.objectId])}
        rowLabel={(r) => `account ${r.accountName ?? ''} ${r.ldcAccountNumber ?? ''}`.trim()}
        header={filterBar}
        className="eb-list-grid eb-search-grid eb-accounts-grid"
      />
    </section>
  );
}
