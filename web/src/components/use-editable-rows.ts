import { useRef, useState } from 'react';
import { ADD_LABEL, SAVE_LABEL } from './component-texts';

/**
 * The page action of an inline-edited grid (spec 1 section 4 "Data-admin editing action values";
 * spec 2 section 4 "Agents grid"):
 * - 'none'  nothing pending; the single button reads Add;
 * - 'add'   Add was pressed and the blank row is being inserted (immediately followed by 'added');
 * - 'added' a new or edited row is pending; the button reads Save;
 * - 'save'  the pending row is being saved (create or update);
 * - 'saved' the last save succeeded; the button reads Add again.
 */
export type EditAction = 'none' | 'add' | 'added' | 'save' | 'saved';

/** How a displayed row stands: a new row (spec: objectId 0), an edited row (spec: marked -1), or neither. */
export type RowEditState = 'unchanged' | 'new' | 'edited';

/** Spec 1 section 3: a new row has objectId 0. */
export const NEW_ROW_ID = 0;
/** Spec 1 section 3: a row being edited is temporarily marked -1 (here: `rowState(row) === 'edited'`). */
export const EDITED_ROW_ID = -1;

export interface UseEditableRowsOptions<T> {
  /** The rows of the current page as loaded (pass a stable array, e.g. the query's data). */
  rows: readonly T[];
  /** A blank row for Add (its id is NEW_ROW_ID). */
  emptyRow: () => T;
  /** Save is enabled only when the pending row is valid. */
  isValid: (row: T) => boolean;
  /** The row's id; default `row.objectId`. */
  getId?: (row: T) => number;
  /** A copy of the row with its new id; default `{ ...row, objectId: id }`. */
  setId?: (row: T, id: number) => T;
  /**
   * Creates a new row. Resolves with its new id (the row then gets it), or with the created row (or
   * part of it), which is merged into the row.
   */
  onCreate: (row: T) => Promise<number | Partial<T>>;
  /** Updates an edited row; `original` is its copy before editing. An object result is merged in. */
  onUpdate: (row: T, original: T) => Promise<unknown>;
  /** After a successful save (e.g. refresh the change log, notify 'All changes have been saved'). */
  onSaved?: (row: T, kind: 'created' | 'updated') => void;
  /** A failed save: the row stays pending. (The API client already notifies the failure.) */
  onError?: (error: unknown) => void;
  /** Every change of the page action, in order. */
  onActionChange?: (action: EditAction) => void;
  /** false: read-only (agents, viewOnly): nothing can be added or edited. Default true. */
  canEdit?: boolean;
}

export interface EditableRows<T> {
  /** The rows to show: the new row on top, the edited row's draft in its place. */
  rows: T[];
  action: EditAction;
  /** The pending row's kind, or null when nothing is pending. */
  pending: 'new' | 'edited' | null;
  /** The pending row as edited so far. */
  draft: T | null;
  /** The id of the row whose editors are open (the pending row, or a row opened for editing). */
  activeId: number | null;
  canEdit: boolean;
  rowState(row: T): RowEditState;
  /** The row's editors are open. */
  isActive(row: T): boolean;
  /** Inserts a blank row on top; refused (false) while a new or edited row is unsaved. */
  /** Insert the new row: a blank one, or `row` (e.g. filled from a record picked in a popup). */
  add(row?: T): boolean;
  /** Opens a row's editors; refused (false) while another row is pending. */
  beginEdit(row: T): boolean;
  /**
   * Changes the open row. The first change of an existing row makes it the single edited row and
   * keeps its original.
   */
  update(patch: Partial<T>): void;
  /** Drops the pending row: a new row is removed (X), an edited row gets its original back (Esc). */
  cancel(): void;
  /** Saves the pending row: creates a new row, updates an edited one. */
  save(): Promise<boolean>;
  /** The pending row is valid and no save is running. */
  canSave: boolean;
  saving: boolean;
  /** The single add/save button: 'Add' when nothing is pending, else 'Save' (disabled while invalid). */
  primaryAction: { label: string; disabled: boolean; onClick: () => void };
  /** Forgets everything pending (e.g. when another table is chosen). */
  reset(): void;
}

interface Pending<T> {
  kind: 'new' | 'edited';
  id: number;
  draft: T;
  /** The copy before editing (edited rows). */
  original: T | null;
}

interface State<T> {
  action: EditAction;
  pending: Pending<T> | null;
  activeId: number | null;
  /** The last saved row, shown until the parent passes new rows. */
  saved: { row: T; kind: 'created' | 'updated'; base: readonly T[] } | null;
}

const defaultGetId = (row: object): number => Number((row as { objectId?: unknown }).objectId);
const defaultSetId = <T>(row: T, id: number): T => ({ ...row, objectId: id });

/**
 * The editable-row pattern of data administration (territories, agents) and of the sub-grids
 * (spec 1 section 4, spec 2 section 4): one new or edited row at a time; Add inserts a blank row
 * (id 0) on top only when nothing is unsaved; editing an existing row keeps its original; cancel
 * removes a new row or restores an edited one; Save (enabled when `isValid`) creates a new row
 * and updates an edited one; the saved row gets its id and the action becomes 'saved'.
 * Render it with `EditableGrid`, or with `DataGrid` (`isRowEditing={editable.isActive}`).
 */
