import { describe, expect, it } from 'vitest';
import { accountListBodySchema } from '@eb/shared/account/schemas';
import { HOME_QUEUE_SEARCH, SENT_TO_UTILITY_STALE_DAYS } from '@eb/shared/home';
import { ACCOUNT_FILTERS, accountFilterBody } from './filters';

describe('Accounts Search filters', () => {
  it('reads the column filters, selections, periods and renewal window of the URL and sends them under the account filter names', () => {
    // Act
    const f = ACCOUNT_FILTERS.filtersOf(
      new URLSearchParams('keyword=harbor&f.ticketNumber=T-1&f.camsAccountId=12x&f.term=12&status=Enrolled&amendmentType=New&accountEndDatePeriod.to=2026-12-31&renewal=60'),
    );
    const body = accountFilterBody(f);
    // Assess
    expect(body).toEqual({
      keyword: 'harbor',
      ticketNumber: 'T-1',
      term: 12,
      status: 'Enrolled',
      amendmentType: 'New',
      renewalWithinDays: 60,
      accountEndDatePeriod: { fromDate: null, toDate: '2026-12-31T00:00:00' },
    });
    expect(accountListBodySchema.safeParse(body).success).toBe(true);
    expect(ACCOUNT_FILTERS.withFilters(new URLSearchParams(), f).toString()).toBe(
      'keyword=harbor&f.ticketNumber=T-1&f.term=12&status=Enrolled&amendmentType=New&renewal=60&accountEndDatePeriod.to=2026-12-31',
    );
  });

  it('ignores a renewal window that is not offered, and counts any filter for Reset', () => {
    const f = ACCOUNT_FILTERS.filtersOf(new URLSearchParams('renewal=45'));
    expect(f.extras).toEqual({});
    expect(ACCOUNT_FILTERS.hasFilters(f)).toBe(false);
    expect(ACCOUNT_FILTERS.hasFilters(ACCOUNT_FILTERS.filtersOf(new URLSearchParams('renewal=30')))).toBe(true);
  });

  it("reads the home page's queue links into the queues' filters (renewals, pending, stale Sent to Utility)", () => {
    // Act
    const bodies = (['renewals30', 'pendingAccounts', 'staleSentToUtility'] as const).map((id) => accountFilterBody(ACCOUNT_FILTERS.filtersOf(new URLSearchParams(HOME_QUEUE_SEARCH[id].query))));
    // Assess
    expect(bodies).toEqual([{ renewalWithinDays: 30 }, { status: 'Pending' }, { status: 'Sent to Utility', statusOlderThanDays: SENT_TO_UTILITY_STALE_DAYS }]);
    expect(ACCOUNT_FILTERS.filtersOf(new URLSearchParams('statusAge=0')).extras).toEqual({});
  });
});
