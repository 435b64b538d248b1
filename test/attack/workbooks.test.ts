import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { UPLOAD_TEXTS } from '@eb/shared/upload/schemas';
import { ok } from '../support/records';
import { postSpreadsheet } from '../support/spreadsheets';
import { signedInBeforeAll } from '../support/users';
import { bombWorkbook, workbookParts, zipOf } from '../support/zip-writer';

/**
 * Issue 26 item 4: a workbook is judged by what it inflates to, not by what its zip directory
 * says. A 1 MB .xlsx whose directory claims 900 KB for a sheet that inflates to 1 GB passed the
 * Upload's check; its parse then died with 'Invalid string length', was delivered five times and
 * grew the process to 2 GB. The reader counts the inflated bytes as it streams and stops at the
 * limits (ratio and total); a job failing on its file's content (a bomb, a damaged zip) fails on
 * its first delivery with a clear message, and is not delivered again.
 */
const MB = 1024 * 1024;
const [uploader] = signedInBeforeAll('superAdmin');

/** The resident memory of this process and of its parent (the stack's handlers and worker run in the runner's main process). */
function rss(): number {
  const of = (pid: number | 'self') => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  return of('self') + of(process.ppid);
}

/** Waits for the job to end (the stack's worker runs it), the highest memory seen meanwhile, and the times it was picked up. */
async function finished(jobId: string, deadlineMs = 45_000): Promise<{ job: Job; peakGrowth: number }> {
  const base = rss();
  let peak = base;
  const until = Date.now() + deadlineMs;
  for (;;) {
    peak = Math.max(peak, rss());
    const job = await ok<Job>(uploader.get('/api/job/getjob', { id: jobId }));
    if (job.status === 'failed' || job.status === 'completed' || Date.now() > until) return { job, peakGrowth: peak - base };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('hostile workbooks', () => {
  it('refuses a zip bomb whose directory lies: the job fails on its first delivery with a clear message, memory stays sane', async () => {
    const bomb = await bombWorkbook();
    expect(bomb.length).toBeLessThan(2 * MB);
    const job = await ok<Job>(postSpreadsheet(uploader, 'upload', 'Accounts', bomb, 'bomb.xlsx'));
    const { job: after, peakGrowth } = await finished(job.jobId);
    // a redelivered job would end after the last try with the generic text, not this one
    expect([after.status, (after.result as { message?: string } | null)?.message]).toEqual(['failed', UPLOAD_TEXTS.zipBomb]);
    expect(peakGrowth).toBeLessThan(400 * MB);
  });

  it.each(['Accounts', 'SingleFile'])('fails a damaged %s workbook on its first delivery with a clear message', async (uploadType) => {
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>') };
    const zip = await zipOf([...workbookParts(), sheet]);
    // the sheet's deflated data starts with a block of the reserved type (0b11): no inflater reads it
    const at = zip.indexOf(Buffer.from(sheet.name)) + sheet.name.length;
    zip[at] = 0xff;
    const job = await ok<Job>(postSpreadsheet(uploader, 'upload', uploadType, zip, 'damaged.xlsx'));
    const { job: after } = await finished(job.jobId);
    expect([after.status, (after.result as { message?: string } | null)?.message]).toEqual(['failed', UPLOAD_TEXTS.corrupt]);
  });
});
