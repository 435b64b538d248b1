import type { FileType } from '@eb/shared/file/schemas';
import { accountChildren } from '../account/service';
import { contractDocuments } from '../amendment/service';
import type { Documents } from '../lib/documents';
import { actorOf } from '../lib/entity';
import { NotFoundError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';

/** The documents of each file type. */
const DOCUMENTS: Partial<Record<FileType, Documents>> = { contractDocument: contractDocuments, accountDocument: accountChildren.documents };
const documentsOf = (fileType: FileType): Documents => {
  const documents = DOCUMENTS[fileType];
  if (!documents) throw new NotFoundError();
  return documents;
};

/** The file Lambda (spec 2 "File resource"): a short-lived download link of a document's file, and its deletion. */
export const handler = resourceHandler('file', {
  /** GET file/Get?fileId&fileType -> { downloadInfo: { link } }: a presigned GET of about a minute */
  'GET get': async ({ query }: ActionContext<{ fileId: number; fileType: FileType }>) => ({
    downloadInfo: { link: await documentsOf(query.fileType).link(query.fileId) },
  }),
  /** POST file/Delete, body { fileId, fileType } -> 204: the document of the file, its record and its file */
  'POST delete': async ({ body, user }: ActionContext<unknown, { fileId: number; fileType: FileType }>) => {
    await documentsOf(body.fileType).removeFile(body.fileId, actorOf(user!));
  },
});
