import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ChangeLogPanel } from './ChangeLogPanel';
import { formatFieldName, formatLogDateTime, groupChangeLog, humanize, type ChangeLogEntry } from './change-log';
import { CHANGE_LOG_TITLE, NO_RECORDS_FOUND } from './component-texts';

const base = { actionUser: 'Jane Doe', entityId: 12, parent: null, parentId: null } as const;

const entries: ChangeLogEntry[] = [
  // one update event with two fields
  { ...base, objectId: 'e1:0', eventId: 'e1', action: 'updated', entity: 'territory', actionDate: '2024-02-05T14:07:00', fieldName: 'name', oldValue: 'ComEd', newValue: 'ComEd North' },
  { ...base, objectId: 'e1:1', eventId: 'e1', action: 'updated', entity: 'territory', actionDate: '2024-02-05T14:07:00', fieldName: 'billMethodId', oldValue: '1', newValue: null },
  // a creation, later
  { ...base, objectId: 'e2:0', eventId: 'e2', action: 'added', entity: 'territory', entityId: 13, actionDate: '2024-03-01T09:30:00', fieldName: '' },
  // a deletion, earlier
  { ...base, objectId: 'e3:0', eventId: 'e3', actionUser: 'John Roe', action: 'deleted', entity: 'territory', entityId: 9, actionDate: '2024-01-02T00:05:00', fieldName: '' },
];

const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('change log grouping', () => {
  it('groups flat entries per event, newest first, with the spec texts', () => {
    // Prepare / Act
    const items = groupChangeLog(entries);
    // Assess
    expect(items.map((i) => [i.user, i.verb, i.entityLabel, i.dateText])).toEqual([
      ['Jane Doe', 'created', 'Territory', '03/01/2024 9:30 AM'],
      ['Jane Doe', 'made changes', 'Territory', '02/05/2024 2:07 PM'],
      ['John Roe', 'deleted', 'Territory', '01/02/2024 12:05 AM'],
    ]);
    expect(items[1]!.fields.map((f) => f.text)).toEqual(['Name', 'Bill Method Id']);
  });

  it.each([
    ['participant', null, 'participant: First Name'],
    ['crm', null, 'crm: First Name'],
    ['file', null, 'docs: First Name'],
    ['participant', 'contract', 'c.participant: First Name'],
    ['crm', 'account', 'a.crm: First Name'],
    ['address', 'account', 'a: First Name'],
    ['territory', null, 'First Name'],
  ])('prefixes a %s field under parent %s as "%s"', (entity, parent, expected) => {
    // Prepare
    const entry: ChangeLogEntry = { ...base, objectId: 1, eventId: 'x', action: 'updated', entity, parent, actionDate: '2024-01-01T00:00:00', fieldName: 'firstName' };
    // Act / Assess
    expect(formatFieldName(entry).text).toBe(expected);
  });

  it("takes the prefix the server's declaration gave the entry over the one derived from its entity", () => {
    // Prepare: a child kind of a contact logs its own prefix ('' for none)
    const entry: ChangeLogEntry = { ...base, objectId: 1, eventId: 'x', action: 'updated', entity: 'participant', parent: 'contract', actionDate: '2024-01-01T00:00:00', fieldName: 'firstName' };
    // Act / Assess
    expect(formatFieldName({ ...entry, fieldPrefix: 'a.crm' }).text).toBe('a.crm: First Name');
    expect(formatFieldName({ ...entry, fieldPrefix: '' }).text).toBe('First Name');
    expect(formatFieldName(entry).text).toBe('c.participant: First Name');
  });

  it('uses the given field labels over humanized names', () => {
    // Prepare
    const entry: ChangeLogEntry = { ...base, objectId: 1, action: 'updated', entity: 'territory', actionDate: '2024-01-01T00:00:00', fieldName: 'billMethodId' };
    // Act / Assess
    expect(formatFieldName(entry, { billMethodId: 'Bill Method' }).text).toBe('Bill Method');
    expect(humanize('billMethodId')).toBe('Bill Method Id');
    expect(humanize('zip_code4')).toBe('Zip Code 4');
  });

  it('reads an event that mixes actions as made changes to the common parent', () => {
    // Prepare
    const mixed: ChangeLogEntry[] = [
      { ...base, objectId: 1, eventId: 'm', action: 'updated', entity: 'contract', entityId: 5, parent: 'contract', parentId: 5, actionDate: '2024-01-01T12:00:00', fieldName: 'status', oldValue: 'A', newValue: 'B' },
      { ...base, objectId: 2, eventId: 'm', action: 'added', entity: 'participant', entityId: 77, parent: 'contract', parentId: 5, actionDate: '2024-01-01T12:00:00', fieldName: 'firstName', oldValue: null, newValue: 'Al' },
    ];
    // Act
    const [item] = groupChangeLog(mixed);
    // Assess
    expect(item).toMatchObject({ verb: 'made changes', entityLabel: 'Contract', entityId: 5, dateText: '01/01/2024 12:00 PM' });
    expect(item!.fields.map((f) => f.text)).toEqual(['c: Status', 'c.participant: First Name']);
  });

  it('formats the local date with a 12-hour time', () => {
    // Prepare / Act / Assess
    expect(formatLogDateTime('2024-12-31T23:59:59')).toBe('12/31/2024 11:59 PM');
    expect(formatLogDateTime('2024-07-04T00:00:00')).toBe('07/04/2024 12:00 AM');
  });
});

