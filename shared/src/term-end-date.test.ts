import { describe, expect, it } from 'vitest';
import { termEndDate } from './term-end-date';

/** The end-date rule of amendments and accounts (spec 2 sections 5 and 9) as a unit. */
describe('term end date', () => {
  it.each([
    ['2026-02-01T00:00:00', 12, '2027-01-31T00:00:00'],
    ['2026-01-15T00:00:00', 1, '2026-02-14T00:00:00'],
    // a month end: clamped to the shorter month's end, then one day back
    ['2026-01-31T00:00:00', 1, '2026-02-27T00:00:00'],
    ['2026-03-31T00:00:00', 1, '2026-04-29T00:00:00'],
    // leap years: February 29 exists in 2028, not in 2027
    ['2028-01-31T00:00:00', 1, '2028-02-28T00:00:00'],
    ['2028-02-29T00:00:00', 12, '2029-02-27T00:00:00'],
    ['2024-03-01T00:00:00', 36, '2027-02-28T00:00:00'],
    ['2027-03-01T00:00:00', 12, '2028-02-29T00:00:00'],
    // months across the year end
    ['2026-11-30T00:00:00', 3, '2027-02-27T00:00:00'],
    ['2026-03-01T00:00:00', 12, '2027-02-28T00:00:00'],
  ])('is the start %s plus %i months minus one day: %s', (start, term, end) => {
    expect(termEndDate(start, term)).toBe(end);
    // Assess: the second answer (kept from the first) is the same
    expect(termEndDate(start, term)).toBe(end);
  });

  it('is empty without a start date or a positive whole term', () => {
    expect(termEndDate(null, 12)).toBeNull();
    expect(termEndDate('', 12)).toBeNull();
    expect(termEndDate('not a date', 12)).toBeNull();
    expect(termEndDate('2026-02-01T00:00:00', null)).toBeNull();
    expect(termEndDate('2026-02-01T00:00:00', 0)).toBeNull();
    expect(termEndDate('2026-02-01T00:00:00', -3)).toBeNull();
    expect(termEndDate('2026-02-01T00:00:00', 1.5)).toBeNull();
  });
});
