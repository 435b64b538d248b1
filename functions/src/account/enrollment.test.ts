import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FIELDS, type Account } from '@eb/shared/account/schemas';
import type { Amendment } from '@eb/shared/amendment/schemas';
import type { Job } from '@eb/shared/job/schemas';
import { MSG } from '@eb/shared/messages';
import type { Territory } from '@eb/shared/reference/territory';
import { P2C_COLUMNS } from '@eb/shared/report/schemas';
import { runJobNow } from '../../../test/support/jobs';
import { newAmendment, ok, uniqueLdc } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { ACCOUNTS_TEMPLATE_HEADERS } from './template';

/**
 * The account's Volume and Billing blocks, the enrollment checks (LDC formats, overlapping terms),
 * the amendment's RCE totals and unit cascade, the accounts template, Export all and the P2C report,
 * against the local emulators.
 */
const A = '/api/account';
let territories: Territory[];
const [staff, admin, agent] = signedInBeforeAll('admin', 'superAdmin', 'agent');
beforeAll(async () => {
  territories = (await ok<{ data: Territory[] }>(staff.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
});
const territory = (code: string) => ({ objectId: territories.find((t) => t.code === code)!.objectId });

const body = (amendmentId: number, over: Record<string, unknown> = {}) => ({
  contract: { objectId: amendmentId },
  name: 'Harborview Hotels - Annex',
  type: 'Renewal',
  accountStatus: 'Enrolled',
  territory: territory('PSEG'),
  ldcAccountNum: uniqueLdc(),
  serviceClass: 'GS',
  revenueClass: 'Small Commercial',
  taxExemption: 'No',
  requestedStartDate: '2026-03-01T00:00:00',
  term: 12,
  ...over,
});
const fieldsOf = (a: Account) => Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, a[f]]));

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
}

describe('the Volume block', () => {
  it('saves the dates, unit, BTU factor, monthly volumes and both shapes of usage-charge rows, and refuses an end before the start', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const volume = {
      startDate: '2026-03-01T00:00:00',
      endDate: '2027-02-28T00:00:00',
      accountVolumeUom: 'KWH',
      btuFactor: 3.412,
      volumeData: [{ year: 2026, months: [null, null, 1200.5, 1100, 900, 950, 1300, 1400, 1000, 900, 1000, 1100] }],
      usageCharges: [
        { kind: 'uu', chargeSw: 'Y', tolPct: 10, ratePct: 5, posDiffSw: 'Y', lockedInSw: 'N', summerFlatRt: 0.01 },
        { kind: 'xu', chargeSw: 'Y', tolPct: 15, ratePct: 7 },
      ],
    };
    // Act
    const created = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { accountVolume: volume })));
    const inverted = await staff.put(`${A}/Update`, { ...fieldsOf(created), accountVolume: { ...volume, endDate: '2026-01-01T00:00:00' }, version: created.version }, { id: created.objectId });
    const badCell = await staff.put(`${A}/Update`, { ...fieldsOf(created), accountVolume: { ...volume, volumeData: [{ year: 2026, months: Array(12).fill(1234567890) }] }, version: created.version }, { id: created.objectId });
    const xuRateTooLong = await staff.put(`${A}/Update`, { ...fieldsOf(created), accountVolume: { ...volume, usageCharges: [{ kind: 'xu', ratePct: 12345 }] }, version: created.version }, { id: created.objectId });
    // Assess
    expect(created.accountVolume).toMatchObject({ accountVolumeUom: 'KWH', btuFactor: 3.412, volumeData: volume.volumeData });
    expect(created.accountVolume!.usageCharges.map((c) => c.kind)).toEqual(['uu', 'xu']);
    expect(inverted.status).toBe(400);
    expect(inverted.body.fieldErrors).toMatchObject({ 'accountVolume.endDate': MSG.volumeEndBeforeStart });
    expect(badCell.status).toBe(400);
    expect(xuRateTooLong.status).toBe(400);
    expect((await ok<Account>(staff.get(`${A}/Get`, { id: created.objectId }))).version).toBe(1);
  });
});

