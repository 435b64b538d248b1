import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { accountCreateBodySchema } from '@eb/shared/account/schemas';
import { amendmentCreateBodySchema } from '@eb/shared/contract/schemas';
import type { RowType } from '@eb/shared/upload/columns';
import type { ExceptionType, UploadException } from '@eb/shared/upload/exceptions';
import { withVolumeAt } from '@eb/shared/account/volume';
import { ACCOUNT_ADDRESSES } from '@eb/shared/account/children';
import { MSG } from '@eb/shared/messages';
import { participantFromContact } from '@eb/shared/record-children';
import { accountAddresses, accountChildren } from '../account/children';
import { accountDef, createAccount, getAccount, updateAccount } from '../account/repository';
import { contractCrms, contractParticipants } from '../contract/children';
import { contactReferenceData } from '../primarycontact/repository';
import { agents } from '../agent/repository';
import { businessEntities } from '../businessentity/repository';
import { amendments, createAmendment } from '../contract/repository';
import { createJob, type JobRecord } from '../job/repository';
import { registerJobType } from '../job/registry';
import { s3Client } from '../lib/aws';
import type { Actor } from '../lib/change-log';
import { config } from '../lib/config';
import { getItem, table, transact, type TransactItem } from '../lib/db';
import { requireEntity } from '../lib/entity';
import { AppError, ConflictError } from '../lib/errors';
import { feedAttributes, nextSeq } from '../lib/feed';
import { masterContracts } from '../mastercontract/repository';
import { territories } from '../reference/repository';
import { UPLOAD_ROW_TYPE, uploadRows } from './rows';

/**
 * Save and Save All of uploaded rows (spec 3 section 4; issue 10): a job that imports validated rows
 * a hundred at a time through the same versioned write path as the forms, each change's log naming
 * the batch ('Upload batch 12'). Exactly once: the row's move to 'imported' is a conditional update
 * (it must still be 'validated') in the same transaction as the record's write, so a chunk run
 * again after a crash or a redelivered message finds its rows imported and writes nothing twice. A
 * row the write path refuses at import (its amendment number taken meanwhile, an overlapping
 * account) goes back to 'withExceptions' with the reason.
 */
export const UPLOAD_IMPORT_JOB = 'uploadImport';
/** Fault injection for the crash tests: called before and after each row's write (a throw is a worker killed there). */
export const importFaults: { at: ((when: 'before' | 'after', rowId: number) => void) | null } = { at: null };
const CHUNK = 100;
const idsKey = (jobId: string) => `jobs/upload-import/${jobId}/ids.json`;
const rowKey = (id: number) => ({ pk: `UPLOADROW#${id}`, sk: 'UPLOADROW' });

interface Params {
  uploadType: RowType;
  /** the rows chosen (Save), else every validated row of the type (and batch: Save All) */
  ids?: number[];
  batchId?: number;
}

interface StoredRow {
  objectId: number;
  uploadType: RowType;
  uploadBatchId: number;
  rowNumber: number;
  rowState: string;
  data: string;
  exceptions: string;
  version: number;
}

/** The conditional move of a row to 'imported', for the record's own transaction. */
function importedUpdate(row: StoredRow, seq: number): TransactItem {
  const feed = feedAttributes(UPLOAD_ROW_TYPE, row.objectId, seq);
  return {
    Update: {
      TableName: table(),
      Key: rowKey(row.objectId),
      UpdateExpression: 'SET rowState = :imported, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one',
      ConditionExpression: 'rowState = :validated',
      ExpressionAttributeValues: { ':imported': 'imported', ':validated': 'validated', ':seq': feed.seq, ':fpk': feed.feedpk, ':et': feed.etype, ':one': 1 },
    },
  };
}

