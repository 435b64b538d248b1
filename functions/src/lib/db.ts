import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';
import { bulkScope, itemKey, takeAhead } from './bulk-scope';
import { config } from './config';
import { ConflictError } from './errors';
import { sendChecked, type OnConflict } from './group-commit';
import { noteDrawn } from './seq-clock';
import type { TransactItem } from './transact-item';

export type Item = Record<string, unknown>;
export type { TransactItem };

/** Key builders: one place for every key shape of the single table. */
export const keys = {
  user: (id: number) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  userEmail: (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'USEREMAIL' }),
  userSub: (sub: string) => ({ pk: `USERSUB#${sub}`, sk: 'USERSUB' }),
  revoked: (id: string) => ({ pk: `REVOKED#${id}`, sk: 'REVOKED' }),
  loginFailures: (email: string) => ({ pk: `LOGINFAIL#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  resetRequest: (email: string) => ({ pk: `RESETREQ#${email.toLowerCase()}`, sk: 'RESETREQ' }),
  resetUsed: (hash: string) => ({ pk: `RESETUSED#${hash}`, sk: 'RESETUSED' }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  reference: (itemType: string) => ({ pk: 'REFERENCE', sk: itemType }),
  territory: (id: number) => ({ pk: `TERRITORY#${id}`, sk: 'TERRITORY' }),
  agent: (id: number) => ({ pk: `AGENT#${id}`, sk: 'AGENT' }),
  job: (jobId: string) => ({ pk: `JOB#${jobId}`, sk: 'JOB' }),
  businessEntity: (id: number) => ({ pk: `BUSINESSENTITY#${id}`, sk: 'BUSINESSENTITY' }),
  /** uniqueness of a businessEntityId (holds the objectId that has it) */
  businessEntityNumber: (businessEntityId: number) => ({ pk: `BUSINESSENTITYID#${businessEntityId}`, sk: 'BUSINESSENTITYID' }),
  /** a primary contact; its addresses, phones and emails share its partition (one consistent Query lists them) */
  primaryContact: (id: number) => ({ pk: `PCONTACT#${id}`, sk: 'PCONTACT' }),
  primaryContactChild: (contactId: number, kind: 'ADDRESS' | 'PHONE' | 'EMAIL', id: number) => ({ pk: `PCONTACT#${contactId}`, sk: `${kind}#${id}` }),
  /** which contact a sub-record belongs to (written once, with the sub-record) */
  primaryContactChildParent: (kind: 'ADDRESS' | 'PHONE' | 'EMAIL', id: number) => ({ pk: `PC${kind}#${id}`, sk: 'PARENT' }),
  masterContract: (id: number) => ({ pk: `MASTERCONTRACT#${id}`, sk: 'MASTERCONTRACT' }),
  /** uniqueness of a contractId (holds the objectId of the master contract that has it) */
  contractNumber: (contractId: number) => ({ pk: `CONTRACTID#${contractId}`, sk: 'CONTRACTID' }),
  /** an amendment; its participants, CRM notes and documents will share its partition */
  contract: (id: number) => ({ pk: `CONTRACT#${id}`, sk: 'CONTRACT' }),
  file: (id: number) => ({ pk: `FILE#${id}`, sk: 'FILE' }),
  /** the last Save or Save All job of a pipeline's row type (its last-save tab lists that job's rows) */
  lastSave: (kind: string, rowType: string) => ({ pk: `LASTSAVE#${kind}#${rowType}`, sk: 'LASTSAVE' }),
  /** a user's SingleFile jobs, newest first (sk: the job's creation time and id) */
  singleFileJobs: (userId: number, createdAndId = '') => ({ pk: `SINGLEFILEJOBS#${userId}`, sk: createdAndId }),
  /** a row a SingleFile upload imported, by its type and the hash of its values */
  singleFileRow: (type: string, hash: string) => ({ pk: `SINGLEFILEROW#${type}#${hash}`, sk: 'IMPORTED' }),
};

export const table = (): string => config.tableName;

export async function getItem<T = Item>(key: Item, consistent = true): Promise<T | undefined> {
  const ahead = takeAhead(key);
  if (ahead !== undefined) return (ahead ?? undefined) as T | undefined;
  const r = await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }));
  return r.Item as T | undefined;
}

/** Read several items (consistent): BatchGets of at most 100 keys side by side, each retrying its unprocessed keys. */
export async function batchGet(keyList: Item[]): Promise<Item[]> {
  if (keyList.length <= BATCH_GET_MAX) return batchGetOnce(keyList);
  const slices = Array.from({ length: Math.ceil(keyList.length / BATCH_GET_MAX) }, (_, i) => keyList.slice(i * BATCH_GET_MAX, (i + 1) * BATCH_GET_MAX));
  return (await Promise.all(slices.map(batchGetOnce))).flat();
}