describe('the enrollment checks', () => {
  it('refuses a second account of the same LDC number with an overlapping term, and takes one that follows it', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const ldc = uniqueLdc('CONED');
    const first = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { territory: territory('CONED'), ldcAccountNum: ldc })));
    // Act
    const overlapping = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: territory('CONED'), ldcAccountNum: ldc, requestedStartDate: '2026-12-01T00:00:00' }));
    const following = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: territory('CONED'), ldcAccountNum: ldc, requestedStartDate: '2027-03-01T00:00:00' }));
    const resaveFirst = await staff.put(`${A}/Update`, { ...fieldsOf(first), version: first.version, name: 'Renamed' }, { id: first.objectId });
    // Assess
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.fieldErrors).toEqual({ ldcAccountNum: MSG.overlappingBaseAccounts });
    expect(following.status).toBe(200);
    expect(resaveFirst.status).toBe(200);
  });
});

describe("a territory's LDC number format (issue 28)", () => {
  const R = '/api/Reference';
  let serial = 0;
  const newTerritory = async (over: Record<string, unknown>) =>
    admin.post(`${R}/TerritoryCreate`, { code: `LDC-${Date.now() % 1_000_000}-${++serial}`, name: 'Format Utility', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.05', ...over });

  it("refuses a blocking format's mismatch with its description, saves a warning format's mismatch, and always refuses what the spec's rule refuses", async () => {
    // Prepare: a blocking and a warning format; NATGRID-NY as seeded (a warning)
    const amendment = await newAmendment(staff);
    const blocking = await ok<Territory>(newTerritory({ ldcPattern: '\\d{10}', ldcFormatDescription: '10 digits', ldcMismatch: 'Block' }));
    const warning = await ok<Territory>(newTerritory({ ldcPattern: '\\d{10}', ldcFormatDescription: '10 digits', ldcMismatch: 'Warn' }));
    const natgrid = territories.find((t) => t.code === 'NATGRID-NY')!;
    const digits = () => uniqueLdc('PECO');
    // Act
    const refused = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: blocking.objectId }, ldcAccountNum: '12345' }));
    const fits = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: blocking.objectId }, ldcAccountNum: digits() }));
    const fitsWithDashes = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: blocking.objectId }, ldcAccountNum: `${digits().slice(0, 4)}-${digits().slice(4)}` }));
    const warned = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: warning.objectId }, ldcAccountNum: `W-${uniqueLdc('PECO')}` }));
    const specAllowed = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: natgrid.objectId }, ldcAccountNum: `AB-${uniqueLdc('PECO').slice(-5)}${serial}` }));
    const notAlphanumeric = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: warning.objectId }, ldcAccountNum: '12345_67890' }));
    const tooLong = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: territory('PSEG'), ldcAccountNum: '1'.repeat(31) }));
    // Assess
    expect(natgrid).toMatchObject({ ldcPattern: '\\d{10,11}', ldcFormatDescription: '10 or 11 digits', ldcMismatch: 'Warn' });
    expect([refused.status, refused.body.fieldErrors]).toEqual([400, { ldcAccountNum: `${blocking.code} account numbers are 10 digits` }]);
    expect(fits.status).toBe(200);
    expect(fitsWithDashes.status).toBe(200);
    expect(warned.status).toBe(200);
    expect(specAllowed.status).toBe(200);
    expect([notAlphanumeric.status, notAlphanumeric.body.fieldErrors?.ldcAccountNum]).toEqual([400, MSG.alphanumeric]);
    expect(tooLong.status).toBe(400);
  });

  it('refuses a pattern that is not a regular expression, one that could run away, and an unknown mismatch action, writing nothing; a format made blocking applies at once', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const t = await ok<Territory>(newTerritory({ ldcPattern: 'Z\\d{5}', ldcFormatDescription: "'Z' and 5 digits" }));
    // Act
    const broken = await newTerritory({ code: `${t.code}-X`, ldcPattern: '([0-9]' });
    const runaway = await newTerritory({ ldcPattern: '(\\d+)+' });
    const unknownAction = await newTerritory({ ldcPattern: '\\d+', ldcMismatch: 'Stop' });
    const brokenUpdate = await admin.put(`${R}/TerritoryUpdate`, { ...t, ldcPattern: '*', version: t.version }, { id: t.objectId });
    const warnedSave = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: t.objectId }, ldcAccountNum: uniqueLdc('PECO') }));
    const blocked = await ok<Territory>(admin.put(`${R}/TerritoryUpdate`, { ...t, ldcMismatch: 'Block', version: t.version }, { id: t.objectId }));
    const refusedSave = await staff.post(`${A}/Create`, body(amendment.objectId, { territory: { objectId: t.objectId }, ldcAccountNum: uniqueLdc('PECO') }));
    // Assess
    expect(t.ldcMismatch).toBeNull();
    expect([broken.status, broken.body.fieldErrors]).toEqual([400, { ldcPattern: MSG.ldcPatternInvalid }]);
    expect([runaway.status, runaway.body.fieldErrors]).toEqual([400, { ldcPattern: MSG.ldcPatternNested }]);
    expect([unknownAction.status, unknownAction.body.fieldErrors]).toEqual([400, { ldcMismatch: MSG.invalidOption }]);
    expect([brokenUpdate.status, brokenUpdate.body.fieldErrors]).toEqual([400, { ldcPattern: MSG.ldcPatternInvalid }]);
    const stored = (await ok<{ data: Territory[] }>(admin.get(`${R}/TerritoryGetList`, { limit: 1000 }))).data;
    expect(stored.filter((x) => x.code === `${t.code}-X`)).toEqual([]);
    expect(stored.find((x) => x.objectId === t.objectId)).toMatchObject({ ldcPattern: 'Z\\d{5}', version: t.version + 1 });
    expect(warnedSave.status).toBe(200);
    expect(blocked).toMatchObject({ ldcMismatch: 'Block', version: t.version + 1 });
    expect([refusedSave.status, refusedSave.body.fieldErrors]).toEqual([400, { ldcAccountNum: `${t.code} account numbers are 'Z' and 5 digits` }]);
  });
});

