import { PutObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { SingleFileResult, UploadedRow, UploadForm } from '@eb/shared/upload/schemas';
import type { Session } from '../../../test/support/invoke';
import { runJobNow } from '../../../test/support/jobs';
import { SINGLE_FILE_SHOWN_JOBS } from '@eb/shared/constants';
import { newMasterContract, ok, uniqueLdc } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { importFaults, SimulatedCrash } from './import';

/**
 * SingleFile's 'Continue upload': a workbook with errors in three sheets, then the file corrected
 * in part and again in full, each uploaded with the key offered. Every record and child is written
 * exactly once, a row an earlier run imported is passed over (not written again, not an error),
 * the key offered is the first amendment whose rows did not all import, and a worker killed
 * mid-resume changes nothing.
 */
const [admin] = signedInBeforeAll('superAdmin');

const amendmentHeaders = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure'];
const accountHeaders = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];
const crmHeaders = ['Contract ID', 'Amendment #', 'CRM Type', 'Date', 'Comment', 'Resolved'];

async function book(sheets: { amendments: unknown[][]; accounts: unknown[][]; crm: unknown[][] }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, headers, rows] of [
    ['Amendments', amendmentHeaders, sheets.amendments],
    ['Accounts', accountHeaders, sheets.accounts],
    ['AmendmentCRM', crmHeaders, sheets.crm],
  ] as const) {
    const ws = wb.addWorksheet(name);
    for (const r of [headers, ...rows]) ws.addRow(r as unknown[]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(bytes: Buffer, resumeKey?: string, as: Session = admin): Promise<SingleFileResult & { jobId: string }> {
  const form = await ok<UploadForm>(as.post('/api/upload/GetUploadForm', { uploadType: 'SingleFile', fileName: 'single.xlsx', size: bytes.length }));
  await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: form.key, Body: bytes }));
  const job = await ok<Job>(as.post('/api/upload/Upload', { uploadType: 'SingleFile', key: form.key, fileName: 'single.xlsx', ...(resumeKey ? { resumeKey } : {}) }));
  await runJobNow(job.jobId);
  const done = await ok<Job>(as.get('/api/job/getjob', { id: job.jobId }));
  expect(done.status).toBe('completed');
  return { ...(done.result as SingleFileResult), jobId: job.jobId };
}

describe('SingleFile resume', () => {
  it('imports what earlier runs did not and nothing twice in every sheet, offers the first amendment not wholly imported, and survives a worker killed mid-resume', { timeout: 180_000 }, async () => {
    // Prepare: amendments 1 and 3 good, 2 without a start date; an account of 1 with an unknown
    // territory; a CRM note of 3 with an unknown type
    const contract = await newMasterContract(admin);
    const cid = contract.contractId;
    const [ldc1, ldc1b, ldc3] = [uniqueLdc(), uniqueLdc(), uniqueLdc()];
    const amendment = (n: number, start: string | null) => [cid, n, 'New', 'Signed', '1/15/2026', '1/20/2026', start, 12, 'No', 'Month to Month Variable', 'KWH'];
    const account = (n: number, ldc: string, territory = 'PSEG') => [cid, n, `Site ${ldc}`, 'New', 'Enrolled', territory, ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12];
    const crm = (n: number, comment: string, type = 'Call') => [cid, n, type, '2/1/2026', comment, 'No'];
    const file = (fixed: { amendment2: boolean; territory: boolean; crmType: boolean }) =>
      book({
        amendments: [amendment(1, '3/1/2026'), amendment(2, fixed.amendment2 ? '4/1/2026' : null), amendment(3, '3/1/2026')],
        accounts: [account(1, ldc1), account(1, ldc1b, fixed.territory ? 'PSEG' : 'NOWHERE'), account(3, ldc3), ...(fixed.amendment2 ? [account(2, uniqueLdc())] : [])],
        crm: [crm(1, 'Welcome call'), crm(3, 'Asked for a copy', fixed.crmType ? 'Email' : 'Carrier pigeon'), crm(3, 'Signed in person')],
      });
    // Act: the first file
    const first = await upload(await file({ amendment2: false, territory: false, crmType: false }));
    // Assess: three sheets with errors; the key is amendment 1 (its second account failed)
    expect(first.errors.map((e) => e.uploadType)).toEqual(['Amendments', 'Accounts', 'AmendmentCRM']);
    expect(first.currentKey).toBe(`${cid}-1`);
    // Act: the territory corrected, resumed from the key
    const second = await upload(await file({ amendment2: false, territory: true, crmType: false }), first.currentKey!);
    // Assess: only the corrected account imported; the rows imported before passed over without an error
    expect(second.uploadedRows.map((u) => [u.uploadType, u.rowInfos])).toEqual([['Amendments', []], ['Accounts', [3]], ['AmendmentCRM', []]]);
    expect(second.errors.map((e) => [e.uploadType, e.message.split('\n').length])).toEqual([['Amendments', 1], ['AmendmentCRM', 1]]);
    expect(second.currentKey).toBe(`${cid}-2`);
    // Act: everything corrected, resumed from the new key, the worker killed after its first row
    let written = 0;
    importFaults.at = (when) => {
      if (when === 'after' && ++written === 1) throw new SimulatedCrash('killed');
    };
    let third: SingleFileResult & { jobId: string };
    try {
      third = await upload(await file({ amendment2: true, territory: true, crmType: true }), second.currentKey!);
    } finally {
      importFaults.at = null;
    }
    // Assess: nothing left, every record and child once
    expect(third.errors).toEqual([]);
    expect(third.currentKey).toBeNull();
    const amendments = await ok<{ data: { objectId: number; amendmentNumber: number }[] }>(admin.post('/api/contract/GetList', { contractId: cid }, { limit: 50 }));
    expect(amendments.data.map((a) => a.amendmentNumber).sort()).toEqual([1, 2, 3]);
    const byNumber = new Map(amendments.data.map((a) => [a.amendmentNumber, a.objectId]));
    const accounts = async (n: number) =>
      (await ok<{ data: { ldcAccountNumber: string }[] }>(admin.post('/api/account/GetList', { amendmentId: byNumber.get(n) }, { limit: 50 }))).data.map((a) => a.ldcAccountNumber).sort();
    expect(await accounts(1)).toEqual([ldc1, ldc1b].sort());
    expect(await accounts(2)).toHaveLength(1);
    expect(await accounts(3)).toEqual([ldc3]);
    const notes = async (n: number) => (await ok<{ data: { comment: string }[] }>(admin.post('/api/contract/GetCrms', { contract: { objectId: byNumber.get(n) } }, { limit: 50 }))).data.map((c) => c.comment).sort();
    expect(await notes(1)).toEqual(['Welcome call']);
    expect(await notes(3)).toEqual(['Asked for a copy', 'Signed in person']);
  });
});

