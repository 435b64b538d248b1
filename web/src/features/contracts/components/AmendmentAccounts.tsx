import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { AccountRow } from '@eb/shared/account/schemas';
import { AMENDMENT_ACCOUNTS_PAGE_SIZE, ENTITY_DETAIL_LIMIT, NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { formatDisplayDate } from '@eb/shared/validation';
import { ACCOUNT_GRID_LABELS as L, ACCOUNT_TEXTS as T } from '../../../entities/account/account-texts';
import { accountListQuery, downloadAccountsTemplate, exportAccounts, setAccountStatus } from '../../../entities/account/api';
import { codeOptions, useReferenceSets } from '../../../entities/reference/reference-options';
import { AREAS } from '../../../config/areas';
import { saveFile } from '../../../lib/download';
import { invalidateRoutes } from '../../../lib/queries';
import { DataGrid, type GridColumn } from '../../../components/DataGrid';
import { useNotify } from '../../../components/notify-context';

/**
 * The amendment's Accounts section (spec 2 "Accounts grid inside an amendment"): 10 a page; the
 * status changed in place through a dropdown (SetAccountStatus, then the row updates); Add (a new
 * account of this amendment), Update (the selected accounts, at most the details limit), Download
 * (the selected rows) and Download All (only when none is selected), hidden for agents, who see
 * the status read-only.
 */
export function AmendmentAccounts({ amendmentId, editor, staff }: { amendmentId: number; editor: boolean; staff: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sets = useReferenceSets();
  const [first, setFirst] = useState(0);
  const [selection, setSelection] = useState<AccountRow[]>([]);
  const orderBy = 'name Ascending';
  const list = useQuery(accountListQuery({ filter: { amendmentId }, skip: first, limit: AMENDMENT_ACCOUNTS_PAGE_SIZE, orderBy }, true));
  const statuses = codeOptions(sets, 'accountStatuses');
  const changeStatus = async (row: AccountRow, status: string | null) => {
    if (!status || status === row.accountStatus) return;
    try {
      await setAccountStatus(row.objectId, status);
      notify.success(T.statusChanged);
    } catch {
      // the API client notified the failure
    } finally {
      void invalidateRoutes(queryClient, [['account']]);
    }
  };
  const download = async (all: boolean) => {
    try {
      saveFile(await exportAccounts(all ? { amendmentId } : { accountRefs: selection.map((r) => ({ objectId: r.objectId })) }, orderBy));
    } catch {
      // the API client notified the failure
    }
  };
  const date = (field: keyof AccountRow) => (r: AccountRow) => formatDisplayDate(r[field] as string | null);
  const columns: GridColumn<AccountRow>[] = [
    {
      field: 'accountStatus',
      header: L.accountStatus,
      width: 190,
      body: (r) =>
        editor ? (
          <Dropdown
            value={r.accountStatus}
            options={statuses}
            onChange={(e) => void changeStatus(r, e.value as string)}
            aria-label={T.statusOf(r.ldcAccountNumber)}
            className="eb-amendment-accounts__status"
            // PrimeReact puts aria-activedescendant on the focused root, where it is not allowed (axe)
            pt={{ root: { 'aria-activedescendant': undefined } as never }}
          />
        ) : (
          (statuses.find((o) => o.value === r.accountStatus)?.label ?? r.accountStatus)
        ),
    },
    { field: 'territoryCode', header: L.territoryCode },
    { field: 'ldcAccountNumber', header: L.ldcAccountNumber },
    { field: 'freshDescId', header: L.freshDescId },
    { field: 'legacyId', header: L.legacyId },
    { field: 'flowDate', header: L.flowDate, body: date('flowDate') },
    { field: 'requestedStartDate', header: L.requestedStartDate, body: date('requestedStartDate') },
    { field: 'term', header: L.term },
    { field: 'accountEndDate', header: L.accountEndDate, body: date('accountEndDate') },
    { field: 'accountName', header: L.accountName },
    ...(editor
      ? [
          {
            field: 'objectId',
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
          {staff && <Button type="button" label={T.template} icon="pi pi-file-excel" size="small" text onClick={() => void downloadAccountsTemplate(amendmentId).then(saveFile, () => undefined)} />}
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
        columns={columns}
        dataKey="objectId"
        selection={staff ? selection : undefined}
        onSelectionChange={staff ? setSelection : undefined}
        className="eb-list-grid eb-amendment-accounts__grid"
      />
    </section>
  );
}
