import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRID_COLUMN_MIN_PX, GRID_SELECT_COLUMN_PX, GRID_SELECT_COLUMN_WITH_MAX_PX } from '@eb/shared/constants';
import { DataGrid, GRID_DEFAULT_COLUMN_MIN_PX, ROW_INACTIVE_CLASS, orderByParam, type GridColumn, type GridSort } from './DataGrid';
import { GRID_LOADING, GRID_LOAD_FAILED, GRID_RETRY, NO_RECORDS_FOUND } from './component-texts';

interface Person {
  objectId: number;
  name: string;
  email: string;
  isActive: boolean;
}

const people: Person[] = [
  { objectId: 1, name: 'Ann', email: 'ann@example.com', isActive: true },
  { objectId: 2, name: 'Bob', email: 'bob@example.com', isActive: false },
  { objectId: 3, name: 'Cid', email: 'cid@example.com', isActive: true },
];

const columns: GridColumn<Person>[] = [
  { field: 'name', header: 'Name', sortable: true },
  { field: 'email', header: 'Email', sortable: true },
];

const nameOf = (p: Person) => p.name;

/** A grid whose selection is kept by its parent, as a page would. */
function SelectingGrid({ max, onChange }: { max?: number; onChange?: (rows: Person[]) => void }) {
  const [selection, setSelection] = useState<Person[]>([]);
  return (
    <DataGrid
      ariaLabel="People"
      value={people}
      columns={columns}
      dataKey="objectId"
      rowLabel={nameOf}
      selection={selection}
      selectionMax={max}
      onSelectionChange={(rows) => {
        setSelection(rows);
        onChange?.(rows);
      }}
    />
  );
}

