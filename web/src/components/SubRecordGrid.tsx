import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ApiError } from '../lib/api-client';
import type { ChildRecordCalls } from '../lib/child-records';
import { invalidateRoutes } from '../lib/queries';
import { useConfirm } from './confirm-context';
import { orderByParam, type GridPage, type GridSort } from './DataGrid';
import { EditableGrid, type EditableColumn } from './EditableGrid';
import { useNotify } from './notify-context';
import { usePendingEditsRegistry } from './pending-edits';
import { useEditableRows, type EditableRows } from './use-editable-rows';
import { useLatest } from './use-latest';
import './sub-record-grid.css';

/** A child record as its list answers it. */
export interface SubRecord {
  objectId: number;
  version: number;
}

/** What a spec's columns may use: the row being edited, read at call time (e.g. a zip lookup filling it). */
export interface SubRecordEditing<T> {
  draft: () => T | null;
  update: (patch: Partial<T>) => void;
  /** Save a change of a saved row that is not being edited at once (e.g. ticking Resolved on a CRM note). */
  saveNow: (row: T, original: T) => Promise<void>;
  /** May the user change rows? */
  canEdit: boolean;
}

/** The texts of a sub-grid (an entity's texts module gives them). */
export interface SubRecordTexts {
  /** Title and accessible name of the grid ('Addresses'). */
  title: string;
  /** The accessible name of the new row ('the new address'). */
  newRow: string;
  /** The accessible name of a row. */
  rowLabel: (row: { objectId: number }) => string;
  /** Shown when there are no rows. */
  none: string;
  /** The delete column's header and the delete button's label, before the row's text. */
  deleteHeader: string;
  deleteRow: string;
  /** The delete confirmation (Yes/No). */
  deleteTitle: string;
  deleteConfirm: string;
  /** After a save or a delete ('All changes saved'). */
  saved: string;
}

/** A child kind's grid, declared: columns, editors, rules, texts, calls. */
export interface SubRecordSpec<T extends SubRecord> {
  /** A stable name of the kind ('address'): CSS modifier and registry id. */
  kind: string;
  columns: (editing: SubRecordEditing<T>) => EditableColumn<T>[];
  /** A blank row for Add (objectId 0) under the parent. */
  emptyRow: (parentId: number) => T;
  /** The rules (a zod schema of shared/, as messages by field): none means valid. */
  errors: (row: T) => Record<string, string>;
  /** Fields whose message shows while still empty (e.g. required by the row's type); others show once typed. */
  requiredNow?: (row: T) => readonly string[];
  /** The field names of the messages. */
  fieldLabels: Readonly<Record<string, string>>;
  /** The row's text in the delete button's label. */
  rowText: (row: T) => string;
  defaultSort: GridSort;
  pageSize: number;
  texts: SubRecordTexts;
  calls: ChildRecordCalls<T>;
}

const NO_ROWS: never[] = [];

/**
 * What is wrong with a pending row, as far as it was typed: a typed value's rule, and the row's
 * required fields once the user has typed in the row (`typed`; issue 28: no 'Required' on a row
 * nobody has touched yet, such as one just added or filled from a chosen contact).
 */
export function visibleErrors<T extends SubRecord>(spec: SubRecordSpec<T>, row: T, typed = true): string[] {
  const values = row as unknown as Record<string, unknown>;
  const required = new Set(typed ? (spec.requiredNow?.(row) ?? []) : []);
  return Object.entries(spec.errors(row))
    .filter(([field]) => {
      const v = values[field];
      return (v !== null && v !== undefined && String(v).trim() !== '') || required.has(field);
    })
    .map(([field, message]) => `${spec.fieldLabels[field] ?? field}: ${message}`);
}

/**
 * One editable sub-grid of a parent (spec 2 section 4 "Sub-grids"): a page of the parent's child
 * records, sorted; Add inserts one blank row on top (the button becomes Save), a click edits a row;
 * one new or edited row at a time; Esc restores an edited row (and only that: the popup stays), X
 * removes the new row; Save is enabled when the row is valid and creates or updates it; Delete asks
 * Yes/No first. Inside a `PendingEditsScope` (a popup) it reports its unsaved row, so the popup's
 * Save saves it with the rest and closing asks before dropping it.
 */
export interface SubRecordGridProps<T extends SubRecord> {
  spec: SubRecordSpec<T>;
  parentId: number;
  canEdit?: boolean;
  /**
   * Add picks the new row's values first (e.g. a contact from the Contact Search popup): called
   * instead of inserting a blank row, it inserts the row it is handed.
   */
  onAdd?: (insert: (row: T) => void) => void;
  /** Row selection (e.g. for a download of the selected rows), at most `selectionMax`. */
  selection?: readonly T[];
  onSelectionChange?: (rows: T[]) => void;
  selectionMax?: number;
  /** More buttons in the grid's header (e.g. Download). */
  actions?: ReactNode;
}