describe('ChangeLogPanel', { timeout: 20_000 }, () => {
  it("shows 'No records found.' and cannot be expanded when empty", async () => {
    // Prepare
    const user = setup();
    render(<ChangeLogPanel entries={[]} />);
    const toggle = screen.getByRole('button', { name: new RegExp(CHANGE_LOG_TITLE) });
    // Act
    await user.click(toggle);
    // Assess
    expect(toggle).toHaveTextContent(NO_RECORDS_FOUND);
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('starts collapsed and expands to the grouped items', async () => {
    // Prepare
    const user = setup();
    render(<ChangeLogPanel entries={entries} />);
    const toggle = screen.getByRole('button', { name: new RegExp(CHANGE_LOG_TITLE) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('made changes')).not.toBeInTheDocument();
    // Act
    await user.click(toggle);
    // Assess
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('region')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Jane Doe created Territory #13 03\/01\/2024 9:30 AM/);
    expect(items[1]).toHaveTextContent(/Jane Doe made changes Territory #12 02\/05\/2024 2:07 PM/);
    expect(items[2]).toHaveTextContent(/John Roe deleted Territory #9 01\/02\/2024 12:05 AM/);
  });

  it('names a record as users know it when the server named it, else by its number', () => {
    // Prepare: the territory's code on the creation; the deletion has no name
    const named = entries.map((e) => (e.eventId === 'e2' ? { ...e, entityName: 'PSEG' } : e));
    // Act
    render(<ChangeLogPanel entries={named} defaultExpanded />);
    // Assess
    const items = within(screen.getByRole('region')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Jane Doe created Territory PSEG 03\/01\/2024/);
    expect(items[0]).not.toHaveTextContent('#13');
    expect(items[2]).toHaveTextContent(/John Roe deleted Territory #9/);
  });

  it('lists Field, Original Value and New Value of an update', async () => {
    // Prepare
    const user = setup();
    render(<ChangeLogPanel entries={entries} fieldLabels={{ billMethodId: 'Bill Method' }} defaultExpanded />);
    // Act
    const table = screen.getByRole('table');
    // Assess
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Field', 'Original Value', 'New Value']);
    expect(within(table).getByRole('row', { name: 'Name ComEd ComEd North' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Bill Method' })).toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(1); // created and deleted items have no field list
    // Act
    await user.click(screen.getByRole('button', { name: new RegExp(CHANGE_LOG_TITLE) }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
