import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { runJobNow } from '../../../test/support/jobs';
import { newMasterContract, ok } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';
import { amendmentListSpec, amendments } from '../amendment/repository';
import { ListEngine } from '../lib/list-engine';

/**
 * Every record an import writes is in the searches as soon as its Save All has finished, in the
 * container that answered during the import and in one started cold from the list's S3 snapshot
 * (the last records of a burst, with nothing written after them, included).
 */
const [admin] = signedInBeforeAll('superAdmin');

const CONTRACTS = 30;
const PER_CONTRACT = 100;
const amendmentHeaders = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure'];

describe('Save All of 3,000 Amendments rows and the Contracts search', () => {
  it('shows every imported amendment and the right total right after the job, warm and after a cold start from the snapshot', { timeout: 300_000 }, async () => {
    // Prepare: 30 master contracts, 100 amendments each in one workbook, parsed; a warm engine
    // (the Contracts search answered once) and a snapshot of the list from before the import
    const contracts = await Promise.all(Array.from({ length: CONTRACTS }, () => newMasterContract(admin)));
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Amendments');
    sheet.addRow(amendmentHeaders);
    for (const c of contracts) for (let n = 1; n <= PER_CONTRACT; n++) sheet.addRow([c.contractId, n, 'New', 'Signed', '1/15/2026', '1/20/2026', '3/1/2026', 12, 'No', 'Month to Month Variable', 'KWH']);
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Amendments', Buffer.from(await wb.xlsx.writeBuffer()), 'amendments.xlsx'));
    await runJobNow(parse.jobId, 240_000);
    const batchId = await parsedBatchId(admin, parse.jobId);
    const before = await ok<{ totalCount: number }>(admin.post('/api/contract/GetList', { contractId: contracts[0]!.contractId }, { getTotalCount: true }));
    await new ListEngine(amendmentListSpec, { snapshots: true }).query({ limit: 1 });
    // Act
    const save = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Amendments', batchId }));
    await runJobNow(save.jobId, 240_000);
    // Assess: the job imported them all, and the search shows them all at once
    expect(before.totalCount).toBe(0);
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    // (the search's Contract ID filter matches from the start: 3 finds 30 too, so rows are counted by their own id)
    const shown = await Promise.all(
      contracts.map(async (c) => {
        let own = 0;
        for (let skip = 0, total = 1; skip < total; skip += 500) {
          const page = await ok<{ data: { contractId: number }[]; totalCount: number }>(admin.post('/api/contract/GetList', { contractId: c.contractId }, { skip, limit: 500, getTotalCount: true }));
          total = page.totalCount;
          own += page.data.filter((r) => r.contractId === c.contractId).length;
        }
        return own;
      }),
    );
    expect(shown).toEqual(contracts.map(() => PER_CONTRACT));
    const refs = new Set(contracts.map((c) => c.objectId));
    const warm = await amendments().query({ filter: (r) => refs.has(r.masterContractRef), getTotalCount: true, limit: 1 });
    expect(warm.totalCount).toBe(CONTRACTS * PER_CONTRACT);
    // Assess: a container started now, from the snapshot and the feed after it
    const cold = new ListEngine(amendmentListSpec, { snapshots: true });
    const page = await cold.query({ filter: (r) => refs.has(r.masterContractRef), getTotalCount: true, limit: 1 });
    expect(cold.stats.snapshotLoaded).toBe(true);
    expect(page.totalCount).toBe(CONTRACTS * PER_CONTRACT);
  });
});
