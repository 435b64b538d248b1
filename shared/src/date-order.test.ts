import { describe, expect, it } from 'vitest';
import { dateOrderIssues, type DateOrderRule } from './date-order';
import { MSG } from './messages';

const RULES: DateOrderRule[] = [
  { field: 'dropDate', notBefore: 'startDate' },
  { field: 'endDate', notBefore: 'startDate', message: MSG.endBeforeStart },
  { field: 'receivedDate', notInFuture: true },
];
const NOW = new Date(2026, 10, 26, 15, 0, 0);

describe('dates in their order', () => {
  it('refuses a date before the start date, with the rule message, and takes the same day', () => {
    expect(dateOrderIssues(RULES, { startDate: '2026-03-01T00:00:00', dropDate: '2026-02-28T00:00:00', endDate: '2026-02-01T00:00:00' }, NOW)).toEqual({ dropDate: MSG.dateBeforeStart, endDate: MSG.endBeforeStart });
    expect(dateOrderIssues(RULES, { startDate: '2026-03-01T00:00:00', dropDate: '2026-03-01T00:00:00' }, NOW)).toEqual({});
  });

  it('takes today and tomorrow, refuses later, and passes over empty dates', () => {
    expect(dateOrderIssues(RULES, { receivedDate: '2026-11-27T00:00:00' }, NOW)).toEqual({});
    expect(dateOrderIssues(RULES, { receivedDate: '2026-11-28T00:00:00' }, NOW)).toEqual({ receivedDate: MSG.dateInFuture });
    expect(dateOrderIssues(RULES, { receivedDate: null, dropDate: '', startDate: null }, NOW)).toEqual({});
  });
});