export function useEditableRows<T extends object>(options: UseEditableRowsOptions<T>): EditableRows<T> {
  const opts = useRef(options);
  opts.current = options; // the latest callbacks, for the async save
  const getId = options.getId ?? defaultGetId;
  const canEdit = options.canEdit ?? true;

  const [state, setState] = useState<State<T>>({ action: 'none', pending: null, activeId: null, saved: null });
  const ref = useRef(state);
  const commit = (next: State<T>, ...actions: EditAction[]) => {
    ref.current = next;
    setState(next);
    for (const a of actions) opts.current.onActionChange?.(a);
  };

  // ---- the rows shown --------------------------------------------------------------------------
  let rows: T[] = [...options.rows];
  const saved = state.saved && state.saved.base === options.rows ? state.saved : null;
  if (saved) {
    const savedId = getId(saved.row);
    rows =
      saved.kind === 'created'
        ? [saved.row, ...rows.filter((r) => getId(r) !== savedId)]
        : rows.map((r) => (getId(r) === savedId ? saved.row : r));
  }
  const pending = state.pending;
  if (pending?.kind === 'new') rows = [pending.draft, ...rows];
  else if (pending?.kind === 'edited') rows = rows.map((r) => (getId(r) === pending.id ? pending.draft : r));

  const findShown = (id: number): T | undefined => {
    const cur = ref.current;
    if (cur.pending?.id === id) return cur.pending.draft;
    const base = cur.saved && cur.saved.base === opts.current.rows && getId(cur.saved.row) === id ? cur.saved.row : undefined;
    return base ?? opts.current.rows.find((r) => getId(r) === id);
  };

  // ---- actions ---------------------------------------------------------------------------------
  const add = (row?: T): boolean => {
    const cur = ref.current;
    if (!canEdit || cur.pending || cur.action === 'save') return false;
    const draft = row ?? opts.current.emptyRow();
    commit({ ...cur, action: 'added', pending: { kind: 'new', id: NEW_ROW_ID, draft, original: null }, activeId: NEW_ROW_ID }, 'add', 'added');
    return true;
  };

  const beginEdit = (row: T): boolean => {
    const cur = ref.current;
    const id = getId(row);
    if (!canEdit || cur.action === 'save') return false;
    if (cur.pending) return cur.pending.id === id;
    if (cur.activeId !== id) commit({ ...cur, activeId: id });
    return true;
  };

  const update = (patch: Partial<T>) => {
    const cur = ref.current;
    if (!canEdit || cur.activeId === null || cur.action === 'save') return;
    if (cur.pending) {
      commit({ ...cur, pending: { ...cur.pending, draft: { ...cur.pending.draft, ...patch } } });
      return;
    }
    const original = findShown(cur.activeId);
    if (!original) return;
    commit(
      { ...cur, action: 'added', pending: { kind: 'edited', id: cur.activeId, draft: { ...original, ...patch }, original } },
      'added',
    );
  };

  const cancel = () => {
    const cur = ref.current;
    if (cur.action === 'save') return;
    if (cur.pending) commit({ ...cur, action: 'none', pending: null, activeId: null }, 'none');
    else if (cur.activeId !== null) commit({ ...cur, activeId: null });
  };

  const reset = () => {
    const cur = ref.current;
    commit({ action: 'none', pending: null, activeId: null, saved: null }, ...(cur.action === 'none' ? [] : ['none' as const]));
  };

  const save = async (): Promise<boolean> => {
    const cur = ref.current;
    const p = cur.pending;
    if (!p || cur.action === 'save' || !opts.current.isValid(p.draft)) return false;
    commit({ ...cur, action: 'save' }, 'save');
    try {
      let row: T;
      if (p.kind === 'new') {
        const result = await opts.current.onCreate(p.draft);
        row = typeof result === 'number' ? (opts.current.setId ?? defaultSetId)(p.draft, result) : { ...p.draft, ...result };
      } else {
        const result = await opts.current.onUpdate(p.draft, p.original ?? p.draft);
        row = result !== null && typeof result === 'object' ? { ...p.draft, ...(result as Partial<T>) } : p.draft;
      }
      const kind = p.kind === 'new' ? 'created' : 'updated';
      commit({ action: 'saved', pending: null, activeId: null, saved: { row, kind, base: opts.current.rows } }, 'saved');
      opts.current.onSaved?.(row, kind);
      return true;
    } catch (error) {
      commit({ ...ref.current, action: 'added' }, 'added');
      opts.current.onError?.(error);
      return false;
    }
  };

  const saving = state.action === 'save';
  const canSave = pending !== null && !saving && options.isValid(pending.draft);
  const isNewDraft = (row: T) => pending?.kind === 'new' && row === pending.draft;

  return {
    rows,
    action: state.action,
    pending: pending?.kind ?? null,
    draft: pending?.draft ?? null,
    activeId: state.activeId,
    canEdit,
    rowState: (row) => {
      if (isNewDraft(row)) return 'new';
      if (pending?.kind === 'edited' && getId(row) === pending.id) return 'edited';
      return 'unchanged';
    },
    isActive: (row) =>
      state.activeId !== null && (isNewDraft(row) || (pending?.kind !== 'new' && getId(row) === state.activeId)),
    add,
    beginEdit,
    update,
    cancel,
    save,
    canSave,
    saving,
    primaryAction: pending
      ? { label: SAVE_LABEL, disabled: !canSave, onClick: () => void save() }
      : { label: ADD_LABEL, disabled: !canEdit || saving, onClick: () => void add() },
    reset,
  };
}
