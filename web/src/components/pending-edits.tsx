import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG } from '@eb/shared/messages';
import { useConfirm } from './confirm-context';

/**
 * Unsaved grid rows inside a popup (issue 7 section 9: nothing lost). Each editable sub-grid of a
 * popup reports its pending row here; the popup's own Save saves the valid ones with the rest, and
 * closing the popup (X, Esc, Cancel) asks Yes/No before dropping any.
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

/** The scope of a popup: grids inside it report their unsaved rows. */
export function PendingEditsScope({ children }: { children: ReactNode }) {
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
  const confirmDiscard = async (): Promise<boolean> => {
    const edits = registry?.edits() ?? [];
    const forms = registry?.dirtyForms() ?? 0;
    if (edits.length === 0 && forms === 0) return true;
    const yes = edits.length > 0 ? await ask() : await confirm({ message: MSG.unsavedChangesDiscard, header: MSG.unsavedRowsHeader });
    if (!yes) return false;
    for (const e of edits) e.discard();
    return true;
  };
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
