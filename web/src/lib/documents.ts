import type { QueryClient } from '@tanstack/react-query';
import { FILE_SIZE_LIMIT_BYTES } from '@eb/shared/constants';
import { planDocumentUpload, type DocumentRecord, type DocumentUploadAnswer, type FileType } from '@eb/shared/file/schemas';
import type { Resource, Route } from '@eb/shared/routes';
import { postForm } from './presigned-post';
import { request } from './api-client';
import { invalidateRoutes, type KeyPrefix } from './queries';

/**
 * The document calls of a parent resource (spec 2 "Documents popup"; server lib/documents.ts):
 * list, upload (plan, presigned forms, posts straight to S3 with progress, registration), delete
 * and the download link of the file resource.
 */
export interface DocumentCalls {
  /** The query of the parent's documents. */
  list: (parentId: number) => { queryKey: readonly unknown[]; queryFn: () => Promise<DocumentRecord[]> };
  upload: (parentId: number, files: readonly File[], stored: readonly DocumentRecord[], onProgress: (progress: UploadProgress) => void) => Promise<UploadResult>;
  remove: (parentId: number, doc: DocumentRecord) => Promise<void>;
  /** Opens the file's download in this window (a short-lived link). */
  download: (doc: DocumentRecord) => Promise<void>;
  /** What a change reloads (the list and the parent's change log). */
  invalidates: readonly KeyPrefix[];
}

export interface UploadProgress {
  fileName: string;
  /** 0..1 */
  done: number;
}
export interface UploadResult {
  uploaded: DocumentRecord[];
  refused: { fileName: string; reason: string }[];
}

/** The total size of the stored documents, and what remains of the limit (bytes). */
export const remainingBytes = (stored: readonly DocumentRecord[]): number => Math.max(0, FILE_SIZE_LIMIT_BYTES - stored.reduce((s, d) => s + d.size, 0));

export function documentCalls(resource: Resource, fileType: FileType, changeLog: KeyPrefix): DocumentCalls {
  const at = (method: Route['method'], res: Resource, action: string) => ({ method, resource: res, action });
  const invalidates: KeyPrefix[] = [[resource, 'GetDocuments'], changeLog];
  return {
    list: (parentId) => ({
      queryKey: [resource, 'GetDocuments', { query: { documentParentId: parentId } }],
      queryFn: () => request(at('GET', resource, 'GetDocuments'), { query: { documentParentId: parentId } }) as Promise<DocumentRecord[]>,
    }),
    async upload(parentId, files, stored, onProgress) {
      const query = { documentParentId: parentId };
      // the same plan as the server's: refused ones are reported without a call
      const local = planDocumentUpload(stored.reduce((s, d) => s + d.size, 0), files.map((file) => ({ fileName: file.name, size: file.size, file })));
      const refused = local.refused.map((r) => ({ fileName: r.file.fileName, reason: r.reason }));
      if (local.accepted.length === 0) return { uploaded: [], refused };
      const planned = (await request(at('POST', resource, 'Upload'), { query, body: { files: local.accepted.map((f) => ({ fileName: f.fileName, size: f.size })) } })) as DocumentUploadAnswer;
      refused.push(...planned.refused);
      const posted: { fileName: string; key: string }[] = [];
      for (const form of planned.forms) {
        const file = local.accepted.find((f) => f.fileName === form.fileName)!.file;
        onProgress({ fileName: form.fileName, done: 0 });
        // registered either way: a post that failed is refused there ('did not reach the server')
        await postForm(form, file, (done) => onProgress({ fileName: form.fileName, done }));
        posted.push({ fileName: form.fileName, key: form.key });
      }
      const registered = (await request(at('POST', resource, 'Upload'), { query, body: { uploaded: posted } })) as DocumentUploadAnswer;
      return { uploaded: registered.documents, refused: [...refused, ...registered.refused] };
    },
    async remove(parentId, doc) {
      await request(at('POST', resource, 'DeleteDocuments'), { query: { documentParentId: parentId }, body: [{ objectId: doc.objectId, version: doc.version }] });
    },
    async download(doc) {
      const answer = (await request(at('GET', 'file', 'Get'), { query: { fileId: doc.fileRef.objectId, fileType } })) as { downloadInfo: { link: string } };
      window.location.assign(answer.downloadInfo.link);
    },
    invalidates,
  };
}

export const reloadDocuments = (queryClient: QueryClient, calls: DocumentCalls) => invalidateRoutes(queryClient, calls.invalidates);