describe("the LDC number's accounts", () => {
  it('lets one of two saves of one number at once pass, frees the number with a delete, and moves an account to its new number', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const [ldc, other] = [uniqueLdc(), uniqueLdc()];
    // Act: two creates of the same number and term at once
    const racing = await Promise.all([0, 1].map(() => staff.post(`${A}/Create`, body(amendment.objectId, { ldcAccountNum: ldc }))));
    const created = racing.find((r) => r.status === 200)!.body as Account;
    // Act: the account moves to another number: its first one is free, the new one taken
    const moved = await ok<Account>(staff.put(`${A}/Update`, { ...fieldsOf(created), ldcAccountNum: other, version: created.version }, { id: created.objectId }));
    const onFreed = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { ldcAccountNum: ldc })));
    const onTaken = await staff.post(`${A}/Create`, body(amendment.objectId, { ldcAccountNum: other }));
    // Act: deleted, its number is free again
    expect((await staff.del(`${A}/Delete`, { version: moved.version }, { id: moved.objectId })).status).toBe(204);
    const afterDelete = await staff.post(`${A}/Create`, body(amendment.objectId, { ldcAccountNum: other }));
    // Assess
    expect(racing.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect([400, 409]).toContain(racing.find((r) => r.status !== 200)!.status);
    expect(onFreed.ldcAccountNum).toBe(ldc);
    expect([onTaken.status, onTaken.body.fieldErrors]).toEqual([400, { ldcAccountNum: MSG.overlappingBaseAccounts }]);
    expect(afterDelete.status).toBe(200);
  });
});

