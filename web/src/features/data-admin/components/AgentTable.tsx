import { useState, type MouseEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import {
  AGENT_DEFAULT_ORDER,
  AGENT_SORT_FIELDS,
  AGENT_FIELDS,
  AGENT_LABELS,
  AGENT_SORT_FIELD_OF,
  agentErrors,
  agentFieldMaxLength,
  type AgentField,
  type AgentFields,
} from '@eb/shared/agent/schemas';
import { parseOrderBy } from '@eb/shared/paging';
import { AGENT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../components/use-download';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { useConfirm } from '../../../components/confirm-context';
import { orderByParam, type GridSort } from '../../../components/DataGrid';
import { EditableGrid, type EditableColumn } from '../../../components/EditableGrid';
import { useNotify } from '../../../components/notify-context';
import { useUrlListState } from '../../../components/use-url-list-state';
import { useEditableRows, type EditAction } from '../../../components/use-editable-rows';
import { agentChangeLogQuery, agentKeys, agentListQuery, createAgent, deleteAgent, exportAgents, updateAgent } from '../../../entities/agent/api';
import { invalidateRoutes } from '../../../lib/queries';
import { AgentDetailsDialog } from './AgentDetailsDialog';
import { AgentFieldInput, agentValueText, type AgentRow } from './AgentFieldInput';
import { codeOptions, useReferenceSets } from '../../../entities/reference/reference-options';
import { AGENT_TEXTS } from '../../../entities/agent/agent-texts';

/**
 * The grid's columns (chosen: the agent's identity, its commissions, its types and its main contact;
 * the other fields are in the row's details dialog). Wider than the page: the grid scrolls sideways.
 */
export const AGENT_GRID_FIELDS: AgentField[] = [
  'code', 'name', 'master', 'subagent',
  'masterCommissionElectric', 'agentCommissionElectric', 'subagentCommissionElectric',
  'masterCommissionGas', 'agentCommissionGas', 'subagentCommissionGas',
  'upsellAgentType', 'downsellAgentType', 'status', 'salesType', 'contactName', 'companyName',
];
const COMMISSIONS = new Set<AgentField>([
  'masterCommissionElectric', 'agentCommissionElectric', 'subagentCommissionElectric',
  'masterCommissionGas', 'agentCommissionGas', 'subagentCommissionGas',
]);

const NO_ROWS: AgentRow[] = [];
const { field: defaultField, direction: defaultDirection } = parseOrderBy(AGENT_DEFAULT_ORDER, AGENT_SORT_FIELDS, { field: 'agent', direction: 'Ascending' });
const DEFAULT_SORT: GridSort = { field: defaultField, direction: defaultDirection };

export function emptyAgent(): AgentRow {
  const row: Record<string, unknown> = { objectId: 0, version: 0 };
  for (const f of AGENT_FIELDS) row[f] = null;
  row.code = '';
  return row as AgentRow;
}

const fieldsOf = (row: AgentRow): AgentFields => {
  const out: Record<string, unknown> = {};
  for (const f of AGENT_FIELDS) out[f] = row[f];
  return out as AgentFields;
};

/** The messages to show for a row: 'Required' is the placeholder's job, not a message. */
const shownErrors = (row: AgentRow | null): Partial<Record<AgentField, string>> => {
  if (!row) return {};
  const errors = agentErrors(row);
  if (errors.code === MSG.required) delete errors.code;
  return errors;
};

/**
 * The agent table of Data Administration (spec 2 "Agents grid"): rows edited inline, one new or
 * edited row at a time, 'Agent Name' required, 100 per page with the total, sortable by the spec's
 * sort fields, Esc restores an edited row, the X removes a new row; a details dialog for the fields
 * that are not columns; Delete with the Yes/No confirmation; a search, and Export of the matching
 * agents as .xlsx; the agents' CHANGE LOG below. After a save the row gets its id, the change log
 * refreshes and 'All changes saved' shows.
 */
/** The agent search in the URL query, beside the page's `table` parameter. */
const AGENT_SEARCH_PARAM = 'agentSearch';
const agentFiltersOf = (params: URLSearchParams) => ({ keyword: params.get(AGENT_SEARCH_PARAM)?.trim() ?? '' });
const withAgentFilters = (params: URLSearchParams, f: { keyword: string }) => {
  const out = new URLSearchParams(params);
  if (f.keyword.trim()) out.set(AGENT_SEARCH_PARAM, f.keyword.trim());
  else out.delete(AGENT_SEARCH_PARAM);
  return out;
};

export function AgentTable({ selector, onActionChange }: { selector: (pending: boolean) => ReactNode; onActionChange?: (a: EditAction) => void }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const sets = useReferenceSets();
  // the search lives in the URL (?table=agent&agentSearch=acme): reload and Back keep it
  const { filters, text: search, setText: setSearch, sort, setSort, paging: page } = useUrlListState({
    filtersOf: agentFiltersOf,
    withFilters: withAgentFilters,
    noFilters: { keyword: '' },
    debounceMs: SEARCH_DEBOUNCE_MS,
    defaultSort: DEFAULT_SORT,
    pageSize: AGENT_PAGE_SIZE,
    sortToFirstPage: true,
  });
  const keyword = filters.keyword;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const { downloading: exporting, download: downloadFile } = useDownload();
  /** Date fields whose text is not a date (Save stays disabled). */
  const [badDates, setBadDates] = useState<ReadonlySet<AgentField>>(new Set());

  const orderBy = orderByParam(sort);
  const list = useQuery(agentListQuery({ skip: page.first, limit: page.rows, orderBy, keyword }));
  const changeLog = useQuery(agentChangeLogQuery());
  const reload = () => invalidateRoutes(queryClient, agentKeys.all);

  const editable = useEditableRows<AgentRow>({
    rows: (list.data?.data as AgentRow[] | undefined) ?? NO_ROWS,
    emptyRow: emptyAgent,
    isValid: (row) => badDates.size === 0 && Object.keys(agentErrors(row)).length === 0,
    onCreate: (row) => createAgent(fieldsOf(row)) as Promise<Partial<AgentRow>>,
    onUpdate: (row, original) => updateAgent(row.objectId, fieldsOf(row), original.version),
    onSaved: () => {
      notify.success(MSG.allChangesSavedShort);
      setDetailsOpen(false);
      void reload();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void invalidateRoutes(queryClient, agentKeys.lists);
    },
    onActionChange: (a) => {
      if (a === 'none' || a === 'saved') setBadDates(new Set());
      onActionChange?.(a);
    },
  });

  const activeRow = editable.rows.find((r) => editable.isActive(r)) ?? null;
  const errors = shownErrors(editable.draft);
  const hiddenErrors = Object.keys(errors).filter((f) => !AGENT_GRID_FIELDS.includes(f as AgentField)) as AgentField[];
  const onDateValidity = (field: AgentField, valid: boolean) =>
    setBadDates((cur) => {
      if (valid === !cur.has(field)) return cur;
      const next = new Set(cur);
      if (valid) next.delete(field);
      else next.add(field);
      return next;
    });

  const openDetails = (row: AgentRow) => {
    if (editable.isActive(row) || editable.beginEdit(row)) setDetailsOpen(true);
  };

  const remove = async (row: AgentRow) => {
    const yes = await confirm({ message: MSG.agentDeleteConfirm, header: 'Delete agent', icon: 'pi pi-trash', danger: true });
    if (!yes) return;
    try {
      await deleteAgent(row.objectId, row.version);
      notify.success(MSG.allChangesSavedShort);
    } catch {
      // the API client showed the failure
    }
    void reload();
  };

  const runExport = () => downloadFile(() => exportAgents({ keyword, orderBy }));

  const columns = ((): EditableColumn<AgentRow>[] => {
    const cols: EditableColumn<AgentRow>[] = AGENT_GRID_FIELDS.map((field): EditableColumn<AgentRow> => {
      const sortField = AGENT_SORT_FIELD_OF[field];
      const base = { field, header: AGENT_LABELS[field], sortable: sortField !== undefined, sortField };
      if (field === 'upsellAgentType' || field === 'downsellAgentType') {
        return { ...base, width: 170, editor: { type: 'select', options: codeOptions(sets, 'agentTypes') } };
      }
      if (COMMISSIONS.has(field)) {
        return {
          ...base,
          width: 200,
          align: 'right',
          body: (row) => agentValueText(field, row[field], sets),
          editor: (ctx) => (
            <AgentFieldInput field={field} value={ctx.value} onChange={ctx.onChange} id={ctx.id} ariaLabel={ctx.ariaLabel} sets={sets} error={shownErrors(ctx.row)[field]} compact />
          ),
        };
      }
      return {
        ...base,
        required: field === 'code',
        maxLength: agentFieldMaxLength(field),
        width: field === 'code' || field === 'name' ? 200 : 160,
        body: (row) => agentValueText(field, row[field], sets),
      };
    });
    // Row actions first: the grid is wider than the page, and these must not scroll out of sight.
    cols.unshift({
      field: 'rowActions',
      header: AGENT_TEXTS.more,
      editor: false,
      width: 96,
      minWidth: 96,
      align: 'center',
      body: (row) => {
        const isNew = row.objectId === 0;
        const locked = (editable.pending !== null && !editable.isActive(row)) || editable.saving;
        const label = isNew ? AGENT_TEXTS.theNewAgent : String(row.code);
        const stop = (e: MouseEvent, then: () => void) => {
          e.stopPropagation();
          then();
        };
        return (
          <span className="eb-da-row-actions">
            <Button
              type="button"
              icon="pi pi-list"
              rounded
              text
              aria-label={AGENT_TEXTS.detailsOf(label)}
              tooltip={AGENT_TEXTS.moreFields}
              tooltipOptions={{ position: 'top' }}
              disabled={locked}
              onClick={(e) => stop(e, () => openDetails(row))}
            />
            {!isNew && (
              <Button
                type="button"
                icon="pi pi-trash"
                rounded
                text
                severity="danger"
                aria-label={AGENT_TEXTS.deleteOf(label)}
                disabled={editable.pending !== null || editable.saving}
                onClick={(e) => stop(e, () => void remove(row))}
              />
            )}
          </span>
        );
      },
    });
    return cols;
  })();

  const pending = editable.pending !== null;
  const toolbar = (
    <>
      {selector(pending)}
      <IconField iconPosition="left" className="eb-da-search">
        <InputIcon className="pi pi-search" />
        <InputText
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={AGENT_TEXTS.searchPlaceholder}
          aria-label={AGENT_TEXTS.searchPlaceholder}
          disabled={pending}
          className="p-inputtext-sm"
        />
      </IconField>
      <Button
        type="button"
        label={AGENT_TEXTS.export}
        icon="pi pi-file-excel"
        size="small"
        outlined
        loading={exporting}
        disabled={pending || (list.data?.totalCount ?? 0) === 0}
        onClick={() => void runExport()}
      />
    </>
  );

  return (
    <>
      {hiddenErrors.length > 0 && (
        <div className="eb-da-hint" role="status">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>
            {AGENT_TEXTS.checkDetails} {hiddenErrors.map((f) => AGENT_LABELS[f]).join(', ')}.
          </span>
          {activeRow && <Button type="button" label={AGENT_TEXTS.openDetails} link size="small" onClick={() => openDetails(activeRow)} />}
        </div>
      )}
      <EditableGrid<AgentRow>
        ariaLabel={AGENT_TEXTS.gridLabel}
        dataKey="objectId"
        editable={editable}
        columns={columns}
        toolbar={toolbar}
        actionsFirst
        rowLabel={(a) => (a.objectId === 0 ? AGENT_TEXTS.theNewAgent : AGENT_TEXTS.rowLabel(String(a.code)))}
        lazy
        loading={list.isFetching && !list.data}
        error={list.data ? undefined : list.error}
        onRetry={() => void list.refetch()}
        totalRecords={list.data?.totalCount ?? 0}
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={[25, 50, AGENT_PAGE_SIZE]}
        onPage={page.onPage}
        sort={sort}
        onSort={setSort}
        className="eb-da-grid eb-da-grid--wide"
      />
      <AgentDetailsDialog
        row={activeRow}
        visible={detailsOpen}
        onHide={() => setDetailsOpen(false)}
        onChange={(field, value) => editable.update({ [field]: value } as Partial<AgentRow>)}
        errors={errors}
        onDateValidity={onDateValidity}
        sets={sets}
      />
      <ChangeLogPanel
        entries={changeLog.data}
        loading={changeLog.isFetching}
        fieldLabels={AGENT_LABELS}
        formatValue={(value, fieldName) => agentValueText(fieldName, value, sets)}
        className="eb-da-changelog"
      />
    </>
  );
}
