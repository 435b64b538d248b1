import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { SelectButton } from 'primereact/selectbutton';
import { SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { USER_DEFAULT_SORT } from '@eb/shared/users/list-keys';
import type { UserDto } from '@eb/shared/users/schemas';
import { formatDisplayDate } from '@eb/shared/formats';
import { referenceItems, referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { USER_FIELD_LABELS, USER_STATUS_LABELS, USERS_TEXTS } from '../../../entities/users/user-texts';
import { AREAS } from '../../../config/areas';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import type { ChangeLogEntry } from '../../../components/change-log';
import { useConfirm } from '../../../components/confirm-context';
import { DataGrid, ROW_INACTIVE_CLASS, orderByParam, type GridColumn } from '../../../components/DataGrid';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useNotify } from '../../../components/notify-context';
import { PageHeader } from '../../../components/PageHeader';
import { StatusTag } from '../../../components/StatusTag';
import { pagedGridProps } from '../../../components/use-list-paging';
import { useUrlListState } from '../../../components/use-url-list-state';
import { userChangeLogQuery, userListQuery, useDeactivateUser } from '../api/users';
import type { UserDialogTarget } from './UserDialog';
import '../../../components/list-page.css';
import './users.css';

/** The user popup and its form rules: loaded when a user is added or opened. */
const UserDialog = lazy(() => import('./UserDialog').then((m) => ({ default: m.UserDialog })));

/** The status filter (chosen: a SelectButton; 'All' is the default, so inactive rows show, restyled). */
type StatusFilter = 'all' | 'active' | 'inactive';
const STATUS_FILTERS: { label: string; value: StatusFilter }[] = [
  { label: USER_STATUS_LABELS.all, value: 'all' },
  { label: USER_STATUS_LABELS.active, value: 'active' },
  { label: USER_STATUS_LABELS.inactive, value: 'inactive' },
];
const isActiveOf = (s: StatusFilter): boolean | null => (s === 'all' ? null : s === 'active');

/** The search and status in the URL query (?email=ann&status=inactive), so that reload and Back keep them. */
interface UserFilters {
  keyword: string;
  status: StatusFilter;
}
const NO_USER_FILTERS: UserFilters = { keyword: '', status: 'all' };
const userFiltersOf = (params: URLSearchParams): UserFilters => {
  const status = params.get('status')?.toLowerCase();
  return {
    keyword: params.get('email')?.trim() ?? '',
    status: STATUS_FILTERS.some((f) => f.value === status) ? (status as StatusFilter) : 'all',
  };
};
const withUserFilters = (params: URLSearchParams, f: UserFilters): URLSearchParams => {
  const out = new URLSearchParams(params);
  if (f.keyword.trim()) out.set('email', f.keyword.trim());
  else out.delete('email');
  if (f.status !== 'all') out.set('status', f.status);
  else out.delete('status');
  return out;
};

const FIELD_LABELS = USER_FIELD_LABELS;

/**
 * User Administration (spec 1 "User Administration"; admins only: the router's area guard sends
 * anyone else to login). Search by email (debounced) and status; any change reloads from the first
 * page. The grid sorts and pages on the server; the Action menu edits or deactivates (after a Yes/No
 * confirmation). The CHANGE LOG below lists every user change; saves refresh the list and the log.
 */
export function UsersPage() {
  const me = useSignedInUser();
  const notify = useNotify();
  const confirm = useConfirm();
  const references = useQuery(referencesQuery());
  const roles = referenceItems(references.data, 'userTypes');
  // a role is its user-type code; change-log entries written before the codes convention hold the objectId
  const roleName = (type: string | null | undefined) => roles.find((r) => r.code === type || String(r.objectId) === type)?.name ?? '';

  // ---- filters, sort and page ---------------------------------------------------------------------
  const { filters: urlFilters, setFilters, text: search, setText: setSearch, sort, setSort, paging } = useUrlListState({
    filtersOf: userFiltersOf,
    withFilters: withUserFilters,
    noFilters: NO_USER_FILTERS,
    debounceMs: SEARCH_DEBOUNCE_MS,
    defaultSort: USER_DEFAULT_SORT,
    pageSize: USERS_PAGE_SIZE,
  });
  const { keyword: email, status } = urlFilters;

  const params = { email, isActive: isActiveOf(status), skip: paging.first, limit: paging.rows, orderBy: orderByParam(sort) };
  const list = useQuery(userListQuery(params));
  const changeLog = useQuery(userChangeLogQuery());

  // ---- actions --------------------------------------------------------------------------------------
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const deactivate = useDeactivateUser();
  const menu = useRef<Menu>(null);
  const [menuUser, setMenuUser] = useState<UserDto | null>(null);

  const askDeactivate = async (user: UserDto) => {
    const yes = await confirm({ header: USERS_TEXTS.deactivateHeader, message: MSG.userDeactivateConfirm, danger: true });
    if (!yes) return;
    deactivate.mutate(user.objectId, { onSuccess: () => notify.success(MSG.userDeactivated) });
  };

  const menuItems: MenuItem[] = menuUser
    ? [
        { label: USERS_TEXTS.edit, icon: 'pi pi-pencil', command: () => setDialog({ mode: 'edit', id: menuUser.objectId }) },
        ...(menuUser.isActive
          ? [
              {
                label: USERS_TEXTS.deactivate,
                icon: 'pi pi-ban',
                className: 'eb-menu-item--danger',
                disabled: menuUser.objectId === me.objectId,
                command: () => void askDeactivate(menuUser),
              },
            ]
          : []),
      ]
    : [];

  // ---- grid -----------------------------------------------------------------------------------------
  const columns: GridColumn<UserDto>[] = [
    { field: 'firstName', header: FIELD_LABELS.firstName, sortable: true },
    { field: 'lastName', header: FIELD_LABELS.lastName, sortable: true },
    {
      field: 'email',
      header: FIELD_LABELS.email,
      sortable: true,
      body: (u) => (
        <span className="eb-users-email" title={u.email}>
          {u.email}
        </span>
      ),
    },
    { field: 'type', header: FIELD_LABELS.type, sortable: true, body: (u) => roleName(u.type) },
    { field: 'agentCode', header: FIELD_LABELS.agentCode, sortable: true },
    { field: 'lastLoginTime', header: FIELD_LABELS.lastLoginTime, sortable: true, body: (u) => formatDisplayDate(u.lastLoginTime) },
    {
      field: 'isActive',
      header: FIELD_LABELS.isActive,
      sortable: true,
      body: (u) => <StatusTag active={u.isActive} />,
    },
    {
      field: 'action',
      header: USERS_TEXTS.action,
      width: '6rem',
      minWidth: 80,
      align: 'center',
      className: 'eb-grid-actions-col',
      body: (u) => (
        <Button
          type="button"
          icon="pi pi-ellipsis-v"
          rounded
          text
          severity="secondary"
          aria-label={USERS_TEXTS.actionsOf(u)}
          aria-haspopup="menu"
          onClick={(e) => {
            setMenuUser(u);
            menu.current?.toggle(e);
          }}
        />
      ),
    },
  ];

  const formatValue = (value: ChangeLogEntry['oldValue'], fieldName: string, entry: ChangeLogEntry) => {
    if (value === null || value === undefined || value === '') return null;
    if (fieldName === 'type') return roleName(value as string) || String(value);
    if (fieldName === 'isActive') return String(value) === 'true' ? USER_STATUS_LABELS.active : USER_STATUS_LABELS.inactive;
    if (fieldName === 'passwordVersion') return value === entry.newValue ? 'Changed' : '••••••••';
    return String(value);
  };

  const filters = (
    <div className="eb-users-filters">
      <KeywordSearch
        value={search}
        onChange={setSearch}
        placeholder={USERS_TEXTS.searchPlaceholder}
        ariaLabel={USERS_TEXTS.searchPlaceholder}
        className="eb-users-filters__search"
      />
      <SelectButton
        value={status}
        options={STATUS_FILTERS}
        onChange={(e) => e.value && setFilters({ status: e.value as StatusFilter })}
        allowEmpty={false}
        aria-label={USERS_TEXTS.statusFilter}
        className="eb-users-filters__status"
      />
    </div>
  );

  return (
    <section className="eb-list-page eb-users">
      <PageHeader
        title={AREAS.users.title}
        actions={<Button label={USERS_TEXTS.createUser} icon="pi pi-user-plus" onClick={() => setDialog({ mode: 'create' })} />}
      />
      <DataGrid<UserDto>
        ariaLabel={USERS_TEXTS.gridLabel}
        {...pagedGridProps(list, paging)}
        columns={columns}
        dataKey="objectId"
        sort={sort}
        onSort={(s) => setSort(s)}
        emptyMessage={list.isPending ? ' ' : undefined}
        rowClassName={(u) => (u.isActive ? undefined : ROW_INACTIVE_CLASS)}
        rowsPerPageOptions={[10, 25, 50, 100]}
        header={filters}
        className="eb-list-grid eb-users-grid"
      />
      <Menu model={menuItems} popup ref={menu} id="eb-user-actions" className="eb-user-actions" />
      <ChangeLogPanel
        className="eb-list-page__changelog eb-users-changelog"
        entries={changeLog.data}
        loading={changeLog.isFetching}
        fieldLabels={FIELD_LABELS}
        formatValue={formatValue}
      />
      {dialog && (
        <Suspense fallback={null}>
          <UserDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </section>
  );
}