export function SubRecordGrid<T extends SubRecord>({ spec, parentId, canEdit = true, onAdd, selection, onSelectionChange, selectionMax, actions }: SubRecordGridProps<T>) {
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const registry = usePendingEditsRegistry();
  const registryId = `${spec.kind}-${useId()}`;
  const [page, setPage] = useState<GridPage>({ first: 0, rows: spec.pageSize });
  const [sort, setSort] = useState<GridSort>({ ...spec.defaultSort });
  const list = useQuery({ ...spec.calls.list(parentId, { skip: page.first, limit: page.rows, orderBy: orderByParam(sort) }), placeholderData: keepPreviousData });
  const [deleting, setDeleting] = useState(false);
  const reload = () => invalidateRoutes(queryClient, spec.calls.invalidates);

  const editable: EditableRows<T> = useEditableRows<T>({
    rows: list.data?.data ?? NO_ROWS,
    emptyRow: () => spec.emptyRow(parentId),
    isValid: (row) => Object.keys(spec.errors(row)).length === 0,
    onCreate: (row) => spec.calls.add(parentId, row),
    onUpdate: (row, original) => spec.calls.update(row, original),
    onSaved: () => {
      notify.success(spec.texts.saved);
      void reload();
    },
    onError: (error) => {
      // a stale row (409): the client showed the message; reload so that Esc shows the stored row
      if (error instanceof ApiError && error.status === 409) void reload();
    },
    canEdit,
  });
  const latest = useLatest(editable);
  // Add through a picker: the picker inserts the row it was handed
  const shown: EditableRows<T> =
    onAdd && editable.pending === null
      ? { ...editable, primaryAction: { ...editable.primaryAction, onClick: () => onAdd((row) => void latest.current.add(row)) } }
      : editable;

  // the unsaved row, for the popup around the grid
  const pendingValid = editable.pending !== null ? editable.canSave || editable.saving : null;
  useEffect(() => {
    if (!registry) return;
    registry(
      registryId,
      pendingValid === null
        ? null
        : { valid: pendingValid, save: () => latest.current.save(), discard: () => latest.current.cancel() },
    );
  }, [registry, registryId, pendingValid, latest]);
  useEffect(() => () => registry?.(registryId, null), [registry, registryId]);

  const remove = async (row: T) => {
    if (!(await confirm({ message: spec.texts.deleteConfirm, header: spec.texts.deleteTitle, danger: true }))) return;
    setDeleting(true);
    try {
      await spec.calls.remove?.([{ objectId: row.objectId, version: row.version }]);
      notify.success(spec.texts.saved);
      // a page left empty by the delete shows the previous one
      if (page.first > 0 && page.first >= (list.data?.totalCount ?? 1) - 1) setPage((p) => ({ ...p, first: Math.max(0, p.first - p.rows) }));
    } catch {
      // the API client notified the failure
    } finally {
      setDeleting(false);
      void reload();
    }
  };
  const removeLatest = useLatest(remove);
  const saveNow = async (row: T, original: T) => {
    try {
      await spec.calls.update(row, original);
      notify.success(spec.texts.saved);
    } catch {
      // the API client notified the failure
    } finally {
      void reload();
    }
  };
  const saveNowLatest = useLatest(saveNow);

  const columns = useMemo(() => {
    const cols = spec.columns({
      draft: () => latest.current.draft,
      update: (patch) => latest.current.update(patch),
      saveNow: (row, original) => saveNowLatest.current(row, original),
      canEdit,
    });
    if (!canEdit || !spec.calls.remove) return cols;
    const deleteColumn = {
      field: 'objectId',
      header: spec.texts.deleteHeader,
      editor: false,
      width: 80,
      minWidth: 64,
      align: 'center',
      body: (row: T) =>
        row.objectId > 0 ? (
          <Button
            type="button"
            icon="pi pi-trash"
            rounded
            text
            severity="danger"
            aria-label={`${spec.texts.deleteRow} ${spec.rowText(row)}`}
            disabled={latest.current.pending !== null || deleting}
            onClick={(e) => {
              e.stopPropagation();
              void removeLatest.current(row);
            }}
          />
        ) : null,
    } as EditableColumn<T>;
    return [...cols, deleteColumn];
  }, [spec, canEdit, deleting, latest, removeLatest, saveNowLatest]);

  // the pending row as it was opened or added: typed once it differs
  const [opened, setOpened] = useState<{ draft: T | null }>({ draft: null });
  if (editable.draft === null && opened.draft !== null) setOpened({ draft: null });
  else if (editable.draft !== null && opened.draft === null) setOpened({ draft: editable.draft });
  const typed = opened.draft !== null && editable.draft !== null && JSON.stringify(opened.draft) !== JSON.stringify(editable.draft);
  const problems = editable.draft ? visibleErrors(spec, editable.draft, typed) : [];
  const total = list.data?.totalCount ?? 0;
  const rowLabelRef = useRef(spec.texts.rowLabel);
  rowLabelRef.current = spec.texts.rowLabel;

  return (
    <section className={`eb-subgrid eb-subgrid--${spec.kind}`} aria-label={spec.texts.title}>
      <EditableGrid<T>
        ariaLabel={spec.texts.title}
        dataKey={'objectId' as keyof T & string}
        editable={shown}
        columns={columns}
        toolbar={
          <div className="eb-subgrid__toolbar">
            <h3 className="eb-subgrid__title">
              {spec.texts.title} <span className="eb-subgrid__count">({total})</span>
            </h3>
            {actions}
          </div>
        }
        selection={selection}
        onSelectionChange={onSelectionChange}
        selectionMax={selectionMax}
        rowLabel={(r) => (r.objectId === 0 ? spec.texts.newRow : rowLabelRef.current(r))}
        lazy
        loading={list.isFetching && !list.data}
        error={list.data ? undefined : list.error}
        onRetry={() => void list.refetch()}
        totalRecords={total}
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={[spec.pageSize]}
        paginator={total > spec.pageSize}
        onPage={setPage}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, first: 0 }));
        }}
        emptyMessage={spec.texts.none}
        className="eb-subgrid__grid"
      />
      {problems.length > 0 && (
        <ul className="eb-subgrid__problems" aria-live="polite">
          {problems.map((p) => (
            <li key={p} className="p-error">
              {p}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
