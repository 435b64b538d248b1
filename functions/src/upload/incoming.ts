import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { FILE_SIZE_LIMIT_BYTES } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { UPLOAD_TEXTS } from '@eb/shared/upload/schemas';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { BadRequestError } from '../lib/errors';
import { claimForm, issuedForm } from '../lib/files';
import { inspectXlsxObject } from '../lib/xlsx-guard';

/**
 * What a pipeline's Upload checks before it queues the parse (issue 10 "Speed and safety"): the
 * posted file arrived, is at most 30 MB, is an .xlsx workbook by its bytes and no zip bomb; a
 * refusal answers at once with its clear message.
 */
export async function checkIncoming(key: string): Promise<void> {
  let size: number;
  try {
    size = Number((await s3Client().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }))).ContentLength ?? 0);
  } catch {
    throw new BadRequestError(UPLOAD_TEXTS.notUploaded);
  }
  if (size > FILE_SIZE_LIMIT_BYTES) throw new BadRequestError(MSG.fileTooLarge);
  const refused = await inspectXlsxObject(config.uploadsBucket, key);
  if (refused) throw new BadRequestError(UPLOAD_TEXTS[refused]);
}

/**
 * A pipeline's registration of an upload (upload/Upload, update/Upload; docs/security.md
 * "Registration"): only a key of a form issued to this user, not registered yet; what arrived is
 * checked (checkIncoming: its stored size, its bytes), then the form is claimed, once.
 */
export async function registerUpload(key: string, userId: number): Promise<void> {
  if (!(await issuedForm(config.uploadsBucket, key, userId))) throw new BadRequestError(UPLOAD_TEXTS.notUploaded);
  await checkIncoming(key);
  if (!(await claimForm(config.uploadsBucket, key, userId))) throw new BadRequestError(UPLOAD_TEXTS.notUploaded);
}