/** DynamoDB's limit of keys in one BatchGetItem. */
const BATCH_GET_MAX = 100;

async function batchGetOnce(keyList: Item[]): Promise<Item[]> {
  const out: Item[] = [];
  let pending: Item[] = keyList;
  for (let attempt = 0; pending.length && attempt < 8; attempt++) {
    const r = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: true } } }),
    );
    out.push(...((r.Responses?.[table()] ?? []) as Item[]));
    pending = (r.UnprocessedKeys?.[table()]?.Keys ?? []) as Item[];
    if (pending.length) await backoff(attempt);
  }
  if (pending.length) throw new Error('batchGet: unprocessed keys remain');
  return out;
}

/** Reads these items ahead for the bulk scope's writes, in BatchGets side by side (nothing outside a scope). */
export async function readAhead(keyList: Item[]): Promise<void> {
  const scope = bulkScope();
  if (!scope || !keyList.length) return;
  const unique = [...new Map(keyList.map((k) => [itemKey(k), k])).values()];
  const found = new Map((await batchGet(unique)).map((item) => [itemKey(item), item]));
  for (const k of unique) scope.ahead.set(itemKey(k), found.get(itemKey(k)) ?? null);
}

/** Run a Query page by page on the table (or one of its indexes); at most `limit` items when given. */
export async function queryAll<T = Item>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  limit?: number,
): Promise<T[]> {
  const out: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await dynamo().send(
      new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: start, Limit: limit ? limit - out.length : undefined }),
    );
    out.push(...((r.Items ?? []) as T[]));
    start = r.LastEvaluatedKey;
  } while (start && (!limit || out.length < limit));
  return limit ? out.slice(0, limit) : out;
}

/**
 * Write many items in batches of 25, retrying unprocessed ones; `concurrency` batches in flight
 * (default one at a time). `prepare` completes a batch's items just before it is sent (a feed stamp
 * drawn then, not when the whole write began).
 */
export async function batchPut<T extends Item>(items: T[], concurrency = 1, prepare?: (batch: T[]) => Promise<Item[]>): Promise<void> {
  let next = 0;
  const batches = Math.ceil(items.length / 25);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, batches) }, async () => {
      while (next < batches) {
        const b = next++;
        const batch = items.slice(b * 25, b * 25 + 25);
        let pending = (prepare ? await prepare(batch) : batch).map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; pending.length; attempt++) {
          if (attempt >= 10) throw new Error('batchPut: unprocessed items remain');
          const r = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
          pending = (r.UnprocessedItems?.[table()] ?? []) as typeof pending;
          if (pending.length) await backoff(attempt);
        }
      }
    }),
  );
}

const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));

/**
 * Atomic counter: the next numeric id of a kind (contractId, objectId, ...); `count` ids reserved
 * at once answer the last. Inside a bulk scope a single id comes from the scope's range.
 */
export async function nextId(name: string, count = 1): Promise<number> {
  const reserve = count === 1 ? bulkScope()?.reserve : undefined;
  return reserve ? reserve(name) : addToCounter(name, count);
}

/** The counter moved up by `count` (no bulk scope asked): answers its new value. */
export async function addToCounter(name: string, count: number): Promise<number> {
  const asked = Date.now();
  const r = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.counter(name),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(r.Attributes?.value);
  noteDrawn(name, last - count + 1, count, asked);
  return last;
}

/**
 * Moves a counter up to `value` when it is below (after a number typed by hand above it: nextId then
 * never hands that number out). Never moves it down.
 */
export async function raiseCounterTo(name: string, value: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.counter(name),
        UpdateExpression: 'SET #v = :n',
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :n',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':n': value },
      }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
}

/**
 * One TransactWriteItems (at most 100 actions). A failed condition becomes a 409 with `conflict`
 * (or the message chosen by `onConflict`, which receives the cancellation reasons). Inside a bulk
 * scope with a group commit the transaction goes with the others waiting (group-commit.ts).
 */
export async function transact(items: TransactItem[], onConflict: OnConflict = () => new ConflictError()): Promise<void> {
  if (items.length === 0) return;
  if (items.length > 100) throw new Error(`transaction too large: ${items.length} actions`);
  const commit = bulkScope()?.commit;
  if (commit) return commit.submit(items, onConflict);
  return sendChecked(sendTransaction, items, onConflict);
}

/** A TransactWriteItems as it is (its errors as the SDK raises them). */
export async function sendTransaction(items: TransactItem[]): Promise<void> {
  await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  await afterCommit?.(items);
}

/** Called with every committed transaction's actions (feed.ts: late feed stamps renewed). */
let afterCommit: ((items: TransactItem[]) => Promise<void>) | undefined;
export const onCommitted = (fn: (items: TransactItem[]) => Promise<void>): void => {
  afterCommit = fn;
};

export const nowEpoch = (): number => Math.floor(Date.now() / 1000);
