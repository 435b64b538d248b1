import { describe, expect, it } from 'vitest';
import { UPLOAD_COLUMNS, UPLOAD_TYPES, matchHeaders } from './columns';
import { EXCEPTION_REASONS } from './exceptions';
import { convertCell, validateCells } from './validate';

describe('upload columns', () => {
  it('declares every row type, Amendments and Accounts with every field their forms set after the spec key columns', () => {
    // Assess
    expect(Object.keys(UPLOAD_COLUMNS)).toEqual(UPLOAD_TYPES.filter((t) => t !== 'SingleFile'));
    const accounts = UPLOAD_COLUMNS.Accounts.map((c) => c.header);
    expect(accounts.slice(0, 2)).toEqual(['Contract ID', 'Amendment #']);
    expect(accounts).toEqual(expect.arrayContaining(['LDC Account #', 'Territory', 'Agent', 'Contract Rate', 'Master Agent Rate', 'Annual Usage', 'Account Name [25]']));
    expect(UPLOAD_COLUMNS.Amendments.map((c) => c.header)).toEqual(expect.arrayContaining(['Contract ID', 'Amendment #', 'Term', 'Rewards', 'Legacy ID', 'Business Entity ID']));
    const term = UPLOAD_COLUMNS.Amendments.find((c) => c.field === 'term')!;
    expect([term.kind, term.required]).toEqual(['integer', false]);
    expect(UPLOAD_COLUMNS.Accounts.find((c) => c.field === 'contractRate')!.kind).toBe('decimal');
    expect(UPLOAD_COLUMNS.Accounts.find((c) => c.field === 'name')!.required).toBe(true);
    expect(new Set(UPLOAD_COLUMNS.Accounts.map((c) => c.header)).size).toBe(UPLOAD_COLUMNS.Accounts.length);
  });

  it('matches headers by name with case, spacing and synonyms ignored, and reports unknown and missing ones', () => {
    // Act
    const m = matchHeaders('Volumes', ['cams account id', ' YEAR ', 'Month', 'Utility Account', 'Volume']);
    const accounts = matchHeaders('Accounts', ['Contract ID', 'Amendment #', 'Utility Account', 'LDC Account Number']);
    // Assess
    expect(m.columns.map((c) => [c.column.field, c.index])).toEqual([['accountId', 0], ['year', 1], ['month', 2], ['volume', 4]]);
    expect(m.unknown).toEqual(['Utility Account']);
    expect(m.missing).toEqual([]);
    expect(accounts.columns.map((c) => c.column.field)).toEqual(['contractId', 'amendmentNumber', 'ldcAccountNum']);
    expect(accounts.unknown).toEqual(['LDC Account Number']);
    expect(accounts.missing.map((c) => c.header)).toEqual(expect.arrayContaining(['Account Name', 'Territory', 'Term']));
  });
});

describe('upload cells', () => {
  it('converts spreadsheet values by kind: integers, decimals, dates (Excel dates, serials, text), booleans, reference values by code or name', () => {
    expect(convertCell({ kind: 'integer' }, '1,200')).toEqual({ value: 1200 });
    expect(convertCell({ kind: 'integer' }, 12.5)).toEqual({ error: 'invalidDataTypeInteger' });
    expect(convertCell({ kind: 'decimal' }, '0.0825')).toEqual({ value: 0.0825 });
    expect(convertCell({ kind: 'decimal' }, 'abc')).toEqual({ error: 'invalidDataTypeDecimal' });
    expect(convertCell({ kind: 'date' }, new Date(Date.UTC(2026, 2, 1)))).toEqual({ value: '2026-03-01T00:00:00' });
    expect(convertCell({ kind: 'date' }, 46082)).toEqual({ value: '2026-03-01T00:00:00' });
    expect(convertCell({ kind: 'date' }, '3/1/2026')).toEqual({ value: '2026-03-01T00:00:00' });
    expect(convertCell({ kind: 'date' }, '2026-02-30')).toEqual({ error: 'invalidDataTypeDate' });
    expect(convertCell({ kind: 'boolean' }, 'Yes')).toEqual({ value: true });
    expect(convertCell({ kind: 'boolean' }, 'maybe')).toEqual({ error: 'invalidDataTypeBoolean' });
    expect(convertCell({ kind: 'enum', itemType: 'accountStatuses' }, 'sent to utility')).toEqual({ value: 'Sent to Utility' });
    expect(convertCell({ kind: 'enum', itemType: 'accountStatuses' }, 'Live')).toEqual({ error: 'invalidDataTypeEnum' });
    expect(convertCell({ kind: 'text' }, { richText: [{ text: 'PE' }, { text: '12' }] })).toEqual({ value: 'PE12' });
  });

  it('gives a row its exceptions with the spec reasons: required, data type, improper value and length, the fix starting as the value read', () => {
    // Act
    const { data, exceptions } = validateCells('Volumes', { accountId: 'x12', year: 2026, month: '', volume: '1234567890.5' });
    const crm = validateCells('AccountCRM', { accountId: 7, crmType: 'Call', date: '3/1/2026', comment: 'x'.repeat(301), isResolved: 'no' });
    // Assess
    expect(exceptions.map((e) => [e.uiHeader, e.type, e.oldValue, e.newValue])).toEqual([
      ['CAMS Account ID', 'invalidDataTypeInteger', 'x12', 'x12'],
      ['Month', 'requiredField', null, null],
      ['Volume', 'invalidDataTypeDecimal', '1234567890.5', '1234567890.5'],
    ]);
    expect(data.year).toBe(2026);
    expect(crm.exceptions.map((e) => e.type)).toEqual(['invalidLength']);
    expect(crm.data).toMatchObject({ accountId: 7, crmType: 'Call', date: '2026-03-01T00:00:00', isResolved: false });
    expect(EXCEPTION_REASONS.invalidDataTypeEnum).toBe('Invaid Entry - Improper Value.');
  });
});

