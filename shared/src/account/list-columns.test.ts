import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  agentHiddenFieldsOf,
  chooserColumnsOf,
  columnFilterChecks,
  columnFilterHints,
  defineListColumns,
  exportColumnsOf,
  gridColumnsOf,
  joinedColumnsOf,
  listColumnsVersion,
  ownRowOf,
  rowCellsOf,
  searchFilterPartsOf,
  sortKeysOf,
  type ListRowOf,
} from '../list-columns';
import { z } from 'zod';
import { ACCOUNT_EXPORT_ORDER, ACCOUNT_LIST_COLUMNS } from './list-columns';
import { accountListBodySchema, columnFilterShape, type AccountListFilter } from './schemas';

const matchers = {
  text: (v: string | null | undefined, f: string) => (v ?? '').toLowerCase().split(/\s+/).some((w) => w.startsWith(f.toLowerCase())),
  period: (d: string | null, p: { fromDate?: string | null; toDate?: string | null } | undefined) => d !== null && (!p?.fromDate || d >= p.fromDate) && (!p?.toDate || d <= p.toDate),
};
const grid = { nameOf: (set: string, code: string | null) => `${set}:${code ?? ''}`, formatDate: (v: string | null) => (v ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : ''), today: '2026-11-27' };

describe('Accounts Search columns declared once', () => {
  it('derive the sort keys, filter bar, grid and download that Accounts Search had', () => {
    expect(sortKeysOf(ACCOUNT_LIST_COLUMNS)).toEqual({
      esgAccountNo: 'objectId', contractId: 'contractId', amendmentNumber: 'amendmentNumber', referenceAmendment: 'referenceAmendment', freshDescId: 'freshDescId',
      legacyId: 'legacyId', territoryCode: 'territoryCode', ldcAccountNum: 'ldcAccountNumber', prevAccountNum: 'prevAccountNum', name: 'accountName',
      accountStatusId: 'accountStatus', accountType: 'accountType', flowDate: 'flowDate', requestedStartDate: 'requestedStartDate', term: 'term',
      accountEndDate: 'accountEndDate', businessEntityLegalName: 'businessEntityLegalName',
    });
    const parts = searchFilterPartsOf(ACCOUNT_LIST_COLUMNS);
    expect(parts.columns.map((c) => `${c.key}${c.numeric ? '#' : ''}`)).toEqual([
      'camsAccountId#', 'contractId#', 'amendmentNumber#', 'referenceAmendment#', 'ticketNumber', 'legacyId', 'territory', 'ldcAccountNumber', 'prevAccountNum', 'accountName', 'term#', 'businessEntityLegalName',
    ]);
    expect(parts.labels.columns.ticketNumber).toBe('Ticket #');
    expect(parts.selects).toEqual([{ key: 'status', bodyKey: 'status' }, { key: 'type', bodyKey: 'accountType' }]);
    expect(parts.labels.selects).toEqual({ status: 'Status', type: 'Account Type' });
    expect(parts.dateKinds.map((k) => k.label)).toEqual(['Flow Date', 'Requested Start Date', 'Account End Date']);
    const columns = gridColumnsOf(ACCOUNT_LIST_COLUMNS, grid);
    expect(columns.map((c) => `${c.header}:${c.sortField}:${c.width}`)).toEqual([
      'CAMS Account ID:esgAccountNo:80', 'Contract ID:contractId:96', 'Amendment #:amendmentNumber:104', 'Reference Amendment:referenceAmendment:120', 'Ticket #:freshDescId:100',
      'Legacy ID:legacyId:110', 'Territory:territoryCode:110', 'LDC Account #:ldcAccountNum:156', 'Previous LDC Account #:prevAccountNum:150', 'Account Name:name:144', 'Status:accountStatusId:118',
      'Account Type:accountType:110', 'Flow Date:flowDate:104', 'Requested Start Date:requestedStartDate:96', 'Term:term:80', 'Account End Date:accountEndDate:96', 'Days Remaining:accountEndDate:80',
      'Business Entity:businessEntityLegalName:140',
    ]);
    expect(chooserColumnsOf(ACCOUNT_LIST_COLUMNS).filter((c) => !('optional' in c)).map((c) => c.field)).toEqual([
      'objectId', 'ldcAccountNumber', 'accountName', 'accountStatus', 'requestedStartDate', 'accountEndDate', 'daysRemaining', 'businessEntityLegalName',
    ]);
    const days = columns.find((c) => c.field === 'daysRemaining')!;
    expect([days.body({ accountEndDate: '2026-12-07' }), days.body({ accountEndDate: '2026-11-01' }), days.body({ accountEndDate: null })]).toEqual(['10', 'Ended', '']);
    const exported = exportColumnsOf<Record<string, unknown>>(ACCOUNT_LIST_COLUMNS, (set, code) => `${set}:${String(code)}`, ACCOUNT_EXPORT_ORDER);
    expect(exported.map((c) => c.field)).toEqual([...ACCOUNT_EXPORT_ORDER]);
    expect(exported.filter((c) => c.date).map((c) => c.field)).toEqual(['requestedStartDate', 'accountEndDate', 'flowDate']);
    expect(exported.find((c) => c.field === 'accountStatus')!.value({ accountStatus: 'EN' }, grid.today)).toBe('accountStatuses:EN');
    // the GetList body takes every declared filter
    expectTypeOf<AccountListFilter>().toHaveProperty('ticketNumber').toEqualTypeOf<string | undefined>();
    expect(accountListBodySchema.parse({ ticketNumber: ' T1 ', camsAccountId: '12', territory: 'PECO', flowDatePeriod: { fromDate: '2026-01-01T00:00:00' } })).toEqual({
      ticketNumber: 'T1', camsAccountId: 12, territory: 'PECO', flowDatePeriod: { fromDate: '2026-01-01T00:00:00' },
    });
  });

  it('adding a column to Accounts Search is one declaration: the row, the server, the filter bar, the grid and the download all have it', () => {
    const WITH_ONE_MORE = defineListColumns([
      ...ACCOUNT_LIST_COLUMNS,
      { field: 'shortName', label: 'Account Name [25]', kind: 'text', sortKey: 'shortName', width: 120, optional: true, filter: { kind: 'text', key: 'shortName', match: 'words' } },
    ]);
    // the row type
    expectTypeOf<ListRowOf<typeof WITH_ONE_MORE>>().toHaveProperty('shortName').toEqualTypeOf<string | null>();
    // the server: the list's own row, the answer row, the sort keys, the filter, the snapshot's version
    const own = ownRowOf(WITH_ONE_MORE, { objectId: 7, ldcAccountNum: 'PE1', name: 'Acme', shortName: 'ACME' });
    expect(own).toMatchObject({ objectId: 7, ldcAccountNumber: 'PE1', accountName: 'Acme', shortName: 'ACME' });
    expect(ownRowOf(ACCOUNT_LIST_COLUMNS, { shortName: 'ACME' })).not.toHaveProperty('shortName');
    expect(rowCellsOf(WITH_ONE_MORE, own)).toMatchObject({ shortName: 'ACME', contractId: null });
    expect(sortKeysOf(WITH_ONE_MORE).shortName).toBe('shortName');
    const rows = [own, { ...own, objectId: 8, shortName: 'OTHER' }];
    const checks = columnFilterChecks<Record<string, unknown>>(WITH_ONE_MORE, { shortName: 'ac' }, false, matchers);
    expect(rows.filter((r) => checks.every((c) => c(r))).map((r) => r.objectId)).toEqual([7]);
    expect(z.object(columnFilterShape(WITH_ONE_MORE)).parse({ shortName: ' ac ' })).toEqual({ shortName: 'ac' });
    expect(listColumnsVersion(WITH_ONE_MORE, 2)).not.toBe(listColumnsVersion(ACCOUNT_LIST_COLUMNS, 2));
    // the web: the filter bar, the grid, the column chooser
    const parts = searchFilterPartsOf(WITH_ONE_MORE);
    expect(parts.columns.at(-1)).toEqual({ key: 'shortName', numeric: false });
    expect(parts.labels.columns.shortName).toBe('Account Name [25]');
    const column = gridColumnsOf(WITH_ONE_MORE, grid).at(-1)!;
    expect(column).toMatchObject({ field: 'shortName', header: 'Account Name [25]', sortField: 'shortName', width: 120 });
    expect(column.body(own)).toBe('ACME');
    expect(chooserColumnsOf(WITH_ONE_MORE).at(-1)).toEqual({ field: 'shortName', header: 'Account Name [25]', optional: true });
    // agents: a column declared agentHidden leaves their grid and their rows
    const HIDDEN = defineListColumns([...ACCOUNT_LIST_COLUMNS, { ...WITH_ONE_MORE.at(-1)!, agentHidden: true }]);
    expect(gridColumnsOf(HIDDEN, { ...grid, agent: true }).map((c) => c.field)).not.toContain('shortName');
    expect(gridColumnsOf(HIDDEN, grid).map((c) => c.field)).toContain('shortName');
    expect(agentHiddenFieldsOf(HIDDEN)).toEqual(['shortName']);
    // the download: after the ordered ones
    const exported = exportColumnsOf<Record<string, unknown>>(WITH_ONE_MORE, (_s, c) => c, ACCOUNT_EXPORT_ORDER).at(-1)!;
    expect([exported.header, exported.value(own, grid.today)]).toEqual(['Account Name [25]', 'ACME']);
  });

  it('a joined column is joined from its list; a code column filters by its selection and a date column by its range', () => {
    const cols = defineListColumns([
      { field: 'amendmentTerm', label: 'Amendment Term', kind: 'number', source: { join: 'contractRef', column: 'term' }, sortKey: 'amendmentTerm', width: 80, filter: { kind: 'number', key: 'amendmentTerm', match: 'equals' } },
      { field: 'status', label: 'Status', kind: 'code', required: true, codeSet: 'accountStatuses', sortKey: 'status', width: 80, filter: { kind: 'codes', key: 'status', body: 'accountStatus' } },
      { field: 'flowDate', label: 'Flow Date', kind: 'date', sortKey: 'flowDate', width: 80, filter: { kind: 'dateRange', key: 'flow', body: 'flowDatePeriod' } },
    ]);
    expect(joinedColumnsOf(cols, 'contractRef')).toEqual({ amendmentTerm: 'term' });
    expect(ownRowOf(cols, { status: 'EN', flowDate: '' })).toEqual({ status: 'EN', flowDate: null });
    const rows = [
      { amendmentTerm: 12, status: 'EN', flowDate: '2026-01-05' },
      { amendmentTerm: 24, status: 'EN', flowDate: '2026-03-05' },
      { amendmentTerm: 12, status: 'DR', flowDate: '2026-01-06' },
    ];
    const checks = columnFilterChecks<(typeof rows)[number]>(cols, { amendmentTerm: 12, accountStatus: 'EN', flowDatePeriod: { fromDate: '2026-01-01', toDate: '2026-01-31' } }, false, matchers);
    expect(rows.filter((r) => checks.every((c) => c(r)))).toEqual([rows[0]]);
    expect(columnFilterChecks(cols, {}, false, matchers)).toEqual([]);
    // the list engine's hints: the own code selection an equality, the own date period a range (their checks left to the engine); the joined number neither (its check kept)
    const body = { amendmentTerm: 12, accountStatus: 'EN', flowDatePeriod: { fromDate: '2026-01-01T00:00:00', toDate: '2026-01-31T00:00:00' } };
    expect(columnFilterHints(cols, body)).toEqual({ equals: [{ column: 'status', value: 'EN' }], ranges: [{ column: 'flowDate', from: '2026-01-01', to: '2026-01-31' }] });
    const left = columnFilterChecks<(typeof rows)[number]>(cols, body, false, matchers, true);
    expect(left).toHaveLength(1);
    const inJanuary = (r: (typeof rows)[number]) => r.flowDate >= '2026-01-01' && r.flowDate.slice(0, 10) <= '2026-01-31';
    expect(rows.filter((r) => r.status === 'EN' && inJanuary(r) && left.every((c) => c(r)))).toEqual([rows[0]]);
    expect(rows.filter((r) => left.every((c) => c(r)))).toEqual([rows[0], rows[2]]);
  });
});
