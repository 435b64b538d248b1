import { describe, expect, it } from 'vitest';
import { contractListBodySchema } from '@eb/shared/amendment/schemas';
import { HOME_QUEUE_SEARCH } from '@eb/shared/home';
import { NO_FILTERS, filterBody, filtersOf, withFilters, withPeriod, type ContractFilters } from './filters';

describe('Contracts Search filters', () => {
  it('keeps the four date periods in the URL at once and sends each under the spec name', () => {
    // Prepare
    let f: ContractFilters = { ...NO_FILTERS, dateKind: 'startDatePeriod' };
    f = { ...f, ...withPeriod(f, { from: '2026-01-01' }) };
    f = { ...f, ...withPeriod(f, { to: '2026-03-31' }, 'receivedDatePeriod') };
    // Act
    const params = withFilters(new URLSearchParams('other=kept'), f);
    const back = filtersOf(params);
    const body = filterBody(back);
    // Assess
    expect(params.toString()).toBe('other=kept&dateKind=startDatePeriod&receivedDatePeriod.to=2026-03-31&startDatePeriod.from=2026-01-01');
    expect(body).toEqual({
      amendmentRecievedPeriod: { fromDate: null, toDate: '2026-03-31T00:00:00' },
      amendmentStartDatePeriod: { fromDate: '2026-01-01T00:00:00', toDate: null },
    });
    expect(contractListBodySchema.safeParse(body).success).toBe(true);
  });

  it('reads an older link of one period (dateKind, from, to), per-column filters with digits only for numbers, and ignores bad values', () => {
    // Act
    const f = filtersOf(new URLSearchParams('dateKind=endDatePeriod&from=2026-05-01&to=nope&f.contractId=12a&f.amendmentNumber=3&f.legacyId=LG1'));
    // Assess
    expect(f.periods).toEqual({ endDatePeriod: { from: '2026-05-01', to: null } });
    expect(filterBody(f)).toEqual({ amendmentNumber: 3, legacyId: 'LG1', agreementEndDatePeriod: { fromDate: '2026-05-01T00:00:00', toDate: null } });
  });

  it('removes a period when both its dates are cleared', () => {
    const f = filtersOf(new URLSearchParams('agreementDatePeriod.from=2026-01-01'));
    expect(withPeriod(f, { from: null }, 'agreementDatePeriod')).toEqual({ periods: {} });
  });

  it("reads the home page's validation queue links into the awaiting-validation filter", () => {
    // Act
    const bodies = (['pricingValidation', 'operationsValidation'] as const).map((id) => filterBody(filtersOf(new URLSearchParams(HOME_QUEUE_SEARCH[id].query))));
    // Assess
    expect(bodies).toEqual([{ awaitingValidation: 'pricing' }, { awaitingValidation: 'operations' }]);
    expect(contractListBodySchema.safeParse(bodies[0]).success).toBe(true);
    expect(filtersOf(new URLSearchParams('awaiting=legal')).extras).toEqual({});
  });
});
