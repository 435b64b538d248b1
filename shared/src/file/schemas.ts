import { z } from 'zod';
import { FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_MB } from '../constants';
import { MSG, documentsOverLimitMessage } from '../messages';

/**
 * Documents and the file resource (spec 2 "Documents popup", "Document", section 5 "Documents",
 * "File resource"; ARCHITECTURE "Files"). A document is a file attached to an amendment (or an
 * account): the browser posts it straight to S3 with a presigned form the Upload call issues, then
 * the Upload call registers it once the server has checked its size and its type by its first
 * bytes. file/Get answers a short-lived presigned link to download it.
 */

/** The accepted document types: extension -> what a download says it is. */
export const DOCUMENT_TYPES = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  pdf: 'application/pdf',
  csv: 'text/csv',
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
/** The file chooser's accept list ('.doc,.docx,.odt,.pdf,.csv'). */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES).map((e) => `.${e}`).join(',');
/** At most this many files in one Upload call. */
export const DOCUMENTS_PER_UPLOAD_MAX = 20;
export const DOCUMENT_NAME_MAX_LENGTH = 255;

/** The kinds of file the file resource serves (spec 2: contract documents and account documents). */
export const FILE_TYPES = ['contractDocument', 'accountDocument'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const extensionOf = (fileName: string): string => (/\.([^./\\]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();
export const isDocumentName = (fileName: string): boolean => extensionOf(fileName) in DOCUMENT_TYPES;

/** Bytes as the popup shows them: megabytes with two decimals ('Mb'). */
export const megabytes = (bytes: number): number => Math.floor((bytes / (1024 * 1024)) * 100) / 100;

/** Why a chosen file is not uploaded (chosen texts, except the spec's over-limit text). */
export const DOCUMENT_TEXTS = {
  notAccepted: 'This type of file is not accepted: choose a doc, docx, odt, pdf or csv file.',
  empty: 'The file is empty.',
  contentMismatch: 'The file content does not match its type.',
  notUploaded: 'The file did not reach the server: upload it again.',
  sizeChanged: 'The file is larger than when it was chosen: choose it again.',
} as const;

export interface ChosenFile {
  fileName: string;
  size: number;
}
export interface DocumentPlan<F extends ChosenFile> {
  /** to upload, in the order chosen */
  accepted: F[];
  /** not uploaded, with the reason */
  refused: { file: F; reason: string }[];
}

/**
 * Which chosen files go up (spec 2 section 5 "Documents"): a name already chosen in the selection is
 * ignored; a type other than doc, docx, odt, pdf, csv is refused; a file larger than what remains of
 * the 30 MB total (after the record's documents and the files accepted before it) is refused with
 * 'Overall size of 30 MB exceeded. You can upload file not larger than {remaining} MB.'.
 */
export function planDocumentUpload<F extends ChosenFile>(storedBytes: number, files: readonly F[]): DocumentPlan<F> {
  const seen = new Set<string>();
  const plan: DocumentPlan<F> = { accepted: [], refused: [] };
  let used = storedBytes;
  for (const file of files) {
    if (seen.has(file.fileName)) continue;
    seen.add(file.fileName);
    const remaining = Math.max(0, FILE_SIZE_LIMIT_BYTES - used);
    if (!isDocumentName(file.fileName)) plan.refused.push({ file, reason: DOCUMENT_TEXTS.notAccepted });
    else if (file.size <= 0) plan.refused.push({ file, reason: DOCUMENT_TEXTS.empty });
    else if (file.size > remaining) plan.refused.push({ file, reason: documentsOverLimitMessage(FILE_SIZE_LIMIT_MB, megabytes(remaining)) });
    else {
      plan.accepted.push(file);
      used += file.size;
    }
  }
  return plan;
}

/** A document as its list answers it. */
export interface DocumentRecord {
  objectId: number;
  fileName: string;
  fileRef: { objectId: number };
  uploadDate: string;
  size: number;
  version: number;
}

const fileNameSchema = z.string({ error: MSG.invalidInput }).trim().min(1, MSG.invalidInput).max(DOCUMENT_NAME_MAX_LENGTH, MSG.invalidInput);
const positiveId = z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput);

/** Upload?documentParentId, GetDocuments?documentParentId, DeleteDocuments?documentParentId. */
export const documentParentQuerySchema = z.object({ documentParentId: positiveId });

/**
 * Upload, body either { files: [{ fileName, size }] } (the chosen files: answers the presigned forms
 * of those that may go up and the refused ones), or { uploaded: [{ fileName, key }] } (the files
 * posted to S3: answers the registered documents and the refused ones).
 */
export const documentUploadBodySchema = z.union([
  z.object({
    files: z
      .array(z.object({ fileName: fileNameSchema, size: z.number({ error: MSG.invalidInput }).int().min(0).max(FILE_SIZE_LIMIT_BYTES * 2) }))
      .min(1, MSG.invalidInput)
      .max(DOCUMENTS_PER_UPLOAD_MAX, MSG.invalidInput),
  }),
  z.object({
    uploaded: z
      .array(z.object({ fileName: fileNameSchema, key: z.string().min(1).max(512) }))
      .min(1, MSG.invalidInput)
      .max(DOCUMENTS_PER_UPLOAD_MAX, MSG.invalidInput),
  }),
]);
export type DocumentUploadBody = z.infer<typeof documentUploadBodySchema>;

/** A presigned form for one file: POST `fields` and then the file (as 'file') to `url`. */
export interface DocumentUploadForm {
  fileName: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}
export interface DocumentUploadAnswer {
  forms: DocumentUploadForm[];
  documents: DocumentRecord[];
  refused: { fileName: string; reason: string }[];
}

/** DeleteDocuments: [{ objectId, version? }] of the record's documents. */
export const documentDeleteBodySchema = z
  .array(z.object({ objectId: positiveId, version: z.number().int().positive().optional() }), { error: MSG.invalidInput })
  .min(1, MSG.invalidInput)
  .max(DOCUMENTS_PER_UPLOAD_MAX * 5, MSG.invalidInput);

/** file/Get?fileId&fileType, file/Delete { fileId, fileType }. */
export const fileQuerySchema = z.object({ fileId: positiveId, fileType: z.enum(FILE_TYPES, { error: MSG.invalidInput }) });
export const fileDeleteBodySchema = z.object({ fileId: z.number().int().positive(), fileType: z.enum(FILE_TYPES, { error: MSG.invalidInput }) });
export interface FileDownload {
  downloadInfo: { link: string };
}

/** A document's stored fields (a child record of its amendment or account). */
export const documentShape = () => ({
  fileName: z.string().trim().min(1, MSG.required).max(DOCUMENT_NAME_MAX_LENGTH, MSG.invalidInput),
  fileId: z.number().int().positive(),
  uploadDate: z.string(),
  size: z.number().int().min(0),
});
