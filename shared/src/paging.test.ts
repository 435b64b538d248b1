import { describe, expect, it } from 'vitest';
import { keywordWords, parseOrderBy, searchWords, SortFieldError, sortRows } from './paging';

describe('parseOrderBy', () => {
  const fields = ['addressLine', 'city'] as const;
  const fallback = { field: 'addressLine', direction: 'Ascending' } as const;

  it('reads a field (any case) and a direction, Ascending when none is given', () => {
    expect(parseOrderBy('CITY descending', fields, fallback)).toEqual({ field: 'city', direction: 'Descending', desc: true });
    expect(parseOrderBy(' city ', fields, fallback)).toEqual({ field: 'city', direction: 'Ascending', desc: false });
  });

  it('uses the default sort when there is no orderBy', () => {
    expect(parseOrderBy(undefined, fields, fallback)).toMatchObject({ field: 'addressLine', desc: false });
    expect(parseOrderBy('', fields, fallback)).toMatchObject({ field: 'addressLine', desc: false });
  });

  it('refuses an unknown field or direction with the orderBy text', () => {
    expect(() => parseOrderBy('state Ascending', fields, fallback)).toThrow(new SortFieldError('Cannot sort by state', 'Cannot sort by state'));
    expect(() => parseOrderBy('city Up', fields, fallback)).toThrow('Unknown sort direction Up');
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 1, v: 'b' },
    { id: 2, v: null },
    { id: 3, v: 'A' },
    { id: 4, v: 'a' },
    { id: 5, v: '' },
  ];
  it('sorts text case-insensitively, empty values last, ties by id', () => {
    expect(sortRows(rows, (r) => r.v, (r) => r.id, false).map((r) => r.id)).toEqual([3, 4, 1, 2, 5]);
  });
  it('reads the ascending order backwards for Descending', () => {
    expect(sortRows(rows, (r) => r.v, (r) => r.id, true).map((r) => r.id)).toEqual([5, 2, 1, 4, 3]);
  });
  it('sorts numbers as numbers', () => {
    expect(sortRows([{ id: 1, n: 10 }, { id: 2, n: 9 }], (r) => r.n, (r) => r.id, false).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('keyword words', () => {
  it('splits at anything but letters and digits, in lower case', () => {
    expect(searchWords("O'Brien-Smith, Ünal 42")).toEqual(['o', 'brien', 'smith', 'ünal', '42']);
  });
  it('splits a full-text keyword at white space only', () => {
    expect(keywordWords(" O'Bri  42 ", true)).toEqual(["o'bri", '42']);
    expect(keywordWords(" O'Bri  42 ", false)).toEqual(['o', 'bri', '42']);
    expect(keywordWords(null, false)).toEqual([]);
  });
});
