import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOCUMENT_INCOMING_PREFIX as INCOMING_PREFIX } from '@eb/shared/constants';
import { HEAD_BYTES, matchesDocumentType } from '@eb/shared/file/magic';
import { DOCUMENT_TYPES, extensionOf, type DocumentExtension, type FileType } from '@eb/shared/file/schemas';
import { s3Client } from './aws';
import { config } from './config';
import { getItem, keys, table, type TransactItem } from './db';
import { NotFoundError } from './errors';

/**
 * Files in S3 (ARCHITECTURE "Files"): presigned POST forms for the browser (a server-chosen key
 * under `incoming/`, a size range, a short expiry), the checks of what arrived (size and type by
 * its first bytes) before it is moved to its place, the FILE#id record naming it, and short-lived
 * presigned GET links. Locally, forms and links name the gateway's same-origin S3 proxy.
 */
export const UPLOAD_FORM_SECONDS = 300;
export const DOWNLOAD_LINK_SECONDS = 60;
export { INCOMING_PREFIX };

export interface FileRecord {
  fileId: number;
  fileType: FileType;
  bucket: string;
  key: string;
  fileName: string;
  size: number;
  /** the record the file belongs to (an amendment's or an account's objectId) */
  parentId: number;
  /** the document naming it */
  documentId: number;
}

const browserUrl = (url: string, bucket: string): string => {
  const endpoint = config.s3BrowserEndpoint;
  if (!endpoint) return url;
  const u = new URL(url);
  // path-style locally: /{bucket}/{key}?...
  return `${endpoint}${u.pathname.startsWith(`/${bucket}`) ? u.pathname : `/${bucket}${u.pathname}`}${u.search}`;
};

/** A presigned POST form for one file of at most `maxBytes`, to a new key under `incoming/{scope}/` (of the documents bucket unless told). */
export async function uploadForm(scope: string, maxBytes: number, bucket: string = config.documentsBucket): Promise<{ key: string; url: string; fields: Record<string, string> }> {
  // the key carries the size allowed: S3 enforces it with the form's condition, the registration checks it again
  const key = `${INCOMING_PREFIX}${scope}/${randomUUID()}.${maxBytes}`;
  const form = await createPresignedPost(s3Client(), {
    Bucket: bucket,
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes]],
    Expires: UPLOAD_FORM_SECONDS,
  });
  return { key, url: browserUrl(form.url, bucket), fields: form.fields };
}

/** The size a form allowed at `key` (uploadForm). */
export const allowedSizeOf = (key: string): number => Number(/\.(\d+)$/.exec(key)?.[1] ?? 0);

/** What arrived at `key`: its size and whether its first bytes match the extension; null when nothing did. */
export async function inspectUpload(key: string, fileName: string): Promise<{ size: number; typeMatches: boolean } | null> {
  const bucket = config.documentsBucket;
  let size: number;
  try {
    size = Number((await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0);
  } catch {
    return null;
  }
  if (size === 0) return { size, typeMatches: false };
  const got = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${HEAD_BYTES - 1}` }));
  const head = new Uint8Array(await got.Body!.transformToByteArray()).subarray(0, HEAD_BYTES);
  const extension = extensionOf(fileName);
  const typeMatches = extension in DOCUMENT_TYPES && matchesDocumentType(extension as DocumentExtension, head, size <= HEAD_BYTES);
  return { size, typeMatches };
}

/** Move an inspected upload to its place (`{fileType}/{parentId}/{fileId}`). */
export async function placeUpload(key: string, fileType: FileType, parentId: number, fileId: number): Promise<string> {
  const bucket = config.documentsBucket;
  const target = `${fileType}/${parentId}/${fileId}`;
  await s3Client().send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${key}` }));
  await discardObject(key);
  return target;
}

/** Remove an object (an upload that was refused, a deleted document's file). */
export async function discardObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config.documentsBucket, Key: key })).catch(() => undefined);
}

/** The transaction action writing a file's record (FILE#id). */
export const filePut = (file: FileRecord): TransactItem => ({
  Put: { TableName: table(), Item: { ...keys.file(file.fileId), ...file }, ConditionExpression: 'attribute_not_exists(pk)' },
});
export const fileDelete = (fileId: number): TransactItem => ({ Delete: { TableName: table(), Key: keys.file(fileId) } });

/** A file's record, if it is of `fileType` (404 otherwise). */
export async function requireFile(fileId: number, fileType: FileType): Promise<FileRecord> {
  const item = await getItem<FileRecord>(keys.file(fileId));
  if (!item || item.fileType !== fileType) throw new NotFoundError();
  return item;
}

/** A short-lived presigned GET downloading an object under a file name (as the browser reaches S3). */
export async function presignedDownload(options: { bucket: string; key: string; fileName: string; contentType: string; seconds: number }): Promise<string> {
  const url = await getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: options.bucket,
      Key: options.key,
      ResponseContentDisposition: `attachment; filename="${options.fileName.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
      ResponseContentType: options.contentType,
    }),
    { expiresIn: options.seconds },
  );
  return browserUrl(url, options.bucket);
}

/** A short-lived link downloading the file under its own name. */
export function downloadLink(file: FileRecord): Promise<string> {
  const extension = extensionOf(file.fileName) as DocumentExtension;
  return presignedDownload({
    bucket: file.bucket,
    key: file.key,
    fileName: file.fileName,
    contentType: DOCUMENT_TYPES[extension] ?? 'application/octet-stream',
    seconds: DOWNLOAD_LINK_SECONDS,
  });
}
