import { describe, expect, expectTypeOf, it } from 'vitest';
import { columnFilterChecks, defineListColumns, gridColumnsOf, ownRowOf, searchFilterPartsOf, sortKeysOf } from '../list-columns';
import { MSG } from '../messages';
import { CONTRACT_LIST_COLUMNS } from './list-columns';
import { contractListBodySchema, contractListBodySchemaOf, type AmendmentListFilter } from './schemas';

const matchers = {
  text: (v: string | null | undefined, f: string) => (v ?? '').toLowerCase().split(/\s+/).some((w) => w.startsWith(f.toLowerCase())),
  period: (d: string | null, p: { fromDate?: string | null; toDate?: string | null } | undefined) => d !== null && (!p?.fromDate || d >= p.fromDate) && (!p?.toDate || d <= p.toDate),
};
const grid = { nameOf: (set: string, code: string | null) => `${set}:${code ?? ''}`, formatDate: (v: string | null) => v ?? '', today: '2026-11-27' };

describe('Contracts Search columns declared once', () => {
  it('derive the contract/GetList body: the spec names of every column filter, of their kinds', () => {
    const filtered = CONTRACT_LIST_COLUMNS.flatMap((c) => (c.filter ? [c.filter.kind === 'codes' || c.filter.kind === 'dateRange' ? c.filter.body : c.filter.key] : []));
    expect(filtered).toEqual([
      'contractId', 'amendmentNumber', 'referenceAmendment', 'freshDescId', 'legacyId', 'contractType', 'amendmentRecievedPeriod', 'amendmentStartDatePeriod',
      'agreementEndDatePeriod', 'agreementDatePeriod', 'businessEntityLegalName', 'primaryParticipant', 'contractStatus',
    ]);
    for (const key of filtered) expect(contractListBodySchema.shape).toHaveProperty(key);
    expectTypeOf<AmendmentListFilter>().toHaveProperty('primaryParticipant').toEqualTypeOf<string | undefined>();
    expectTypeOf<AmendmentListFilter>().toHaveProperty('contractId').toEqualTypeOf<number | undefined>();
    // a text trimmed, a number from its digits, a code of its list, a period of transfer dates; empty is no filter
    expect(
      contractListBodySchema.parse({ freshDescId: ' T1 ', contractId: ' 12 ', contractType: '', contractStatus: null, agreementDatePeriod: { fromDate: '2026-01-01T00:00:00' } }),
    ).toEqual({ freshDescId: 'T1', contractId: 12, agreementDatePeriod: { fromDate: '2026-01-01T00:00:00' } });
    const bad = contractListBodySchema.safeParse({ amendmentNumber: 'x1', agreementEndDatePeriod: { fromDate: 'tomorrow' }, contractStatus: 'NOPE' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => String(i.path[0])).sort()).toEqual(['agreementEndDatePeriod', 'amendmentNumber', 'contractStatus']);
    expect(bad.error!.issues.find((i) => i.path[0] === 'amendmentNumber')!.message).toBe(MSG.invalidDataTypeInteger);
  });

  it('adding a filterable column to Contracts Search is one declaration: the body, the filter, the filter bar, the grid all have it', () => {
    const WITH_ONE_MORE = defineListColumns([
      ...CONTRACT_LIST_COLUMNS,
      { field: 'salesAgent', label: 'Sales Agent', kind: 'text', sortKey: 'salesAgent', width: 120, optional: true, filter: { kind: 'text', key: 'salesAgent', match: 'words' } },
    ]);
    // the body: the contracts' kinds, as contractListBodySchema derives them
    const schema = contractListBodySchemaOf(WITH_ONE_MORE);
    expect(schema.parse({ salesAgent: ' kim ' })).toEqual({ salesAgent: 'kim' });
    expect(contractListBodySchema.parse({ salesAgent: 'kim' })).not.toHaveProperty('salesAgent');
    // the filter, the sort, the row
    const own = ownRowOf(WITH_ONE_MORE, { amendmentNumber: 1, salesAgent: 'Kim Lee' });
    expect(ownRowOf(CONTRACT_LIST_COLUMNS, { salesAgent: 'Kim Lee' })).not.toHaveProperty('salesAgent');
    const rows = [own, { ...own, salesAgent: 'Other' }];
    const checks = columnFilterChecks<Record<string, unknown>>(WITH_ONE_MORE, schema.parse({ salesAgent: 'le' }), false, matchers);
    expect(rows.filter((r) => checks.every((c) => c(r))).map((r) => r.salesAgent)).toEqual(['Kim Lee']);
    expect(sortKeysOf(WITH_ONE_MORE).salesAgent).toBe('salesAgent');
    // the web: the filter bar and the grid
    expect(searchFilterPartsOf(WITH_ONE_MORE).columns.at(-1)).toEqual({ key: 'salesAgent', numeric: false });
    expect(gridColumnsOf(WITH_ONE_MORE, grid).at(-1)).toMatchObject({ field: 'salesAgent', header: 'Sales Agent' });
  });
});
