import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { AMENDMENT_ACCOUNT_DEFAULT_SORT, AMENDMENT_ACCOUNT_SORT_KEYS } from '@eb/shared/account/list-keys';
import type { AccountRow } from '@eb/shared/account/schemas';
import { ACCOUNT_FIELD_LABELS } from '@eb/shared/account/labels';
import { accountStatusConfirmMessage, accountStatusRefusal, isDestructiveAccountStatus } from '@eb/shared/account/status-rules';
import { MSG } from '@eb/shared/messages';
import { AMENDMENT_ACCOUNTS_PAGE_SIZE, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { formatDisplayDate } from '@eb/shared/formats';
import { ACCOUNT_GRID_LABELS as L, ACCOUNT_TEXTS as T } from '../../../entities/account/account-texts';
import { downloadAccountsTemplate, exportAccounts, setAccountStatus } from '../../../entities/account/api';
import { amendmentAccountsQuery } from '../../../entities/amendment/api';
import { codeOptions, useReferenceSets } from '../../../entities/reference/reference-options';
import { AREAS } from '../../../config/areas';
import { useDownload } from '../../../components/use-download';
import { invalidateRoutes } from '../../../lib/queries';
import { DataGrid, orderByParam, type GridColumn, type GridSort } from '../../../components/DataGrid';
import { useConfirm } from '../../../components/confirm-context';
import { useNotify } from '../../../components/notify-context';

/**
 * The amendment's Accounts section (spec 2 "Accounts grid inside an amendment"), loaded by
 * contract/GetAccounts: 10 a page, sorted by the section's keys (AMENDMENT_ACCOUNT_SORT_KEYS); the
 * status changed in place through a dropdown (SetAccountStatus, then the row updates) offering only
 * what the amendment's state allows (the others disabled with the reason, status-rules.ts) and
 * asking before a status that ends the enrollment; the LDC number opens the account (agents too);
 * Add (a new account of this amendment), Update (the selected accounts, at most the details limit),
 * Download (the selected rows) and Download All (only when none is selected), hidden for agents,
 * who see the status read-only.
 */
export function AmendmentAccounts({ amendmentId, amendmentStatus, editor, staff }: { amendmentId: number; amendmentStatus: string | null; editor: boolean; staff: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sets = useReferenceSets();
  const [first, setFirst] = useState(0);
  const [selection, setSelection] = useState<AccountRow[]>([]);
  const confirm = useConfirm();
  const [sort, setSort] = useState<GridSort>(AMENDMENT_ACCOUNT_DEFAULT_SORT);
  const orderBy = orderByParam(sort);
  const list = useQuery(amendmentAccountsQuery({ amendmentId, skip: first, limit: AMENDMENT_ACCOUNTS_PAGE_SIZE, orderBy }));
  const statuses = codeOptions(sets, 'accountStatuses');
  /** A row's status choices: those the amendment's state does not allow are disabled, with the reason. */
  const statusOptions = (row: AccountRow) =>
    statuses.map((o) => {
      const reason = accountStatusRefusal(amendmentStatus, row.accountStatus, String(o.value));
      return { ...o, disabled: reason !== null, reason };
    });
  const changeStatus = async (row: AccountRow, status: string | null) => {
    if (!status || status === row.accountStatus) return;
    // a status that ends the enrollment is asked first (No keeps the row as it was)
    if (
      isDestructiveAccountStatus(status) &&
      !(await confirm({ header: MSG.accountStatusConfirmHeader, message: accountStatusConfirmMessage(row.ldcAccountNumber, status), danger: true }))
    )
      return;
    try {
      await setAccountStatus(row.objectId, status);
      notify.success(T.statusChanged);
    } catch {
      // the API client notified the failure (the server's reason when the status is refused)
    } finally {
      void invalidateRoutes(queryClient, [['account'], ['contract', 'GetAccounts']]);
    }
  };
  /** A sortable column of the section (its sort key: AMENDMENT_ACCOUNT_SORT_KEYS). */
  const sortable = (key: keyof typeof AMENDMENT_ACCOUNT_SORT_KEYS) => ({ sortable: true, sortField: key });
  const { download: downloadFile } = useDownload();
  const download = (all: boolean) => downloadFile(() => exportAccounts(all ? { amendmentId } : { accountRefs: selection.map((r) => ({ objectId: r.objectId })) }, orderBy));
  const date = (field: keyof AccountRow) => (r: AccountRow) => formatDisplayDate(r[field] as string | null);
  const columns: GridColumn<AccountRow>[] = [
    {
      field: 'accountStatus',
      header: L.accountStatus,
      width: 190,
      ...sortable('accountStatus'),
      body: (r) =>
        editor ? (
          <Dropdown
            value={r.accountStatus}
            options={statusOptions(r)}
            optionDisabled="disabled"
            itemTemplate={(o: { label: string; reason: string | null }) => (
              <span className="eb-amendment-accounts__option" title={o.reason ?? undefined}>
                {o.label}
                {o.reason && <small className="eb-amendment-accounts__reason">{o.reason}</small>}
              </span>
            )}
            onChange={(e) => void changeStatus(r, e.value as string)}
            aria-label={T.statusOf(r.ldcAccountNumber)}
            className="eb-amendment-accounts__status"
            // PrimeReact puts aria-activedescendant on the focused root, where it is not allowed (axe)
            // ...and marks no option disabled for assistive technology: a refused status says so
            pt={{
              root: { 'aria-activedescendant': undefined } as never,
              item: ((o: { context?: { disabled?: boolean } }) => ({ 'aria-disabled': o.context?.disabled ? 'true' : undefined })) as never,
            }}
          />
        ) : (
          (statuses.find((o) => o.value === r.accountStatus)?.label ?? r.accountStatus)
        ),
    },
    { field: 'statusDate', header: ACCOUNT_FIELD_LABELS.statusDate, body: date('statusDate'), ...sortable('statusDate') },
    { field: 'territoryCode', header: L.territoryCode },
    { field: 'commodity', header: T.derived.commodity, ...sortable('serviceType') },
    {
      field: 'ldcAccountNumber',
      header: L.ldcAccountNumber,
      ...sortable('ldcAccountNum'),
      // opens the account (agents read it there)
      body: (r) => (
        <Link to={`${AREAS.accounts.path}/${r.objectId}`} aria-label={T.openRow(r.ldcAccountNumber)}>
          {r.ldcAccountNumber}
        </Link>
      ),
    },
    { field: 'objectId', header: L.objectId, ...sortable('accountId') },
    { field: 'freshDescId', header: L.freshDescId },
    { field: 'legacyId', header: L.legacyId },
    { field: 'flowDate', header: L.flowDate, body: date('flowDate'), ...sortable('flowDate') },
    { field: 'requestedStartDate', header: L.requestedStartDate, body: date('requestedStartDate'), ...sortable('requestedStartDate') },
    { field: 'term', header: L.term },
    { field: 'accountEndDate', header: L.accountEndDate, body: date('accountEndDate') },
    { field: 'accountName', header: L.accountName, ...sortable('name') },
    ...(editor
      ? [
          {
            field: 'actions',
            header: T.actions,
            width: 90,
            align: 'center' as const,
            body: (r: AccountRow) => (
              <Button
                type="button"
                icon="pi pi-copy"
                rounded
                text
                aria-label={T.cloneRow(r.ldcAccountNumber)}
                title={T.clone}
                onClick={(e) => {
                  e.stopPropagation();
                  navigate(`${AREAS.accounts.path}/0/clone/${r.objectId}`);
                }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="eb-amendment-accounts" aria-label={T.grid}>
      {editor || staff ? (
        <div className="eb-amendment-accounts__actions">
          {editor && <Button type="button" label={T.add} icon="pi pi-plus" size="small" onClick={() => navigate(`${AREAS.accounts.path}/0/${amendmentId}`)} />}
          {editor && (
            <Button
              type="button"
              label={T.update}
              icon="pi pi-pencil"
              size="small"
              outlined
              disabled={selection.length === 0 || selection.length > ENTITY_DETAIL_LIMIT}
              onClick={() => navigate(`${AREAS.accounts.path}/${selection.map((r) => r.objectId).join(NAVIGATION_ID_DELIMITER)}`)}
            />
          )}
          {staff && <Button type="button" label={T.download} icon="pi pi-download" size="small" outlined disabled={selection.length === 0} onClick={() => void download(false)} />}
          {staff && <Button type="button" label={T.downloadAll} icon="pi pi-download" size="small" outlined disabled={selection.length > 0 || (list.data?.totalCount ?? 0) === 0} onClick={() => void download(true)} />}
          {staff && <Button type="button" label={T.template} icon="pi pi-file-excel" size="small" text onClick={() => void downloadFile(() => downloadAccountsTemplate(amendmentId))} />}
        </div>
      ) : null}
      <DataGrid<AccountRow>
        ariaLabel={T.grid}
        value={list.data?.data ?? []}
        totalRecords={list.data?.totalCount ?? 0}
        loading={list.isFetching && !list.data}
        lazy
        first={first}
        rows={AMENDMENT_ACCOUNTS_PAGE_SIZE}
        rowsPerPageOptions={[AMENDMENT_ACCOUNTS_PAGE_SIZE]}
        onPage={(p) => setFirst(p.first)}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setFirst(0);
        }}
        columns={columns}
        dataKey="objectId"
        selection={staff ? selection : undefined}
        onSelectionChange={staff ? setSelection : undefined}
        className="eb-list-grid eb-amendment-accounts__grid"
      />
    </section>
  );
}
