import { PutObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import type { UploadForm } from '@eb/shared/upload/schemas';
import { s3Client } from '../../functions/src/lib/aws';
import { config } from '../../functions/src/lib/config';
import type { Session } from './invoke';
import { ok } from './records';

/**
 * Spreadsheets as the uploader's and updater's tests send them: a workbook of rows, posted to S3
 * with the pipeline's presigned form and registered with its Upload call, as the browser does.
 */
export async function xlsxOf(sheet: string, rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Posts a workbook to S3 and registers it: `resource` 'upload' (with uploadType) or 'update' (with updateType). */
export async function postSpreadsheet(session: Session, resource: 'upload' | 'update', type: string, bytes: Buffer | Uint8Array, fileName: string) {
  const typeField = resource === 'upload' ? 'uploadType' : 'updateType';
  const form = await ok<UploadForm>(session.post(`/api/${resource}/GetUploadForm`, { [typeField]: type, fileName, size: Math.min(bytes.length, 30 * 1024 * 1024) }));
  await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: form.key, Body: bytes }));
  return session.post(`/api/${resource}/Upload`, { [typeField]: type, key: form.key, fileName });
}

/** The header rows of each sheet of a downloaded workbook (base64). */
export async function xlsxHeaderRows(b64: string): Promise<unknown[][]> {
  const bytes = Buffer.from(b64, 'base64');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb.worksheets.map((w) => (w.getRow(1).values as unknown[]).slice(1));
}

/** The batch a finished parse job wrote its rows to (its result's uploadBatchId), as the screen reads it. */
export async function parsedBatchId(session: Session, jobId: string): Promise<number> {
  return ((await ok<{ result: unknown }>(session.get('/api/job/getjob', { id: jobId }))).result as { uploadBatchId: number }).uploadBatchId;
}