describe('upload rows of a large sheet', () => {
  it('answers every row on its own: a value repeated row after row gets the same value or the same exception each time, and one row changed leaves the next alone', () => {
    // Prepare: the same account row twice, then one whose too-long name and bad date repeat
    const row = { contractId: 7, amendmentNumber: 1, name: 'Harborview Hotels', type: 'Renewal', accountStatus: 'Enrolled', territory: 'PSEG', ldcAccountNum: 'PE000001', serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: new Date(Date.UTC(2026, 2, 1)), term: 12 };
    const bad = { ...row, name: 'N'.repeat(201), requestedStartDate: 'soon' };
    // Act
    const first = validateCells('Accounts', row, '2026-11-25');
    first.data.name = 'changed by its caller';
    const second = validateCells('Accounts', row, '2026-11-25');
    const bad1 = validateCells('Accounts', bad, '2026-11-25');
    const bad2 = validateCells('Accounts', bad, '2026-11-25');
    // Assess
    expect(second.data).toMatchObject({ name: 'Harborview Hotels', requestedStartDate: '2026-03-01T00:00:00', contractStartDate: '2026-03-01T00:00:00', contractEndDate: '2027-02-28T00:00:00', shortName: 'Harborview Hotels' });
    expect(second.exceptions).toEqual(first.exceptions);
    expect(bad1.exceptions.map((e) => [e.uiHeader, e.type])).toEqual(expect.arrayContaining([['Requested Start Date', 'invalidDataTypeDate']]));
    expect(bad1.exceptions.some((e) => e.type === 'invalidLength')).toBe(true);
    expect(bad2.exceptions).toEqual(bad1.exceptions);
    expect(bad2.data.requestedStartDate).toBe('soon');
  });
});

describe('upload columns whose values do not repeat', () => {
  it('check every value of a column past the answers they keep: a bad one after thousands of good ones is still refused', () => {
    // Prepare: 6,000 CRM rows with comments of their own, the last one too long
    const rows = Array.from({ length: 6000 }, (_, i) => ({ accountId: 7, crmType: 'Call', date: '3/1/2026', comment: i === 5999 ? `${'x'.repeat(300)}${i}` : `Comment ${i}`, isResolved: 'no' }));
    // Act
    const answers = rows.map((row) => validateCells('AccountCRM', row, '2026-11-25'));
    // Assess
    expect(answers.slice(0, 5999).every((a) => a.exceptions.length === 0)).toBe(true);
    expect(answers[5998]!.data.comment).toBe('Comment 5998');
    expect(answers[5999]!.exceptions.map((e) => [e.uiHeader, e.type])).toEqual([['Comment', 'invalidLength']]);
  });
});

describe('upload defaults', () => {
  it('fill no field outside the fields they declare (the validator checks the others as read)', async () => {
    // Prepare: rows with and without the fields the defaults fill
    const { ACCOUNT_DEFAULTED_FIELDS, fillAccountDefaults } = await import('../account/schemas');
    const rows: Record<string, unknown>[] = [
      { name: 'Harborview Hotels', type: 'New', term: 12, unitOfMeasure: 'KWH' },
      { name: 'Harborview Hotels', shortName: 'H', type: 'Renewal', requestedStartDate: '2026-03-01T00:00:00', term: 24, unitOfMeasure: 'THERM', taxExemptNum: '' },
      { name: '', shortName: 'Short', type: 'Renewal', contractStartDate: '2026-01-31T00:00:00', term: 1, taxExemptNum: '123' },
    ];
    for (const row of rows) {
      // Act
      const filled = fillAccountDefaults({ ...row }, true, '2026-11-25T00:00:00');
      // Assess
      const changed = Object.keys(filled).filter((k) => filled[k] !== row[k]);
      expect(changed.length).toBeGreaterThan(0);
      expect(ACCOUNT_DEFAULTED_FIELDS).toEqual(expect.arrayContaining(changed));
    }
  });
});
