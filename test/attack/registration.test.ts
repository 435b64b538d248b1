import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, type DocumentRecord, type DocumentUploadAnswer } from '@eb/shared/file/schemas';
import type { UploadForm } from '@eb/shared/upload/schemas';
import { UPLOAD_TEXTS } from '@eb/shared/upload/schemas';
import { s3Client } from '../../functions/src/lib/aws';
import { config } from '../../functions/src/lib/config';
import type { Session } from '../support/invoke';
import { newAmendment, ok } from '../support/records';
import { xlsxOf } from '../support/spreadsheets';
import { signedInBeforeAll } from '../support/users';

/**
 * Registration trusts only what it issued (issue 26 item 1): the documents' second Upload call,
 * upload/Upload and update/Upload register a key only if this user was given a form for it, only
 * once, with the size read from the stored object. The objects are written straight into the
 * bucket here, as an attacker who got past the S3 path would have.
 */
const C = '/api/contract';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** the uploader and updater are the administrators' (superAdmin) */
const [editor, otherEditor, uploader, otherUploader] = signedInBeforeAll('admin', 'admin', 'superAdmin', 'superAdmin');

const put = (bucket: string, key: string, body: Buffer) => s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
const plan = (s: Session, parentId: number, fileName: string, size: number) =>
  ok<DocumentUploadAnswer>(s.post(`${C}/Upload`, { files: [{ fileName, size }] }, { documentParentId: parentId }));
const register = (s: Session, parentId: number, fileName: string, key: string) =>
  ok<DocumentUploadAnswer>(s.post(`${C}/Upload`, { uploaded: [{ fileName, key }] }, { documentParentId: parentId }));
const documents = (parentId: number) => ok<DocumentRecord[]>(editor.get(`${C}/GetDocuments`, { documentParentId: parentId }));
const notUploaded = (fileName: string) => ({ documents: [], forms: [], refused: [{ fileName, reason: DOCUMENT_TEXTS.notUploaded }] });

/** An uploader form, its object stored, as the browser leaves it before upload/Upload. */
async function uploadedWorkbook(s: Session): Promise<string> {
  const form = await ok<UploadForm>(s.post('/api/upload/GetUploadForm', { uploadType: 'Accounts', fileName: 'accounts.xlsx', size: 1000 }));
  await put(config.uploadsBucket, form.key, await xlsxOf('Accounts', [['LDC Number'], ['x']]));
  return form.key;
}

describe('registration of uploads', () => {
  it('refuses a document key that was never issued', async () => {
    const amendment = await newAmendment(editor);
    const key = `incoming/contractDocument/${amendment.objectId}/${randomUUID()}.30000000`;
    await put(config.documentsBucket, key, PDF);
    expect(await register(editor, amendment.objectId, 'forged.pdf', key)).toEqual(notUploaded('forged.pdf'));
    expect(await documents(amendment.objectId)).toEqual([]);
  });

  it('refuses an uploader or updater key that was never issued', async () => {
    // (of the shape the forms' keys have)
    const key = `incoming/uploads/${randomUUID()}.31457280`;
    await put(config.uploadsBucket, key, await xlsxOf('Accounts', [['LDC Number'], ['x']]));
    const upload = await uploader.post('/api/upload/Upload', { uploadType: 'Accounts', key, fileName: 'accounts.xlsx' });
    const update = await uploader.post('/api/update/Upload', { updateType: 'Amendments', key, fileName: 'amendments.xlsx' });
    expect([upload.status, upload.body.message]).toEqual([400, UPLOAD_TEXTS.notUploaded]);
    expect([update.status, update.body.message]).toEqual([400, UPLOAD_TEXTS.notUploaded]);
  });

  it('refuses a document key issued to another user', async () => {
    const amendment = await newAmendment(editor);
    const [form] = (await plan(editor, amendment.objectId, 'theirs.pdf', PDF.length)).forms;
    await put(config.documentsBucket, form!.key, PDF);
    expect(await register(otherEditor, amendment.objectId, 'theirs.pdf', form!.key)).toEqual(notUploaded('theirs.pdf'));
    expect(await documents(amendment.objectId)).toEqual([]);
    // its own user still registers it
    expect((await register(editor, amendment.objectId, 'theirs.pdf', form!.key)).documents).toHaveLength(1);
  });

  it('refuses an uploader key issued to another user', async () => {
    const key = await uploadedWorkbook(uploader);
    const r = await otherUploader.post('/api/upload/Upload', { uploadType: 'Accounts', key, fileName: 'accounts.xlsx' });
    expect([r.status, r.body.message]).toEqual([400, UPLOAD_TEXTS.notUploaded]);
  });

  it('registers one document per form: a second registration, even of an object put there again, is refused', async () => {
    const amendment = await newAmendment(editor);
    const [form] = (await plan(editor, amendment.objectId, 'once.pdf', PDF.length)).forms;
    await put(config.documentsBucket, form!.key, PDF);
    // two registrations side by side, then one more after the object is back at the key
    const both = await Promise.all([register(editor, amendment.objectId, 'once.pdf', form!.key), register(editor, amendment.objectId, 'once.pdf', form!.key)]);
    await put(config.documentsBucket, form!.key, PDF);
    const again = await register(editor, amendment.objectId, 'once.pdf', form!.key);
    expect(both.flatMap((a) => a.documents)).toHaveLength(1);
    expect(again).toEqual(notUploaded('once.pdf'));
    expect(await documents(amendment.objectId)).toHaveLength(1);
  });

  it('starts one parse per uploader form: a second upload/Upload of its key is refused', async () => {
    const key = await uploadedWorkbook(uploader);
    const first = await uploader.post('/api/upload/Upload', { uploadType: 'Accounts', key, fileName: 'accounts.xlsx' });
    const second = await uploader.post('/api/upload/Upload', { uploadType: 'Accounts', key, fileName: 'accounts.xlsx' });
    expect(first.status).toBe(200);
    expect([second.status, second.body.message]).toEqual([400, UPLOAD_TEXTS.notUploaded]);
  });

  it('takes the size from the stored object, never from the key or the first call', async () => {
    const amendment = await newAmendment(editor);
    // the first call claims 20 kB; the form's key is the server's
    const [form] = (await plan(editor, amendment.objectId, 'claimed.pdf', 20_000)).forms;
    // a key naming a bigger size than any form allowed, beside the issued one
    const bigger = `${form!.key}.999999999`;
    await Promise.all([put(config.documentsBucket, form!.key, PDF), put(config.documentsBucket, bigger, Buffer.concat([PDF, Buffer.alloc(30_000)]))]);
    expect(await register(editor, amendment.objectId, 'bigger.pdf', bigger)).toEqual(notUploaded('bigger.pdf'));
    const registered = await register(editor, amendment.objectId, 'claimed.pdf', form!.key);
    expect(registered.documents.map((d) => d.size)).toEqual([PDF.length]);
  });

  it('refuses a stored object bigger than its form allowed', async () => {
    const amendment = await newAmendment(editor);
    const [form] = (await plan(editor, amendment.objectId, 'small.pdf', PDF.length)).forms;
    await put(config.documentsBucket, form!.key, Buffer.concat([PDF, Buffer.alloc(1000)]));
    const r = await register(editor, amendment.objectId, 'small.pdf', form!.key);
    expect(r.refused).toEqual([{ fileName: 'small.pdf', reason: DOCUMENT_TEXTS.sizeChanged }]);
  });
});
