import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import { EditableGrid, type EditableColumn } from './EditableGrid';
import { useEditableRows, type EditAction } from './use-editable-rows';

interface Territory {
  objectId: number;
  code: string;
  name: string;
  state: string | null;
}

const loaded: Territory[] = [
  { objectId: 7, code: 'CE', name: 'ComEd', state: 'IL' },
  { objectId: 8, code: 'PE', name: 'PECO', state: 'PA' },
];

const columns: EditableColumn<Territory>[] = [
  { field: 'code', header: 'Code', required: true, maxLength: 50 },
  { field: 'name', header: 'Name', required: true, maxLength: 50 },
  {
    field: 'state',
    header: 'State',
    editor: {
      type: 'select',
      options: [
        { label: 'Illinois', value: 'IL' },
        { label: 'Pennsylvania', value: 'PA' },
      ],
    },
  },
];

function TerritoryGrid(props: {
  onCreate?: (t: Territory) => Promise<number>;
  onUpdate?: (t: Territory, original: Territory) => Promise<unknown>;
  onAction?: (a: EditAction) => void;
  columns?: EditableColumn<Territory>[];
}) {
  const editable = useEditableRows<Territory>({
    rows: loaded,
    emptyRow: () => ({ objectId: 0, code: '', name: '', state: null }),
    isValid: (t) => t.code !== '' && t.name !== '' && t.state !== null,
    onCreate: props.onCreate ?? (async () => 1),
    onUpdate: props.onUpdate ?? (async () => undefined),
    onActionChange: props.onAction,
  });
  return <EditableGrid ariaLabel="Territories" editable={editable} columns={props.columns ?? columns} dataKey="objectId" rowLabel={(t) => t.code || 'new row'} />;
}

const table = () => screen.getByRole('table', { name: 'Territories' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

// Typing into a PrimeReact grid is slow in jsdom on a busy machine: generous time limits.
describe('EditableGrid', { timeout: 30_000 }, () => {
  it("adds a blank row on top with 'Required' placeholders, and the button becomes Save", async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid />);
    // Act
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Assess
    const first = bodyRows()[0]!;
    expect(within(first).getByRole('textbox', { name: 'Code' })).toHaveAttribute('placeholder', MSG.required);
    expect(within(first).getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', MSG.required);
    expect(within(first).getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it("counts a long text's characters against its maximum as the user types (the CRM comment's 300)", async () => {
    // Prepare: the Name column with its counter
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid columns={columns.map((c) => (c.field === 'name' ? { ...c, counter: true } : c))} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const name = within(bodyRows()[0]!).getByRole('textbox', { name: 'Name' });
    // Act
    await user.type(name, 'PECO');
    // Assess
    expect(within(bodyRows()[0]!).getByText('4/50')).toHaveAttribute('aria-live', 'polite');
  });

  it('removes the new row with its X', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Act
    await user.click(screen.getByRole('button', { name: 'Remove the new row' }));
    // Assess
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('enables Save once the row is valid and creates the new row', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onCreate = vi.fn(async () => 99);
    const actions: EditAction[] = [];
    render(<TerritoryGrid onCreate={onCreate} onAction={(a) => actions.push(a)} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Act
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'DQ');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Duquesne');
    // Assess
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Act
    await user.type(screen.getByRole('combobox', { name: 'State' }), 'Pe');
    // Assess
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    // Act
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ objectId: 0, code: 'DQ', name: 'Duquesne', state: 'PA' }));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByRole('cell', { name: 'Duquesne' })).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByRole('cell', { name: 'Pennsylvania' })).toBeInTheDocument();
    expect(actions).toEqual(['add', 'added', 'save', 'saved']);
  });

  it('opens a clicked row, updates it on Save', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onUpdate = vi.fn(async () => undefined);
    render(<TerritoryGrid onUpdate={onUpdate} />);
    // Act
    await user.click(screen.getByRole('cell', { name: 'PECO' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    // Assess
    expect(name).toHaveFocus();
    // Act
    await user.clear(name);
    await user.type(name, 'PECO Energy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith({ ...loaded[1], name: 'PECO Energy' }, loaded[1]));
  });

  it('restores an edited row on Esc', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid />);
    await user.click(screen.getByRole('button', { name: 'Edit CE' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'X');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    // Act
    await user.keyboard('{Escape}');
    // Assess
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByRole('cell', { name: 'CE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit CE' })).toHaveFocus();
  });

  it('removes a new row on Esc, as its X does', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'NEW');
    // Act
    await user.keyboard('{Escape}');
    // Assess
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('does not open another row while one is unsaved', async () => {
    // Prepare
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(<TerritoryGrid />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Act
    await user.click(screen.getByRole('cell', { name: 'PECO' }));
    // Assess
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Edit PE' })).toBeDisabled();
  });
});
