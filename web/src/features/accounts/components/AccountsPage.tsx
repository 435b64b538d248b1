import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ACCOUNT_DEFAULT_SORT, type AccountRow } from '@eb/shared/account/schemas';
import { ACCOUNT_PAGE_SIZE, ACCOUNT_SEARCH_DEBOUNCE_MS, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { formatDisplayDate } from '@eb/shared/validation';
import { ACCOUNT_GRID_LABELS as L } from '../../../entities/account/account-texts';
import { accountListQuery, exportAccounts } from '../../../entities/account/api';
import { codeOptions, referenceNameOf, useReferenceSets } from '../../../entities/reference/reference-options';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { saveFile } from '../../../lib/download';
import { DataGrid, orderByParam, type GridColumn } from '../../../components/DataGrid';
import { DateInput } from '../../../components/DateInput';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import { ACCOUNT_DATE_KINDS, NO_ACCOUNT_FILTERS, accountFilterBody, accountFiltersOf, hasAccountFilters, withAccountFilters, type AccountDateKind } from './filters';
import '../../../components/list-page.css';
import './accounts.css';

const TEXTS = {
  viewRecord: 'View Record',
  download: 'Download',
  resetFilters: 'x Reset Filters',
  filters: 'Account filters',
  keyword: 'Keyword',
  keywordPlaceholder: 'Search by account, LDC #, name, contract, ticket or legal name',
  status: 'Status',
  type: 'Account Type',
  dateKind: 'Date',
  from: 'From',
  to: 'To',
  grid: 'Accounts',
} as const;

/** Account Detail loads with its first use (the search route stays within its budget). */
const AccountDetails = lazy(() => import('./AccountDetails').then((m) => ({ default: m.AccountDetails })));

/** /enrollments/accounts (search), /accounts/{ids} (detail), /accounts/0/{amendmentId} (a new account of an amendment), /accounts/0/clone/{cloneId} (a clone). */
export function AccountsPage() {
  const { id, contractId, cloneId } = useParams<{ id?: string; contractId?: string; cloneId?: string }>();
  if (id !== undefined) {
    return (
      <Suspense fallback={null}>
        <AccountDetails
          key={`${id}/${contractId ?? ''}/${cloneId ?? ''}`}
          param={id}
          amendmentId={contractId ? Number(contractId) || null : null}
          cloneId={cloneId ? Number(cloneId) || null : null}
        />
      </Suspense>
    );
  }
  return <AccountsSearch />;
}

/** The grid's columns (spec 2 "Account" list fields) with their sort keys. */
const COLUMNS: { field: keyof AccountRow & string; sortKey: string; date?: boolean; set?: string }[] = [
  { field: 'objectId', sortKey: 'esgAccountNo' },
  { field: 'contractId', sortKey: 'contractId' },
  { field: 'amendmentNumber', sortKey: 'amendmentNumber' },
  { field: 'freshDescId', sortKey: 'freshDescId' },
  { field: 'legacyId', sortKey: 'legacyId' },
  { field: 'territoryCode', sortKey: 'territoryCode' },
  { field: 'ldcAccountNumber', sortKey: 'ldcAccountNum' },
  { field: 'accountName', sortKey: 'name' },
  { field: 'accountStatus', sortKey: 'accountStatusId', set: 'accountStatuses' },
  { field: 'accountType', sortKey: 'accountType', set: 'accountTypes' },
  { field: 'flowDate', sortKey: 'flowDate', date: true },
  { field: 'requestedStartDate', sortKey: 'requestedStartDate', date: true },
  { field: 'term', sortKey: 'term' },
  { field: 'accountEndDate', sortKey: 'accountEndDate', date: true },
  { field: 'businessEntityLegalName', sortKey: 'businessEntityLegalName' },
];

/**
 * Accounts Search (spec 2): keyword, status, account type and one date period (its kind, from and
 * to), all in the URL, 'x Reset Filters', 100 ms; 100 a page with the total, the account id
 * descending by default, sortable by the spec's keys; View Record for one or two selected
 * accounts; Download (the selection, else the filter) hidden for agents.
 */
function AccountsSearch() {
  const me = useSignedInUser();
  const staff = mayAccess('nonAgent', me.userType);
  const navigate = useNavigate();
  const sets = useReferenceSets();
  const statuses = useMemo(() => codeOptions(sets, 'accountStatuses'), [sets]);
  const types = useMemo(() => codeOptions(sets, 'accountTypes'), [sets]);
  const { filters, setFilters, text, setText, sort, setSort, paging, reset } = useUrlListState({
    filtersOf: accountFiltersOf,
    withFilters: withAccountFilters,
    noFilters: NO_ACCOUNT_FILTERS,
    debounceMs: ACCOUNT_SEARCH_DEBOUNCE_MS,
    defaultSort: ACCOUNT_DEFAULT_SORT,
    pageSize: ACCOUNT_PAGE_SIZE,
  });
  const body = accountFilterBody(filters);
  const list = useQuery(accountListQuery({ filter: body, skip: paging.first, limit: paging.rows, orderBy: orderByParam(sort) }));
  const [selection, setSelection] = useState<AccountRow[]>([]);
  const [downloading, setDownloading] = useState(false);
  const columns: GridColumn<AccountRow>[] = COLUMNS.map((c) => ({
    field: c.field,
    sortField: c.sortKey,
    header: L[c.field as keyof typeof L] ?? c.field,
    sortable: true,
    body: (r: AccountRow) => {
      const v = r[c.field];
      if (c.set) return referenceNameOf(sets, c.set, (v as string | null) ?? null);
      if (c.date) return formatDisplayDate(v as string | null);
      return v === null || v === undefined ? '' : String(v);
    },
  }));
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await exportAccounts(selection.length ? { accountRefs: selection.map((r) => ({ objectId: r.objectId })) } : body, orderByParam(sort)));
    } catch {
      // the API client notified the failure
    } finally {
      setDownloading(false);
    }
  };

  const filterBar = (
    <ListFilters
      ariaLabel={TEXTS.filters}
      className="eb-accounts-filters"
      keyword={{ value: text, onChange: setText, placeholder: TEXTS.keywordPlaceholder, ariaLabel: TEXTS.keyword, className: 'eb-accounts-filters__keyword' }}
      resetLabel={TEXTS.resetFilters}
      resetDisabled={!hasAccountFilters(filters) && text === ''}
      onReset={reset}
    >
      <TypeaheadSelect<string> value={filters.status} options={statuses} onChange={(v) => setFilters({ status: v })} placeholder={TEXTS.status} aria-label={TEXTS.status} className="eb-accounts-filters__select" />
      <TypeaheadSelect<string> value={filters.type} options={types} onChange={(v) => setFilters({ type: v })} placeholder={TEXTS.type} aria-label={TEXTS.type} className="eb-accounts-filters__select" />
      <Dropdown
        value={filters.dateKind}
        options={ACCOUNT_DATE_KINDS.map((k) => ({ label: k.label, value: k.value }))}
        onChange={(e) => setFilters({ dateKind: e.value as AccountDateKind })}
        aria-label={TEXTS.dateKind}
        className="eb-accounts-filters__date-kind"
      />
      <DateInput value={filters.from ? `${filters.from}T00:00:00` : null} onChange={(v) => setFilters({ from: v ? v.slice(0, 10) : null })} aria-label={TEXTS.from} className="eb-accounts-filters__date" />
      <DateInput value={filters.to ? `${filters.to}T00:00:00` : null} onChange={(v) => setFilters({ to: v ? v.slice(0, 10) : null })} aria-label={TEXTS.to} className="eb-accounts-filters__date" />
    </ListFilters>
  );

  return (
    <section className="eb-list-page eb-accounts-page">
      <PageHeader
        title={AREAS.accounts.title}
        actions={
          <div className="eb-accounts-actions">
            <Button
              label={TEXTS.viewRecord}
              icon="pi pi-eye"
              outlined
              disabled={selection.length === 0 || selection.length > ENTITY_DETAIL_LIMIT}
              onClick={() => navigate(`${AREAS.accounts.path}/${selection.map((r) => r.objectId).join(NAVIGATION_ID_DELIMITER)}`)}
            />
            {staff && <Button label={TEXTS.download} icon="pi pi-download" outlined loading={downloading} disabled={(list.data?.totalCount ?? 0) === 0} onClick={() => void download()} />}
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
        onSort={setSort}
        selection={selection}
        onSelectionChange={setSelection}
        selectionMax={ENTITY_DETAIL_LIMIT}
        header={filterBar}
        className="eb-list-grid eb-accounts-grid"
      />
    </section>
  );
}
