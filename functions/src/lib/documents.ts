import { FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_MB } from '@eb/shared/constants';
import type { AnyChildKind, ChildDeleteBody } from '@eb/shared/child-records';
import { DOCUMENT_TEXTS, megabytes, planDocumentUpload, type DocumentRecord, type DocumentUploadAnswer, type DocumentUploadBody, type FileType } from '@eb/shared/file/schemas';
import { documentsOverLimitMessage } from '@eb/shared/messages';
import { toTransferDate } from '@eb/shared/formats';
import type { Actor } from './change-log';
import type { ChildRecords } from './child-records';
import { nextId, transact } from './db';
import { NotFoundError } from './errors';
import { config } from './config';
import { INCOMING_PREFIX, claimForm, discardObject, downloadLink, fileDelete, filePut, inspectUpload, issuedForm, placeUpload, requireFile, uploadForm } from './files';

/**
 * The documents of a parent (an amendment, an account): spec 2 "Documents popup", section 5
 * "Documents", ARCHITECTURE "Files". Declared once per parent with its child kind of documents and
 * its file type; Upload, GetDocuments, DeleteDocuments and the file resource follow.
 *
 * Upload is two calls: with the chosen `files` it answers a presigned POST form for each one that
 * may go up (type, 30 MB total, names once; planDocumentUpload) and the refused ones; with the
 * `uploaded` keys it checks each arrival (its form was issued to this user for this parent and not
 * registered yet, it is there, its stored size fits the form and the total, its first bytes match
 * its type), claims the form (once), moves it to its place and registers the document and its file record in one transaction with the 'added' event.
 */
type DocumentFields = { fileName: string; fileId: number; uploadDate: string; size: number };

export function documentsOf<K extends AnyChildKind>(options: { records: ChildRecords<K>; fileType: FileType }) {
  const { records, fileType } = options;
  const scope = (parentId: number) => `${fileType}/${parentId}`;
  const toDocument = (r: DocumentFields & { objectId: number; version: number }): DocumentRecord => ({
    objectId: r.objectId,
    fileName: r.fileName,
    fileRef: { objectId: r.fileId },
    uploadDate: r.uploadDate,
    size: r.size,
    version: r.version,
  });
  const stored = async (parentId: number) => (await records.all(parentId)) as unknown as (DocumentFields & { objectId: number; version: number })[];
  const storedBytes = (docs: readonly DocumentFields[]) => docs.reduce((sum, d) => sum + Number(d.size ?? 0), 0);

  async function register(parentId: number, uploaded: { fileName: string; key: string }[], actor: Actor): Promise<DocumentUploadAnswer> {
    const answer: DocumentUploadAnswer = { forms: [], documents: [], refused: [] };
    let used = storedBytes(await stored(parentId));
    const seen = new Set<string>();
    for (const { fileName, key } of uploaded) {
      // only a key this user was given a form for, under this parent, not registered yet
      const form = key.startsWith(`${INCOMING_PREFIX}${scope(parentId)}/`) && !seen.has(key) ? await issuedForm(config.documentsBucket, key, actor.objectId) : null;
      if (!form) {
        answer.refused.push({ fileName, reason: DOCUMENT_TEXTS.notUploaded });
        continue;
      }
      seen.add(key);
      // the size is the stored object's (HEAD), checked against what the form allowed
      const arrived = await inspectUpload(key, fileName);
      const remaining = FILE_SIZE_LIMIT_BYTES - used;
      let reason: string | null = null;
      if (!arrived) reason = DOCUMENT_TEXTS.notUploaded;
      else if (arrived.size === 0) reason = DOCUMENT_TEXTS.empty;
      else if (arrived.size > form.maxBytes) reason = DOCUMENT_TEXTS.sizeChanged;
      else if (arrived.size > remaining) reason = documentsOverLimitMessage(FILE_SIZE_LIMIT_MB, megabytes(Math.max(0, remaining)));
      else if (!arrived.typeMatches) reason = DOCUMENT_TEXTS.contentMismatch;
      if (reason || !arrived) {
        answer.refused.push({ fileName, reason: reason ?? DOCUMENT_TEXTS.notUploaded });
        if (arrived) await discardObject(key);
        continue;
      }
      // one registration per form, whatever runs beside this one
      if (!(await claimForm(config.documentsBucket, key, actor.objectId))) {
        answer.refused.push({ fileName, reason: DOCUMENT_TEXTS.notUploaded });
        continue;
      }
      const [documentId, fileId] = [await records.nextId(), await nextId('file')];
      const placed = await placeUpload(key, fileType, parentId, fileId);
      const fields: DocumentFields = { fileName, fileId, uploadDate: toTransferDate(new Date()), size: arrived.size };
      const write = await records.puts(parentId, documentId, fields as never, actor);
      await transact([
        ...write.actions,
        filePut({ fileId, fileType, bucket: config.documentsBucket, key: placed, fileName, size: arrived.size, parentId, documentId }),
      ]);
      used += arrived.size;
      answer.documents.push(toDocument({ ...fields, objectId: documentId, version: 1 }));
    }
    return answer;
  }

  return {
    fileType,
    /** Upload?documentParentId: the forms of the chosen files, or the registration of the uploaded ones. */
    async upload(parentId: number, body: DocumentUploadBody, actor: Actor): Promise<DocumentUploadAnswer> {
      await records.def.parent.require(parentId);
      if ('uploaded' in body) return register(parentId, body.uploaded, actor);
      const plan = planDocumentUpload(storedBytes(await stored(parentId)), body.files);
      const forms = await Promise.all(plan.accepted.map(async (f) => ({ fileName: f.fileName, ...(await uploadForm(scope(parentId), f.size, actor.objectId)) })));
      return { forms, documents: [], refused: plan.refused.map((r) => ({ fileName: r.file.fileName, reason: r.reason })) };
    },
    /** GetDocuments?documentParentId: the parent's documents, newest first. */
    async list(parentId: number): Promise<DocumentRecord[]> {
      await records.def.parent.require(parentId);
      return (await stored(parentId)).map(toDocument);
    },
    /** DeleteDocuments?documentParentId: the parent's listed documents, their file records and files. */
    async remove(parentId: number, refs: ChildDeleteBody, actor: Actor): Promise<void> {
      const docs = new Map((await stored(parentId)).map((d) => [d.objectId, d]));
      if (refs.some((r) => !docs.has(r.objectId))) throw new NotFoundError();
      const files = await Promise.all(refs.map((r) => requireFile(docs.get(r.objectId)!.fileId, fileType)));
      await records.remove(refs, actor, files.map((f) => fileDelete(f.fileId)));
      await Promise.all(files.map((f) => discardObject(f.key)));
    },
    /** file/Get: a short-lived link to one of these files. */
    async link(fileId: number): Promise<string> {
      return downloadLink(await requireFile(fileId, fileType));
    },
    /** file/Delete: the document of a file. */
    async removeFile(fileId: number, actor: Actor): Promise<void> {
      const file = await requireFile(fileId, fileType);
      await this.remove(file.parentId, [{ objectId: file.documentId }], actor);
    },
  };
}
export type Documents = ReturnType<typeof documentsOf>;
