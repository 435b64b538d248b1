import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { runJobNow } from '../../../test/support/jobs';
import { amendmentBody, newMasterContract, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { getJobJson } from '../job/plan';
import { CONTRACTS_EXPORT_COLUMNS } from './export';

/**
 * Export all against the local emulators: a job pages through every row of the filter (no row cap),
 * writes the .xlsx to the exports bucket, and hands its starter a short-lived link.
 */
const C = '/api/contract';
const [editor, other, agent] = signedInBeforeAll('admin', 'viewOnly', 'agent');

describe('contract ExportAll', () => {
  it("exports every amendment of the filter in its order with the grid's visible columns through a job, and links the file for its starter only", async () => {
    // Prepare: a contract with 12 amendments, a ticket number of this run on each
    const contract = await newMasterContract(editor);
    const ticket = `EX${Date.now()}`;
    for (let n = 1; n <= 12; n++) await ok(editor.post(`${C}/Create`, amendmentBody(contract, { amendmentNumber: n, freshDescId: `${ticket}-${n}` })));
    // Act
    const job = await ok<Job>(editor.post(`${C}/ExportAll`, { freshDescId: ticket }, { orderBy: 'amendmentNumber Descending', columns: 'amendmentNumber,freshDescId' }));
    const early = await editor.get(`${C}/GetExportLink`, { id: job.jobId });
    await runJobNow(job.jobId);
    const done = await ok<Job>(editor.get('/api/job/getjob', { id: job.jobId }));
    const link = await ok<{ downloadInfo: { link: string } }>(editor.get(`${C}/GetExportLink`, { id: job.jobId }));
    const someoneElse = await other.get(`${C}/GetExportLink`, { id: job.jobId });
    const byAgent = await agent.post(`${C}/ExportAll`, {});
    // Assess
    expect(early.status).toBe(404);
    expect(done).toMatchObject({ status: 'completed', progress: 100, result: { fileName: 'contracts.xlsx', rows: 12 } });
    const file = await fetch(link.downloadInfo.link);
    const bytes = Buffer.from(await file.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    // the grid's visible columns, in its order
    const header = (field: string) => CONTRACTS_EXPORT_COLUMNS.find((c) => c.field === field)!.header;
    expect(values[0]).toEqual([header('amendmentNumber'), header('freshDescId')]);
    expect(values.slice(1).map((r) => r[0])).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(values[1]![1]).toBe(`${ticket}-12`);
    // the hidden columns were never computed: the job's stored part holds the chosen cells only
    const part = await getJobJson<unknown[][]>(`exports/contracts/${job.jobId}/part-00000.json`);
    expect(part.value.map((r) => r.length)).toEqual(part.value.map(() => 2));
    expect(someoneElse.status).toBe(404);
    expect(byAgent.status).toBe(403);
  });
});
