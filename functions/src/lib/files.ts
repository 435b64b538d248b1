import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOCUMENT_INCOMING_PREFIX as INCOMING_PREFIX } from '@eb/shared/constants';
import { HEAD_BYTES, matchesDocumentType } from '@eb/shared/file/magic';
import { DOCUMENT_TYPES, extensionOf, type DocumentExtension, type FileType } from '@eb/shared/file/schemas';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, s3Client } from './aws';
import { config } from './config';
import { getItem, keys, nowEpoch, table, type TransactItem } from './db';
import { NotFoundError } from './errors';

/**
 * Files in S3 (ARCHITECTURE "Files"): presigned POST forms for the browser (a server-chosen key
 * under `incoming/`, a size range, a short expiry, recorded as issued to its user), the checks of what arrived (size and type by
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

/** How long after its form expires an upload may still be registered (a 30 MB file on a slow line). */
export const REGISTRATION_SECONDS = 3600;
/** The content type every form stores (a condition of its policy): links name the real one. */
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** The record of an issued form (docs/security.md "Registration"): who may register its key, until when, once. */
interface IssuedForm {
  key: string;
  bucket: string;
  userId: number;
  maxBytes: number;
  /** epoch seconds: registration refused after */
  expiresAt: number;
  /** epoch seconds, once registered */
  registeredAt?: number;
  ttl: number;
}
const formKey = (bucket: string, key: string) => ({ pk: `UPLOADFORM#${bucket}/${key}`, sk: 'UPLOADFORM' });

/**
 * A presigned POST form for one file of at most `maxBytes`, to a new key under `incoming/{scope}/`
 * (of the documents bucket unless told), recorded as issued to `userId`: only that user may
 * register the key, once, within REGISTRATION_SECONDS after the form expires.
 */
export async function uploadForm(scope: string, maxBytes: number, userId: number, bucket: string = config.documentsBucket): Promise<{ key: string; url: string; fields: Record<string, string> }> {
  // (the key ends with the size allowed, as the clients expect it; registration trusts the record, not the key)
  const key = `${INCOMING_PREFIX}${scope}/${randomUUID()}.${maxBytes}`;
  const form = await createPresignedPost(s3Client(), {
    Bucket: bucket,
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes]],
    // (each field is a condition of the policy too)
    Fields: { 'Content-Type': UPLOAD_CONTENT_TYPE },
    Expires: UPLOAD_FORM_SECONDS,
  });
  const expiresAt = nowEpoch() + UPLOAD_FORM_SECONDS + REGISTRATION_SECONDS;
  const issued: IssuedForm = { key, bucket, userId, maxBytes, expiresAt, ttl: expiresAt + 24 * 3600 };
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...formKey(bucket, key), ...issued } }));
  return { key, url: browserUrl(form.url, bucket), fields: form.fields };
}

/** The form issued to `userId` for `key` of `bucket`, not yet registered and not past its time; null otherwise. */
export async function issuedForm(bucket: string, key: string, userId: number): Promise<{ maxBytes: number } | null> {
  const form = await getItem<IssuedForm>(formKey(bucket, key));
  if (!form || form.userId !== userId || form.registeredAt !== undefined || form.expiresAt < nowEpoch()) return null;
  return { maxBytes: form.maxBytes };
}

/**
 * Mark the form of `key` registered, if it was issued to `userId`, is not registered and not past its
 * time (one conditional write: of two registrations of one form, one wins). False when it does not hold.
 */
export async function claimForm(bucket: string, key: string, userId: number): Promise<boolean> {
  const now = nowEpoch();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: formKey(bucket, key),
        UpdateExpression: 'SET registeredAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND userId = :user AND attribute_not_exists(registeredAt) AND expiresAt >= :now',
        ExpressionAttributeValues: { ':now': now, ':user': userId },
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** The size of the object at `key` (HEAD), or null when there is none. */
export async function storedSize(bucket: string, key: string): Promise<number | null> {
  try {
    return Number((await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0);
  } catch {
    return null;
  }
}

/** What arrived at `key`: its size and whether its first bytes match the extension; null when nothing did. */
export async function inspectUpload(key: string, fileName: string): Promise<{ size: number; typeMatches: boolean } | null> {
  const bucket = config.documentsBucket;
  const size = await storedSize(bucket, key);
  if (size === null) return null;
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