/** A row the write path refused at import: back to 'withExceptions' with the reason. */
async function refuse(row: StoredRow, seq: number, type: ExceptionType, header: string, value: unknown) {
  const exceptions: UploadException[] = [...(JSON.parse(row.exceptions) as UploadException[]), { uiHeader: header, oldValue: value === null || value === undefined ? null : String(value), newValue: value === null || value === undefined ? null : String(value), type, fixUser: null }];
  const feed = feedAttributes(UPLOAD_ROW_TYPE, row.objectId, seq);
  await transact([
    {
      Update: {
        TableName: table(),
        Key: rowKey(row.objectId),
        UpdateExpression: 'SET rowState = :w, #exceptions = :e, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one',
        ConditionExpression: 'rowState = :validated',
        // 'exceptions' is a DynamoDB reserved word
        ExpressionAttributeNames: { '#exceptions': 'exceptions' },
        ExpressionAttributeValues: { ':w': 'withExceptions', ':e': JSON.stringify(exceptions), ':validated': 'validated', ':seq': feed.seq, ':fpk': feed.feedpk, ':et': feed.etype, ':one': 1 },
      },
    },
  ]).catch((e) => {
    if (!(e instanceof ConflictError)) throw e;
  });
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The amendment of a contract id and amendment number (undefined when there is none). */
async function amendmentOf(contractId: number, amendmentNumber: number): Promise<number | undefined> {
  const [master] = await masterContracts().all({ filter: (m) => m.contractId === contractId }, 1);
  if (!master) return undefined;
  const [a] = await amendments().all({ filter: (r) => r.masterContractRef === master.objectId && r.amendmentNumber === amendmentNumber }, 1);
  return a?.objectId;
}

/** Lookups shared by a chunk's rows (an amendment, the territories, an agent): read once a chunk. */
type Memo = Map<string, Promise<unknown>>;
const memoized = <T>(memo: Memo, key: string, read: () => Promise<T>): Promise<T> => {
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as Promise<T>;
};

/** Writes one row's record, moving the row to 'imported' in the same transaction. */
async function importRow(type: RowType, row: StoredRow, data: Record<string, unknown>, actor: Actor, seq: number, memo: Memo = new Map()): Promise<void> {
  const amendmentOfRow = () => memoized(memo, `a#${num(data.contractId)}#${num(data.amendmentNumber)}`, () => amendmentOf(num(data.contractId)!, num(data.amendmentNumber)!));
  const source = `Upload batch ${row.uploadBatchId}`;
  const extra = [importedUpdate(row, seq)];
  switch (type) {
    case 'Amendments': {
      const [master] = await masterContracts().all({ filter: (m) => m.contractId === num(data.contractId) }, 1);
      const be = num(data.businessEntityId) === null ? null : (await businessEntities().all({ filter: (b) => b.businessEntityId === num(data.businessEntityId) }, 1))[0];
      const input = amendmentCreateBodySchema.parse({
        ...data,
        masterContract: { objectId: master!.objectId },
        businessEntity: be ? { objectId: be.objectId } : null,
        primaryContact: num(data.primaryContactId) === null ? null : { objectId: num(data.primaryContactId) },
      });
      await createAmendment(input, actor, { source, extra });
      return;
    }
    case 'Accounts': {
      const amendmentId = await amendmentOfRow();
      const all = await memoized(memo, 'territories', () => territories().all({}, 10_000));
      const territory = all.find((t) => t.code.toLowerCase() === String(data.territory).toLowerCase());
      const agentCode = typeof data.agent === 'string' && data.agent ? data.agent.toLowerCase() : null;
      const agent = agentCode ? (await memoized(memo, `ag#${agentCode}`, () => agents().all({ filter: (a) => String(a.code).toLowerCase() === agentCode }, 1)))[0] : undefined;
      const input = accountCreateBodySchema.parse({ ...data, contract: { objectId: amendmentId }, territory: { objectId: territory?.objectId }, agent: agent ? { objectId: agent.objectId } : null });
      await createAccount(input as never, actor, { source, extra });
      return;
    }
    case 'Volumes': {
      const account = await getAccount(num(data.accountId)!);
      const volume = withVolumeAt(account.accountVolume, num(data.year)!, num(data.month)!, num(data.volume));
      const current = await requireEntity(accountDef, account.objectId);
      await updateAccount(account.objectId, { ...(account as unknown as Record<string, unknown>), accountVolume: volume, version: current.version } as never, actor, { source, extra });
      return;
    }
    case 'AmendmentParticipants':
    case 'AccountParticipants': {
      const contactId = num(data.contactId);
      if (contactId === null) throw new AppError(400, MSG.required, { contactId: MSG.required });
      const composed = participantFromContact(await contactReferenceData(contactId), {});
      const kind = type === 'AmendmentParticipants' ? contractParticipants : accountChildren.participants;
      const fields = kind.def.kind.fieldsSchema.parse({ ...composed, ...(data.role ? { role: data.role } : {}), ...(data.identifier ? { identifier: data.identifier } : {}) });
      const parentId = type === 'AmendmentParticipants' ? await amendmentOfRow() : num(data.accountId)!;
      await kind.add(parentId!, fields as never, actor, { source, extra });
      return;
    }
    case 'AmendmentCRM':
    case 'AccountCRM': {
      const kind = type === 'AmendmentCRM' ? contractCrms : accountChildren.crms;
      const fields = kind.def.kind.fieldsSchema.parse({ crmType: data.crmType, comment: data.comment, date: data.date, isResolved: data.isResolved ?? false });
      const parentId = type === 'AmendmentCRM' ? await amendmentOfRow() : num(data.accountId)!;
      await kind.add(parentId!, fields as never, actor, { source, extra });
      return;
    }
    case 'AccountAddresses': {
      const { accountId: _id, ...fields } = data;
      await accountAddresses.add(num(data.accountId)!, ACCOUNT_ADDRESSES.fieldsSchema.parse(fields) as never, actor, { source, extra });
      return;
    }
    case 'PriceReport': {
      // the account's pricing block takes the report's prices (the effective date stays in the row and the log's source)
      const account = await getAccount(num(data.accountId)!);
      const prices = Object.fromEntries(['contractRate', 'indexAdder', 'priceAdder', 'fixedChargeAmount', 'totalPassthroughs', 'autoRenewalRate'].filter((f) => data[f] !== null && data[f] !== undefined).map((f) => [f, data[f]]));
      const current = await requireEntity(accountDef, account.objectId);
      await updateAccount(account.objectId, { ...(account as unknown as Record<string, unknown>), ...prices, version: current.version } as never, actor, { source, extra });
      return;
    }
  }
}

registerJobType(UPLOAD_IMPORT_JOB, {
  async plan(job: JobRecord) {
    const p = job.params as unknown as Params;
    const chosen = p.ids ? new Set(p.ids) : null;
    const ids = await uploadRows().idsOf({
      filter: (r) => r.uploadType === p.uploadType && r.rowState === 'validated' && (chosen ? chosen.has(r.objectId) : p.batchId === undefined || r.uploadBatchId === p.batchId),
      orderBy: 'objectId Ascending',
    });
    await s3Client().send(new PutObjectCommand({ Bucket: config.exportsBucket, Key: idsKey(job.jobId), Body: JSON.stringify(ids), ContentType: 'application/json' }));
    return Math.max(1, Math.ceil(ids.length / CHUNK));
  },
  async runChunk(job: JobRecord, index: number) {
    const p = job.params as unknown as Params;
    const got = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: idsKey(job.jobId) }));
    const ids = (JSON.parse(await got.Body!.transformToString()) as number[]).slice(index * CHUNK, (index + 1) * CHUNK);
    if (!ids.length) return {};
    await importIds(p.uploadType, ids, { objectId: job.createdBy ?? 0, name: String(job.params.userName ?? 'Uploader') });
    return {};
  },
});