describe('DataGrid', () => {
  it('shows the rows and the given column headers', () => {
    // Prepare / Act
    render(<DataGrid ariaLabel="People" value={people} columns={columns} dataKey="objectId" />);
    // Assess
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
  });

  it("shows 'No records found.' when there are no rows", () => {
    // Prepare / Act
    render(<DataGrid ariaLabel="People" value={[]} columns={columns} dataKey="objectId" />);
    // Assess
    expect(screen.getByText(NO_RECORDS_FOUND)).toBeInTheDocument();
  });

  it("says it is loading, not 'No records found.', while the first rows load", () => {
    // Prepare / Act
    render(<DataGrid ariaLabel="People" value={[]} columns={columns} dataKey="objectId" loading />);
    // Assess
    expect(screen.getByText(GRID_LOADING)).toBeInTheDocument();
    expect(screen.queryByText(NO_RECORDS_FOUND)).toBeNull();
  });

  it("says the rows could not be loaded, with Retry, instead of 'No records found.'", async () => {
    // Prepare
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<DataGrid ariaLabel="People" value={[]} columns={columns} dataKey="objectId" error={new Error('503')} onRetry={onRetry} />);
    // Act
    await user.click(screen.getByRole('button', { name: GRID_RETRY }));
    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent(GRID_LOAD_FAILED);
    expect(screen.queryByText(NO_RECORDS_FOUND)).toBeNull();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['sorted ascending', { field: 'name', direction: 'Ascending' } as GridSort, { field: 'name', direction: 'Descending' }],
    ['sorted descending', { field: 'name', direction: 'Descending' } as GridSort, { field: 'name', direction: 'Ascending' }],
    ['sorted by another column', { field: 'email', direction: 'Descending' } as GridSort, { field: 'name', direction: 'Ascending' }],
  ])('toggles the sort of a header click when %s', async (_case, sort, expected) => {
    // Prepare
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<DataGrid ariaLabel="People" value={people} columns={columns} dataKey="objectId" sort={sort} onSort={onSort} />);
    // Act
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    // Assess
    expect(onSort).toHaveBeenCalledWith(expected);
  });

  it('sorts from the keyboard (Enter on a focused header)', async () => {
    // Prepare
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(
      <DataGrid
        ariaLabel="People"
        value={people}
        columns={columns}
        dataKey="objectId"
        sort={{ field: 'email', direction: 'Ascending' }}
        onSort={onSort}
      />,
    );
    // Act
    screen.getByRole('columnheader', { name: 'Email' }).focus();
    await user.keyboard('{Enter}');
    // Assess
    expect(onSort).toHaveBeenCalledWith({ field: 'email', direction: 'Descending' });
  });

  it("maps a sort to the API's orderBy parameter", () => {
    // Prepare / Act / Assess
    expect(orderByParam({ field: 'email', direction: 'Ascending' })).toBe('email Ascending');
    expect(orderByParam({ field: 'contractId', direction: 'Descending' })).toBe('contractId Descending');
  });

  it('prevents selecting more rows than the maximum', async () => {
    // Prepare
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectingGrid max={2} onChange={onChange} />);
    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cid' }));
    // Assess
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith([people[0], people[1]]);
    expect(screen.getByRole('checkbox', { name: 'Select Cid' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Cid' })).not.toBeChecked();
    expect(screen.getByText('2/2')).toBeInTheDocument();
  });

  it('selects all rows of the page, up to the maximum', async () => {
    // Prepare
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectingGrid max={2} onChange={onChange} />);
    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    // Assess
    expect(onChange).toHaveBeenLastCalledWith([people[0], people[1]]);
    expect(screen.getByRole('checkbox', { name: 'Unselect all rows on this page' })).toBeChecked();
    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Unselect all rows on this page' }));
    // Assess
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('selects every row with select-all when no maximum applies', async () => {
    // Prepare
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectingGrid onChange={onChange} />);
    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    // Assess
    expect(onChange).toHaveBeenLastCalledWith(people);
    expect(screen.getAllByRole('row').filter((r) => r.classList.contains('p-highlight'))).toHaveLength(3);
  });

  it.each([
    ['without a maximum', undefined, GRID_SELECT_COLUMN_PX],
    ['with a maximum', 5, GRID_SELECT_COLUMN_WITH_MAX_PX],
  ])('sizes the select column %s', (_case, max, width) => {
    // Prepare / Act
    render(<SelectingGrid max={max} />);
    // Assess
    const header = screen.getByRole('checkbox', { name: 'Select all rows on this page' }).closest('th');
    expect(header).toHaveStyle({ width: `${width}px` });
  });

  it('keeps a single row expanded when the maximum is 1', async () => {
    // Prepare
    const user = userEvent.setup();
    render(
      <DataGrid
        ariaLabel="People"
        value={people}
        columns={columns}
        dataKey="objectId"
        expansionMax={1}
        rowExpansionTemplate={(p) => <p>Details of {p.name}</p>}
      />,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Expand 1' }));
    // Assess
    expect(screen.getByText('Details of Ann')).toBeInTheDocument();
    // Act
    await user.click(screen.getByRole('button', { name: 'Expand 3' }));
    // Assess
    expect(screen.getByText('Details of Cid')).toBeInTheDocument();
    expect(screen.queryByText('Details of Ann')).not.toBeInTheDocument();
  });

  it('lets several rows open without a maximum, and closes a row on a second click', async () => {
    // Prepare
    const user = userEvent.setup();
    const onKeys = vi.fn();
    render(
      <DataGrid
        ariaLabel="People"
        value={people}
        columns={columns}
        dataKey="objectId"
        onExpandedKeysChange={onKeys}
        rowExpansionTemplate={(p) => <p>Details of {p.name}</p>}
      />,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Expand 1' }));
    await user.click(screen.getByRole('button', { name: 'Expand 2' }));
    // Assess
    expect(onKeys).toHaveBeenLastCalledWith(['1', '2']);
    expect(screen.getByText('Details of Ann')).toBeInTheDocument();
    // Act
    await user.click(screen.getByRole('button', { name: 'Collapse 1' }));
    // Assess
    expect(onKeys).toHaveBeenLastCalledWith(['2']);
  });

  it('gives columns a 50 px resize minimum and a 100 px starting minimum', () => {
    // Prepare / Act
    render(<DataGrid ariaLabel="People" value={people} columns={columns} dataKey="objectId" />);
    // Assess
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveStyle({ minWidth: `${GRID_COLUMN_MIN_PX}px` });
    expect(header).toHaveClass('p-resizable-column');
    expect(screen.getByRole('cell', { name: 'Ann' })).toHaveStyle({ minWidth: `${GRID_DEFAULT_COLUMN_MIN_PX}px` });
  });

  it('styles rows through rowClassName (inactive rows)', () => {
    // Prepare / Act
    render(
      <DataGrid
        ariaLabel="People"
        value={people}
        columns={columns}
        dataKey="objectId"
        rowClassName={(p) => (p.isActive ? undefined : ROW_INACTIVE_CLASS)}
      />,
    );
    // Assess
    expect(screen.getByRole('cell', { name: 'Bob' }).closest('tr')).toHaveClass(ROW_INACTIVE_CLASS);
    expect(screen.getByRole('cell', { name: 'Ann' }).closest('tr')).not.toHaveClass(ROW_INACTIVE_CLASS);
  });

  it('clips a column to one line, its whole text in the cell title, from the field or from its body', () => {
    // Prepare
    const clippedColumns: GridColumn<Person>[] = [
      { field: 'name', header: 'Name', clip: true },
      { field: 'email', header: 'Email', clip: true, body: (p) => p.email.toUpperCase() },
      { field: 'isActive', header: 'Active' },
    ];
    // Act
    render(<DataGrid ariaLabel="People" value={people} columns={clippedColumns} dataKey="objectId" />);
    // Assess
    const name = screen.getByRole('cell', { name: 'Ann' });
    expect(name).toHaveClass('eb-grid__clip');
    expect(within(name).getByTitle('Ann')).toHaveTextContent('Ann');
    expect(within(screen.getByRole('cell', { name: 'ANN@EXAMPLE.COM' })).getByTitle('ANN@EXAMPLE.COM')).toBeInTheDocument();
    const active = screen.getAllByRole('cell', { name: 'true' })[0]!;
    expect(active).not.toHaveClass('eb-grid__clip');
    expect(active.querySelector('[title]')).toBeNull();
  });

  it("reports the 'Full text search' checkbox", async () => {
    // Prepare
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DataGrid
        ariaLabel="People"
        value={people}
        columns={columns}
        dataKey="objectId"
        fullTextSearch={{ checked: false, onChange }}
      />,
    );
    // Act
    await user.click(screen.getByLabelText('Full text search'));
    // Assess
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('asks its parent for the next page', async () => {
    // Prepare
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(
      <DataGrid ariaLabel="People" value={people.slice(0, 2)} columns={columns} dataKey="objectId" totalRecords={5} first={0} rows={2} onPage={onPage} />,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    // Assess
    expect(onPage).toHaveBeenCalledWith({ first: 2, rows: 2 });
    expect(screen.getByText('1-2 of 5')).toBeInTheDocument();
  });

  it('renders the column editors of the rows being edited', () => {
    // Prepare
    const editing: GridColumn<Person>[] = [
      { field: 'name', header: 'Name', editor: (p) => <input aria-label="Name editor" defaultValue={p.name} /> },
    ];
    // Act
    render(<DataGrid ariaLabel="People" value={people} columns={editing} dataKey="objectId" isRowEditing={(p) => p.objectId === 2} />);
    // Assess
    expect(screen.getByRole('textbox', { name: 'Name editor' })).toHaveValue('Bob');
    expect(within(screen.getByRole('table', { name: 'People' })).getAllByRole('textbox')).toHaveLength(1);
  });
});