describe("SingleFile's sections", () => {
  it("lists each type's rows the upload imported, as many as its result counts, each with the type's own data", { timeout: 120_000 }, async () => {
    // Prepare: an amendment, two accounts of it, a CRM note
    const contract = await newMasterContract(admin);
    const cid = contract.contractId;
    const [ldc1, ldc2] = [uniqueLdc(), uniqueLdc()];
    const bytes = await book({
      amendments: [[cid, 1, 'New', 'Signed', '1/15/2026', '1/20/2026', '3/1/2026', 12, 'No', 'Month to Month Variable', 'KWH']],
      accounts: [ldc1, ldc2].map((ldc) => [cid, 1, `Section ${ldc}`, 'New', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12]),
      crm: [[cid, 1, 'Call', '2/1/2026', 'Section note', 'No']],
    });
    // Act
    const result = await upload(bytes);
    const sections = await Promise.all(
      result.uploadedRows.map(async (u) => ({ u, page: await ok<{ data: UploadedRow[]; totalCount: number }>(admin.post('/api/upload/GetList', { uploadType: u.uploadType, rowState: 'imported', batchId: u.uploadBatchId }, { getTotalCount: true, limit: 100 })) })),
    );
    // Assess
    expect(sections.map(({ u, page }) => [u.uploadType, u.rowInfos.length, page.totalCount])).toEqual([['Amendments', 1, 1], ['Accounts', 2, 2], ['AmendmentCRM', 1, 1]]);
    const accounts = sections.find((s) => s.u.uploadType === 'Accounts')!.page.data.map((r) => JSON.parse(r.uploadDataRow) as Record<string, unknown>);
    expect(accounts.map((d) => [d.name, d.ldcAccountNum])).toEqual([[`Section ${ldc1}`, ldc1], [`Section ${ldc2}`, ldc2]]);
  });
});

describe("SingleFile's 'Select job'", () => {
  const [colleague, me] = signedInBeforeAll('superAdmin', 'superAdmin');
  it("lists the user's own last ten completed SingleFile uploads, newest first, however many other jobs finished since", { timeout: 180_000 }, async () => {
    // Prepare: a colleague's SingleFile upload; twelve of mine; then 21 Remove All jobs
    const contract = await newMasterContract(me);
    const small = await book({ amendments: [[contract.contractId, 1, 'New', 'Signed', '1/15/2026', '1/20/2026', null, 12, 'No', 'Month to Month Variable', 'KWH']], accounts: [], crm: [] });
    await upload(small, undefined, colleague);
    const mine: string[] = [];
    for (let i = 0; i < 12; i++) mine.push((await upload(small, undefined, me)).jobId);
    for (let i = 0; i < 21; i++) {
      const remove = await ok<Job>(me.del('/api/upload/DeleteAll', { uploadType: 'Accounts', rowState: 'withExceptions', batchId: 999_999_000 + i }));
      await runJobNow(remove.jobId);
    }
    // Act
    const listed = await ok<Job[]>(me.get('/api/upload/GetSingleFileJobs'));
    // Assess
    expect(listed.map((j) => j.jobId)).toEqual(mine.slice(-SINGLE_FILE_SHOWN_JOBS).reverse());
    expect(listed.every((j) => j.jobType === 'singleFileUpload' && j.status === 'completed' && (j.result as SingleFileResult).currentKey === `${contract.contractId}-1`)).toBe(true);
  });
});