describe('renewals due', () => {
  it('lists the accounts whose term ends between today and the window', async () => {
    // Prepare: an account ending 45 days from today
    const amendment = await newAmendment(staff);
    const end = new Date(Date.now() + 45 * 86_400_000);
    const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate() + 1));
    const ldc = uniqueLdc();
    await ok(staff.post(`${A}/Create`, body(amendment.objectId, { ldcAccountNum: ldc, requestedStartDate: `${start.toISOString().slice(0, 10)}T00:00:00` })));
    // Act
    const within60 = await ok<{ totalCount: number }>(staff.post(`${A}/GetList`, { ldcAccountNumber: ldc, renewalWithinDays: 60 }, { getTotalCount: true }));
    const within30 = await ok<{ totalCount: number }>(staff.post(`${A}/GetList`, { ldcAccountNumber: ldc, renewalWithinDays: 30 }, { getTotalCount: true }));
    const invalid = await staff.post(`${A}/GetList`, { renewalWithinDays: 0 });
    // Assess
    expect(within60.totalCount).toBe(1);
    expect(within30.totalCount).toBe(0);
    expect(invalid.status).toBe(400);
  });
});

describe('the amendment and its accounts', () => {
  it("totals its accounts' RCEs by commodity and carries a new unit to every account's usage and billing units and commission plan", async () => {
    // Prepare
    const amendment = await newAmendment(staff, { unitOfMeasure: 'KWH' });
    await ok(staff.post(`${A}/Create`, body(amendment.objectId, { annualUsage: 150_000, unitOfMeasure: 'KWH' })));
    const gas = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { territory: territory('NICOR'), ldcAccountNum: uniqueLdc('NICOR'), annualUsage: 2_500, unitOfMeasure: 'THERM', accountVolume: { accountVolumeUom: 'THERM' } })));
    // Act
    const totals = await ok<Amendment>(staff.get('/api/contract/Get', { id: amendment.objectId }));
    const changed = await ok<Amendment>(staff.put('/api/contract/Update', { ...totals, unitOfMeasure: 'MWH', version: totals.version }, { id: amendment.objectId }));
    const after = await ok<Account>(staff.get(`${A}/Get`, { id: gas.objectId }));
    const log = await ok<{ fieldName: string; newValue: string | null }[]>(staff.get(`${A}/ChangeLogs`, { accountId: gas.objectId }));
    // Assess
    expect(totals).toMatchObject({ electricityVolume: 15, gasVolume: 2.5, totalVolume: 17.5 });
    expect(changed.unitOfMeasure).toBe('MWH');
    expect(after).toMatchObject({ unitOfMeasure: 'MWH', billingAcctUom: 'MWH', commissionPlan: 'MWH', version: 2 });
    expect(after.accountVolume?.accountVolumeUom).toBe('MWH');
    expect(log.find((e) => e.fieldName === 'unitOfMeasure')?.newValue).toBe('MWH');
  });
});

