import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG } from '@eb/shared/messages';
import { useConfirm, type Confirm } from './confirm-context';

/**
 * Unsaved grid rows and forms inside a popup or a record tab (issue 7 section 9, issue 28 section 1:
 * nothing lost). Each editable sub-grid reports its pending row here and each form (useForm) whether
 * it is changed; a popup's own Save saves the valid rows with the rest, and closing the popup (X,
 * Esc, Cancel) or a record tab, leaving the screen or reloading asks before dropping any.
 */
export interface PendingEdit {
  /** The pending row may be saved. */
  valid: boolean;
  /** Saves it; false when the save failed (the row stays). */
  save: () => Promise<boolean>;
  /** Drops it (a new row goes, an edited row gets its original back). */
  discard: () => void;
}

interface Registry {
  set: (id: string, edit: PendingEdit | null) => void;
  count: number;
  edits: () => PendingEdit[];
  /** Forms of the popup with unsaved changes (by id). */
  setFormDirty: (id: string, dirty: boolean) => void;
  dirtyForms: () => number;
}

const PendingEditsContext = createContext<Registry | null>(null);

/** What a scope holds unsaved, read by whoever owns the scope (a popup, a record tab). */
export interface UnsavedHandle {
  edits: () => PendingEdit[];
  dirtyForms: () => number;
}

/** Something in these scopes is unsaved (a form changed, a grid row added or edited). */
export const hasUnsaved = (handles: readonly UnsavedHandle[]): boolean => handles.some((h) => h.edits().length > 0 || h.dirtyForms() > 0);

/**
 * Before dropping what these scopes hold: nothing unsaved answers true at once; else the Yes/No
 * question ('A row you added or edited is not saved. Discard it?' when a grid row is, else 'Your
 * changes are not saved. Discard them?'); Yes discards the rows and answers true.
 */
export async function confirmDiscardOf(handles: readonly UnsavedHandle[], confirm: Confirm): Promise<boolean> {
  const edits = handles.flatMap((h) => h.edits());
  const forms = handles.reduce((n, h) => n + h.dirtyForms(), 0);
  if (edits.length === 0 && forms === 0) return true;
  const yes = await confirm({ message: edits.length > 0 ? MSG.unsavedRowsDiscard : MSG.unsavedChangesDiscard, header: MSG.unsavedRowsHeader });
  if (!yes) return false;
  for (const e of edits) e.discard();
  return true;
}

/**
 * The scope of a popup or a record tab: forms and grids inside it report what is unsaved; `onHandle`
 * hands its owner the handle to read it (null when the scope goes).
 */
export function PendingEditsScope({ children, onHandle }: { children: ReactNode; onHandle?: (handle: UnsavedHandle | null) => void }) {
  const edits = useRef(new Map<string, PendingEdit>());
  const [count, setCount] = useState(0);
  const set = useCallback((id: string, edit: PendingEdit | null) => {
    if (edit) edits.current.set(id, edit);
    else edits.current.delete(id);
    setCount(edits.current.size);
  }, []);
  const dirty = useRef(new Set<string>());
  const setFormDirty = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(id);
    else dirty.current.delete(id);
  }, []);
  const registry = useMemo<Registry>(
    () => ({ set, count, edits: () => [...edits.current.values()], setFormDirty, dirtyForms: () => dirty.current.size }),
    [set, count, setFormDirty],
  );
  useEffect(() => {
    if (!onHandle) return;
    onHandle({ edits: () => [...edits.current.values()], dirtyForms: () => dirty.current.size });
    return () => onHandle(null);
  }, [onHandle]);
  return <PendingEditsContext.Provider value={registry}>{children}</PendingEditsContext.Provider>;
}

/** A form's side: report whether it has unsaved changes (closing its popup then asks first). */
export function useUnsavedForm(dirty: boolean): void {
  const setFormDirty = useContext(PendingEditsContext)?.setFormDirty;
  const id = useId();
  useEffect(() => {
    setFormDirty?.(id, dirty);
    return () => setFormDirty?.(id, false);
  }, [setFormDirty, id, dirty]);
}

/** A grid's side: report the pending row (or null) under a stable id. Outside a scope it does nothing. */
export function usePendingEditsRegistry(): Registry['set'] | null {
  return useContext(PendingEditsContext)?.set ?? null;
}

export interface PendingEdits {
  /** How many rows are unsaved. */
  count: number;
  /**
   * Before the popup's Save: saves the valid unsaved rows; for rows that cannot be saved asks Yes/No
   * (Yes: they are dropped). Resolves false when the popup must stay open (a save failed, or No).
   */
  settle: () => Promise<boolean>;
  /** Before the popup closes without saving: asks Yes/No when rows or forms are unsaved (Yes: dropped). */
  confirmDiscard: () => Promise<boolean>;
}

/** The popup's side: the unsaved rows of the grids inside the scope. */
export function usePendingEdits(): PendingEdits {
  const registry = useContext(PendingEditsContext);
  const confirm = useConfirm();
  const ask = () => confirm({ message: MSG.unsavedRowsDiscard, header: MSG.unsavedRowsHeader });
  const confirmDiscard = (): Promise<boolean> => confirmDiscardOf(registry ? [registry] : [], confirm);
  const settle = async (): Promise<boolean> => {
    const edits = registry?.edits() ?? [];
    const invalid = edits.filter((e) => !e.valid);
    if (invalid.length > 0) {
      if (!(await ask())) return false;
      for (const e of invalid) e.discard();
    }
    for (const e of edits.filter((x) => x.valid)) {
      if (!(await e.save())) return false;
    }
    return true;
  };
  return { count: registry?.count ?? 0, settle, confirmDiscard };
}
