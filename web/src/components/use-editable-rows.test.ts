import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useEditableRows, type EditAction, type UseEditableRowsOptions } from './use-editable-rows';

interface Territory {
  objectId: number;
  code: string;
  name: string;
}

const loaded: Territory[] = [
  { objectId: 7, code: 'CE', name: 'ComEd' },
  { objectId: 8, code: 'PE', name: 'PECO' },
];
const blank = (): Territory => ({ objectId: 0, code: '', name: '' });
const isValid = (t: Territory) => t.code.trim() !== '' && t.name.trim() !== '';

function setup(overrides: Partial<UseEditableRowsOptions<Territory>> = {}) {
  const actions: EditAction[] = [];
  const onCreate = vi.fn(async () => 42);
  const onUpdate = vi.fn(async () => undefined);
  const hook = renderHook((props: { rows: readonly Territory[] }) =>
    useEditableRows<Territory>({
      rows: props.rows,
      emptyRow: blank,
      isValid,
      onCreate,
      onUpdate,
      onActionChange: (a) => actions.push(a),
      ...overrides,
    }),
    { initialProps: { rows: loaded } },
  );
  return { ...hook, actions, onCreate, onUpdate };
}

describe('useEditableRows', () => {
  it('inserts one blank row at the top on Add and refuses a second Add while it is unsaved', () => {
    // Prepare
    const { result } = setup();
    // Act
    let first = false;
    let second = true;
    act(() => {
      first = result.current.add();
    });
    act(() => {
      second = result.current.add();
    });
    // Assess
    expect(first).toBe(true);
    expect(second).toBe(false);
    expect(result.current.rows).toHaveLength(3);
    expect(result.current.rows[0]).toEqual(blank());
    expect(result.current.rowState(result.current.rows[0]!)).toBe('new');
    expect(result.current.primaryAction.label).toBe('Save');
  });

  it('refuses Add while an edited row is unsaved, and refuses editing a second row', () => {
    // Prepare
    const { result } = setup();
    act(() => {
      result.current.beginEdit(loaded[0]!);
    });
    act(() => result.current.update({ name: 'ComEd North' }));
    // Act
    let added = true;
    let second = true;
    act(() => {
      added = result.current.add();
      second = result.current.beginEdit(loaded[1]!);
    });
    // Assess
    expect(added).toBe(false);
    expect(second).toBe(false);
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.rowState(result.current.rows[0]!)).toBe('edited');
  });

  it('keeps a row unchanged until a cell is edited, then keeps its original', () => {
    // Prepare
    const { result } = setup();
    // Act
    act(() => {
      result.current.beginEdit(loaded[1]!);
    });
    // Assess
    expect(result.current.pending).toBeNull();
    expect(result.current.isActive(loaded[1]!)).toBe(true);
    expect(result.current.primaryAction.label).toBe('Add');
    // Act
    act(() => result.current.update({ code: 'PX' }));
    // Assess
    expect(result.current.pending).toBe('edited');
    expect(result.current.rows[1]).toEqual({ objectId: 8, code: 'PX', name: 'PECO' });
  });

  it('restores the original of an edited row on cancel (Esc)', () => {
    // Prepare
    const { result } = setup();
    act(() => {
      result.current.beginEdit(loaded[0]!);
    });
    act(() => result.current.update({ name: 'Changed' }));
    // Act
    act(() => result.current.cancel());
    // Assess
    expect(result.current.rows).toEqual(loaded);
    expect(result.current.pending).toBeNull();
    expect(result.current.action).toBe('none');
  });

  it('removes a new row on cancel (X)', () => {
    // Prepare
    const { result } = setup();
    act(() => {
      result.current.add();
    });
    // Act
    act(() => result.current.cancel());
    // Assess
    expect(result.current.rows).toEqual(loaded);
    expect(result.current.primaryAction.label).toBe('Add');
  });

  it('enables Save only when the row is valid', () => {
    // Prepare
    const { result } = setup();
    act(() => {
      result.current.add();
    });
    // Assess
    expect(result.current.canSave).toBe(false);
    expect(result.current.primaryAction.disabled).toBe(true);
    // Act
    act(() => result.current.update({ code: 'DQ' }));
    // Assess
    expect(result.current.primaryAction.disabled).toBe(true);
    // Act
    act(() => result.current.update({ name: 'Duquesne' }));
    // Assess
    expect(result.current.canSave).toBe(true);
    expect(result.current.primaryAction.disabled).toBe(false);
  });

  it('creates a new row, gives it its id, and moves through add, added, save, saved', async () => {
    // Prepare
    const onSaved = vi.fn();
    const { result, actions, onCreate, onUpdate } = setup({ onSaved });
    act(() => {
      result.current.add();
    });
    act(() => result.current.update({ code: 'DQ', name: 'Duquesne' }));
    // Act
    await act(async () => {
      await result.current.save();
    });
    // Assess
    expect(onCreate).toHaveBeenCalledWith({ objectId: 0, code: 'DQ', name: 'Duquesne' });
    expect(onUpdate).not.toHaveBeenCalled();
    expect(result.current.rows[0]).toEqual({ objectId: 42, code: 'DQ', name: 'Duquesne' });
    expect(result.current.rowState(result.current.rows[0]!)).toBe('unchanged');
    expect(onSaved).toHaveBeenCalledWith({ objectId: 42, code: 'DQ', name: 'Duquesne' }, 'created');
    expect(actions).toEqual(['add', 'added', 'save', 'saved']);
    expect(result.current.action).toBe('saved');
    expect(result.current.primaryAction.label).toBe('Add');
  });

  it('updates an edited row with its original', async () => {
    // Prepare
    const { result, actions, onCreate, onUpdate } = setup();
    act(() => {
      result.current.beginEdit(loaded[1]!);
    });
    act(() => result.current.update({ name: 'PECO Energy' }));
    // Act
    await act(async () => {
      await result.current.save();
    });
    // Assess
    expect(onUpdate).toHaveBeenCalledWith({ objectId: 8, code: 'PE', name: 'PECO Energy' }, loaded[1]);
    expect(onCreate).not.toHaveBeenCalled();
    expect(result.current.rows[1]).toEqual({ objectId: 8, code: 'PE', name: 'PECO Energy' });
    expect(actions).toEqual(['added', 'save', 'saved']);
  });

  it('keeps the row pending when the save fails', async () => {
    // Prepare
    const onError = vi.fn();
    const { result, actions } = setup({ onCreate: vi.fn(async () => Promise.reject(new Error('409'))), onError });
    act(() => {
      result.current.add();
    });
    act(() => result.current.update({ code: 'DQ', name: 'Duquesne' }));
    // Act
    let ok = true;
    await act(async () => {
      ok = await result.current.save();
    });
    // Assess
    expect(ok).toBe(false);
    expect(onError).toHaveBeenCalled();
    expect(result.current.pending).toBe('new');
    expect(actions).toEqual(['add', 'added', 'save', 'added']);
  });

  it('shows the rows the parent reloads after a save', async () => {
    // Prepare
    const { result, rerender } = setup();
    act(() => {
      result.current.add();
    });
    act(() => result.current.update({ code: 'DQ', name: 'Duquesne' }));
    await act(async () => {
      await result.current.save();
    });
    // Act
    const reloaded = [...loaded, { objectId: 42, code: 'DQ', name: 'Duquesne' }];
    rerender({ rows: reloaded });
    // Assess
    expect(result.current.rows).toEqual(reloaded);
  });

  it('allows nothing when it cannot edit', () => {
    // Prepare
    const { result } = setup({ canEdit: false });
    // Act
    let added = true;
    act(() => {
      added = result.current.add();
    });
    // Assess
    expect(added).toBe(false);
    expect(result.current.primaryAction.disabled).toBe(true);
  });
});