describe("an account's volumes", () => {
  it("count a full year of entered months as the annual usage: the account's RCEs, its amendment's totals and the P2C report's Annual Usage and RCEs", async () => {
    // Prepare: no annual usage typed, twelve months of volume entered (10,000 kWh each)
    const amendment = await newAmendment(staff);
    const volume = { startDate: '2025-01-01T00:00:00', endDate: '2025-12-31T00:00:00', accountVolumeUom: 'KWH', volumeData: [{ year: 2025, months: Array(12).fill(10_000) }] };
    const partYear = { ...volume, volumeData: [{ year: 2025, months: [...Array(11).fill(10_000), null] }] };
    // Act
    const full = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { unitOfMeasure: 'KWH', accountVolume: volume })));
    const part = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { unitOfMeasure: 'KWH', accountVolume: partYear })));
    const totals = await ok<Amendment>(staff.get('/api/contract/Get', { id: amendment.objectId }));
    const report = await ok<Job>(staff.post('/api/report', { reportType: 'Export To P2C' }));
    await runJobNow(report.jobId);
    const link = await ok<{ downloadInfo: { link: string } }>(staff.get('/api/report/GetReportLink', { id: report.jobId }));
    // Assess: 120,000 kWh a year is 12 RCEs; eleven months are no year
    expect(full.rce).toBe(12);
    expect(part.rce).toBeNull();
    expect(totals).toMatchObject({ electricityVolume: 12, totalVolume: 12 });
    const p2c = await xlsxRows(Buffer.from(await (await fetch(link.downloadInfo.link)).arrayBuffer()));
    const row = p2c.find((r) => r[0] === full.objectId)!;
    expect(row[P2C_COLUMNS.indexOf('Annual Usage')]).toBe(120_000);
    expect(row[P2C_COLUMNS.indexOf('RCEs')]).toBe(12);
  });

  it('are logged as the months that changed, and not at all when a save leaves them as they were', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const volume = { startDate: '2025-01-01T00:00:00', endDate: '2025-12-31T00:00:00', accountVolumeUom: 'KWH', btuFactor: 3.412, volumeData: [{ year: 2025, months: Array(12).fill(100) }], usageCharges: [{ kind: 'uu', chargeSw: 'Y', tolPct: 10 }] };
    const created = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { accountVolume: volume })));
    // the volume as the screen sends it back: its keys in another order
    const reordered = Object.fromEntries(Object.entries(created.accountVolume!).reverse());
    // Act
    const renamed = await ok<Account>(staff.put(`${A}/Update`, { ...fieldsOf(created), name: 'Harborview Hotels - Annex 2', accountVolume: reordered, version: created.version }, { id: created.objectId }));
    const months = [...created.accountVolume!.volumeData[0]!.months];
    months[2] = 150;
    const changed = await ok<Account>(staff.put(`${A}/Update`, { ...fieldsOf(renamed), accountVolume: { ...renamed.accountVolume, volumeData: [{ year: 2025, months }] }, version: renamed.version }, { id: created.objectId }));
    const log = await ok<{ eventId: string; action: string; fieldName: string; oldValue: string | null; newValue: string | null }[]>(staff.get(`${A}/ChangeLogs`, { accountId: created.objectId }));
    // Assess
    expect(changed.version).toBe(3);
    const updates = log.filter((e) => e.action === 'updated');
    const byEvent = (id: string) => updates.filter((e) => e.eventId === id).map((e) => [e.fieldName, e.oldValue, e.newValue]);
    const events = [...new Set(updates.map((e) => e.eventId))];
    expect(events).toHaveLength(2);
    // newest first: the month, then the rename alone
    expect(byEvent(events[0]!)).toEqual([['volume.Mar 2025', '100', '150']]);
    expect(byEvent(events[1]!)).toEqual([['name', 'Harborview Hotels - Annex', 'Harborview Hotels - Annex 2']]);
  });
});

describe('billing rows', () => {
  it('loads the billing system rows (admins only), replaces a rebilled read period, logs the load and lists them newest first', async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const account = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId)));
    const row = (from: string, to: string, total: number) => ({ fromDate: from, toDate: to, usageDays: 31, canceled: false, usageQuantity: 1000, rateBilledUnitPrice: 0.1, usageChargeAmount: 100, tax: 6.63, totalBill: total });
    // Act
    const byStaff = await staff.post(`${A}/LoadBillingRows`, { account: { objectId: account.objectId }, rows: [row('2026-03-01T00:00:00', '2026-03-31T00:00:00', 106.63)] });
    const first = await ok(admin.post(`${A}/LoadBillingRows`, { account: { objectId: account.objectId }, rows: [row('2026-03-01T00:00:00', '2026-03-31T00:00:00', 106.63), row('2026-04-01T00:00:00', '2026-04-30T00:00:00', 99)] }));
    const rebill = await ok(admin.post(`${A}/LoadBillingRows`, { account: { objectId: account.objectId }, rows: [{ ...row('2026-03-01T00:00:00', '2026-03-31T00:00:00', 110), canceled: true }] }));
    const invalid = await admin.post(`${A}/LoadBillingRows`, { account: { objectId: account.objectId }, rows: [row('2026-05-31T00:00:00', '2026-05-01T00:00:00', 1)] });
    const rows = await ok<{ readPeriod: { fromDate: string }; canceled: boolean; totalBill: number }[]>(agent.get(`${A}/GetBillingRows`, { accountId: account.objectId }));
    const log = await ok<{ fieldName: string }[]>(staff.get(`${A}/ChangeLogs`, { accountId: account.objectId }));
    // Assess
    expect(byStaff.status).toBe(403);
    expect(first).toEqual({ loaded: 2 });
    expect(rebill).toEqual({ loaded: 1 });
    expect(invalid.status).toBe(400);
    expect(rows.map((r) => [r.readPeriod.fromDate, r.canceled, r.totalBill])).toEqual([
      ['2026-04-01T00:00:00', false, 99],
      ['2026-03-01T00:00:00', true, 110],
    ]);
    expect(log.filter((e) => e.fieldName === '2026-03-01..2026-03-31')).toHaveLength(2);
  });
});

