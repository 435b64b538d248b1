import { describe, expect, it } from 'vitest';
import { conflictRows, declaredConflictFields, mergeValues } from './conflict-merge';

const sections = [
  {
    key: 'main',
    title: 'Main',
    fields: [
      { field: 'ticket', kind: 'text' as const, label: 'Ticket #' },
      { field: 'status', kind: 'select' as const, itemType: 'statuses', label: 'Status' },
      { field: 'start', kind: 'date' as const, label: 'Start Date' },
      { field: 'promo', kind: 'text' as const, label: 'Promotion Code' },
    ],
  },
];
const fields = declaredConflictFields(sections, () => [{ label: 'Signed', value: 'S' }, { label: 'Draft', value: 'D' }]);
const base = { ticket: 'T1', status: 'D', start: '2026-02-01T00:00:00', promo: '' };

describe('the conflict view (conflict-merge.ts)', () => {
  it('lists the fields the other save changed, shown as the user reads them, marking those the user changed too', () => {
    // Prepare
    const theirs = { ...base, ticket: 'THEIRS', status: 'S', start: '2026-03-01T00:00:00' };
    const mine = { ...base, ticket: 'MINE', promo: 'P' };
    // Act
    const rows = conflictRows(fields, base, theirs, mine);
    // Assess
    expect(rows).toEqual([
      { field: 'ticket', label: 'Ticket #', theirs: 'THEIRS', mine: 'MINE', bothChanged: true },
      { field: 'status', label: 'Status', theirs: 'Signed', mine: 'Draft', bothChanged: false },
      { field: 'start', label: 'Start Date', theirs: '03/01/2026', mine: '02/01/2026', bothChanged: false },
    ]);
  });

  it("merges: theirs, with every field the user changed kept unless the user took theirs", () => {
    // Prepare
    const theirs = { ...base, ticket: 'THEIRS', status: 'S' };
    const mine = { ...base, ticket: 'MINE', promo: 'P' };
    // Act
    const keepMine = mergeValues(fields, base, theirs, mine, new Set());
    const takeTheirs = mergeValues(fields, base, theirs, mine, new Set(['ticket']));
    // Assess
    expect(keepMine).toEqual({ ...base, ticket: 'MINE', status: 'S', promo: 'P' });
    expect(takeTheirs).toEqual({ ...base, ticket: 'THEIRS', status: 'S', promo: 'P' });
  });
});
