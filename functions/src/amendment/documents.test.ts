import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, type DocumentRecord, type DocumentUploadAnswer, type DocumentUploadForm } from '@eb/shared/file/schemas';
import { newAmendment, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';

/**
 * An amendment's documents against the local emulators (spec 2 "Documents popup", section 5
 * "Documents", "File resource"): the Upload call issues presigned POST forms, the file goes
 * straight to S3 (the emulator's endpoint, as a browser in AWS posts to the bucket's), the second
 * Upload call registers it after checking its size and first bytes, file/Get links to it.
 */
const C = '/api/contract';
const [editor, agent] = signedInBeforeAll('admin', 'agent');

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this is not a pdf');

/** POST the file to its presigned form, as a browser does. */
async function post(form: DocumentUploadForm, content: Buffer): Promise<number> {
  const data = new FormData();
  for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
  data.append('file', new Blob([content]), form.fileName);
  return (await fetch(form.url, { method: 'POST', body: data })).status;
}
const upload = (id: number, body: unknown) => ok<DocumentUploadAnswer>(editor.post(`${C}/Upload`, body, { documentParentId: id }));
const documents = (id: number) => ok<DocumentRecord[]>(editor.get(`${C}/GetDocuments`, { documentParentId: id }));

describe('contract documents', () => {
  it('uploads a pdf through a presigned form, lists it, links to it, and deletes it with its file', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    // Act: the forms, the post to S3, the registration
    const planned = await upload(amendment.objectId, { files: [{ fileName: 'terms.pdf', size: PDF.length }] });
    const form = planned.forms[0]!;
    const posted = await post(form, PDF);
    const registered = await upload(amendment.objectId, { uploaded: [{ fileName: 'terms.pdf', key: form.key }] });
    // Assess
    expect(planned.refused).toEqual([]);
    expect(posted).toBeLessThan(300);
    expect(registered.documents).toEqual([
      { objectId: expect.any(Number), fileName: 'terms.pdf', fileRef: { objectId: expect.any(Number) }, uploadDate: expect.any(String), size: PDF.length, version: 1 },
    ]);
    const [doc] = await documents(amendment.objectId);
    expect(doc).toEqual(registered.documents[0]);
    const link = await ok<{ downloadInfo: { link: string } }>(editor.get('/api/file/Get', { fileId: doc!.fileRef.objectId, fileType: 'contractDocument' }));
    const download = await fetch(link.downloadInfo.link);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    expect(download.headers.get('content-disposition')).toContain('terms.pdf');
    // Act: delete
    await ok(editor.post(`${C}/DeleteDocuments`, [{ objectId: doc!.objectId }], { documentParentId: amendment.objectId }), 204);
    // Assess: gone, its file too; the change log has both events
    expect(await documents(amendment.objectId)).toEqual([]);
    expect((await editor.get('/api/file/Get', { fileId: doc!.fileRef.objectId, fileType: 'contractDocument' })).status).toBe(404);
    expect((await fetch(link.downloadInfo.link)).status).toBe(404);
    const log = await ok<{ entity: string; action: string }[]>(editor.get(`${C}/ChangeLogs`, { id: amendment.objectId }));
    expect(log.filter((e) => e.entity === 'file').map((e) => e.action).sort()).toEqual(['added', 'deleted']);
  });

  it('refuses other types, names chosen twice and files over the 30 MB total, with the spec text', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    // Act
    const planned = await upload(amendment.objectId, {
      files: [
        { fileName: 'a.pdf', size: 20 * 1024 * 1024 },
        { fileName: 'a.pdf', size: 10 },
        { fileName: 'setup.exe', size: 10 },
        { fileName: 'b.docx', size: 11 * 1024 * 1024 },
      ],
    });
    // Assess
    expect(planned.forms.map((f) => f.fileName)).toEqual(['a.pdf']);
    expect(planned.refused).toEqual([
      { fileName: 'setup.exe', reason: DOCUMENT_TEXTS.notAccepted },
      { fileName: 'b.docx', reason: 'Overall size of 30 MB exceeded. You can upload file not larger than 10 MB.' },
    ]);
  });

  it('refuses a file whose first bytes are not its type, a larger file than declared, and a key of another amendment; lists none', async () => {
    // Prepare
    const [amendment, other] = await Promise.all([newAmendment(editor), newAmendment(editor)]);
    const planned = await upload(amendment.objectId, { files: [{ fileName: 'fake.pdf', size: EXE.length }, { fileName: 'small.pdf', size: 10 }] });
    const elsewhere = await upload(other.objectId, { files: [{ fileName: 'x.pdf', size: PDF.length }] });
    // Act
    expect(await post(planned.forms[0]!, EXE)).toBeLessThan(300);
    // (S3 refuses a larger file by the form's size range; the emulator does not, so the registration checks it)
    await post(planned.forms[1]!, PDF);
    expect(await post(elsewhere.forms[0]!, PDF)).toBeLessThan(300);
    const registered = await upload(amendment.objectId, {
      uploaded: [
        { fileName: 'fake.pdf', key: planned.forms[0]!.key },
        { fileName: 'small.pdf', key: planned.forms[1]!.key },
        { fileName: 'x.pdf', key: elsewhere.forms[0]!.key },
      ],
    });
    // Assess
    expect(registered.documents).toEqual([]);
    expect(registered.refused).toEqual([
      { fileName: 'fake.pdf', reason: DOCUMENT_TEXTS.contentMismatch },
      { fileName: 'small.pdf', reason: DOCUMENT_TEXTS.sizeChanged },
      { fileName: 'x.pdf', reason: DOCUMENT_TEXTS.notUploaded },
    ]);
    expect(await documents(amendment.objectId)).toEqual([]);
  });

  it('lets agents list documents but not upload, download or delete them', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const planned = await upload(amendment.objectId, { files: [{ fileName: 'terms.pdf', size: PDF.length }] });
    await post(planned.forms[0]!, PDF);
    const [doc] = (await upload(amendment.objectId, { uploaded: [{ fileName: 'terms.pdf', key: planned.forms[0]!.key }] })).documents;
    // Act
    const listed = await ok<DocumentRecord[]>(agent.get(`${C}/GetDocuments`, { documentParentId: amendment.objectId }));
    const statuses = [
      (await agent.post(`${C}/Upload`, { files: [{ fileName: 'a.pdf', size: 10 }] }, { documentParentId: amendment.objectId })).status,
      (await agent.get('/api/file/Get', { fileId: doc!.fileRef.objectId, fileType: 'contractDocument' })).status,
      (await agent.post('/api/file/Delete', { fileId: doc!.fileRef.objectId, fileType: 'contractDocument' })).status,
      (await agent.post(`${C}/DeleteDocuments`, [{ objectId: doc!.objectId }], { documentParentId: amendment.objectId })).status,
    ];
    // Assess
    expect(listed.map((d) => d.fileName)).toEqual(['terms.pdf']);
    expect(statuses).toEqual([403, 403, 403, 403]);
    // and file/Delete by an editor removes the document
    await ok(editor.post('/api/file/Delete', { fileId: doc!.fileRef.objectId, fileType: 'contractDocument' }), 204);
    expect(await documents(amendment.objectId)).toEqual([]);
  });
});