describe('downloads', () => {
  it("answers the accounts template with the amendment's keys, exports all accounts of a filter and writes the P2C report of active accounts", async () => {
    // Prepare
    const amendment = await newAmendment(staff);
    const enrolled = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { name: 'P2C Enrolled', contractRate: 0.1, commissionUnitNum: 0.002 })));
    const pending = await ok<Account>(staff.post(`${A}/Create`, body(amendment.objectId, { name: 'P2C Pending', accountStatus: 'Pending' })));
    // Act
    const template = await staff.post(`${A}/DownloadAccountsTemplate`, { amendmentId: amendment.objectId });
    const exportJob = await ok<Job>(staff.post(`${A}/ExportAll`, { amendmentId: amendment.objectId }, { orderBy: 'name Ascending' }));
    await runJobNow(exportJob.jobId);
    const exportLink = await ok<{ downloadInfo: { link: string } }>(staff.get(`${A}/GetExportLink`, { id: exportJob.jobId }));
    const report = await ok<Job>(staff.post('/api/report', { reportType: 'Export To P2C' }));
    await runJobNow(report.jobId);
    const reportLink = await ok<{ downloadInfo: { link: string } }>(staff.get('/api/report/GetReportLink', { id: report.jobId }));
    const unknownType = await staff.post('/api/report', { reportType: 'Commissions' });
    const byAgent = await agent.post('/api/report', { reportType: 'Export To P2C' });
    // Assess
    const templateRows = await xlsxRows(Buffer.from(template.body as string, 'base64'));
    expect(templateRows[0]).toEqual(ACCOUNTS_TEMPLATE_HEADERS);
    expect(templateRows[1]!.slice(0, 2)).toEqual([amendment.contractId, 1]);
    const exported = await xlsxRows(Buffer.from(await (await fetch(exportLink.downloadInfo.link)).arrayBuffer()));
    expect(exported.slice(1).map((r) => r[0])).toEqual([enrolled.objectId, pending.objectId]);
    const p2c = await xlsxRows(Buffer.from(await (await fetch(reportLink.downloadInfo.link)).arrayBuffer()));
    expect(p2c[0]).toEqual([...P2C_COLUMNS]);
    const ids = p2c.slice(1).map((r) => r[0]);
    expect(ids).toContain(enrolled.objectId);
    expect(ids).not.toContain(pending.objectId);
    const mine = p2c.find((r) => r[0] === enrolled.objectId)!;
    expect(mine[P2C_COLUMNS.indexOf('Contract ID')]).toBe(amendment.contractId);
    expect(mine[P2C_COLUMNS.indexOf('Contract Rate')]).toBe(0.1);
    expect(mine[P2C_COLUMNS.indexOf('Agent Rate')]).toBe(0.002);
    expect(unknownType.status).toBe(400);
    expect(byAgent.status).toBe(403);
  });
});