/**
 * Imports these validated rows, each exactly once (the rows already imported or removed are passed
 * over); answers the row numbers imported and those refused at import. A record changed under a
 * row's write, or a simulated crash, throws: the caller's job runs again.
 */
export async function importIds(type: RowType, ids: readonly number[], actor: Actor): Promise<{ imported: number[]; refused: number[] }> {
  const out = { imported: [] as number[], refused: [] as number[] };
  let seq = await nextSeq(UPLOAD_ROW_TYPE, ids.length);
  const memo: Memo = new Map();
  for (const id of ids) {
    const row = await getItem<StoredRow>(rowKey(id));
    const rowSeq = seq++;
    if (!row || row.rowState !== 'validated') continue; // imported by an earlier run, or removed
    const data = JSON.parse(row.data) as Record<string, unknown>;
    importFaults.at?.('before', id);
    try {
      await importRow(type, row, data, actor, rowSeq, memo);
      importFaults.at?.('after', id);
      out.imported.push(row.rowNumber);
    } catch (e) {
      if (e instanceof SimulatedCrash) throw e;
      if (e instanceof ConflictError) {
        // the row moved on meanwhile (imported by a run before): done
        if ((await getItem<StoredRow>(rowKey(id)))?.rowState !== 'validated') continue;
        // a record that must be unique exists already (a participant added twice): the row's exception
        if (e.message !== MSG.staleVersion) {
          await refuse(row, rowSeq, 'duplicateRecord', 'Row', null);
          out.refused.push(row.rowNumber);
          continue;
        }
        // a record changed under us: run again
        throw e;
      }
      if (e instanceof AppError && e.status < 500) {
        const field = Object.keys(e.fieldErrors ?? {})[0] ?? '';
        const reason: ExceptionType = /Overlapping/.test(e.message) || /Overlapping/.test(JSON.stringify(e.fieldErrors ?? {})) ? 'overlappedAccounts' : /exists|already/.test(e.message) ? 'duplicateRecord' : 'genericError';
        await refuse(row, rowSeq, reason, field || 'Row', field ? data[field] : null);
        out.refused.push(row.rowNumber);
        continue;
      }
      throw e;
    }
  }
  return out;
}

/** What a fault injection throws (never caught as a row's refusal). */
export class SimulatedCrash extends Error {}

/** Save (selected rows) or Save All (a type's validated rows, of a batch or all): the import job. */
export const startImport = (params: Params & { userName: string }, userId: number) =>
  createJob({ jobType: UPLOAD_IMPORT_JOB, name: `Save ${params.uploadType}`, createdBy: userId, params: params as unknown as Record<string, unknown> });
