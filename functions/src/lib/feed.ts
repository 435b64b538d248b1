import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';
import { addToCounter, batchGet, keys, nextId, onCommitted, table, type TransactItem } from './db';
import { log } from './log';
import { drawnAt } from './seq-clock';

/**
 * The change feed of the list engine. Every write of a listed entity stamps the item with a
 * sequence number from the type's counter and a sharded feed key; the `feed` GSI then holds the
 * latest version of every item of the type (deletes are tombstones), ordered by seq per shard.
 */
export const FEED_SHARDS = 4;

/**
 * The writers' contract with the list engine (list/engine.ts): a sequence number is committed
 * within FEED_LAG_MS of the counter update that drew it. The engine re-reads the feed above its
 * safe mark until a read started FEED_LAG_MS after it saw a counter value; a transaction that
 * commits a number later than that (a slow or retried write) re-stamps its item with a fresh number
 * (restampLate below), so no write is missed however late it commits.
 */
export const FEED_LAG_MS = 10_000;
/** A bulk write's reserved range is not drawn from once this old (bulk-scope.ts): the rest of its writes take a fresh one. */
export const RESERVATION_MAX_AGE_MS = FEED_LAG_MS / 2;

export const seqCounter = (type: string) => `seq:${type}`;
export const feedPk = (type: string, shard: number) => `FEED#${type}#${shard}`;

export function feedAttributes(type: string, objectId: number, seq: number): { feedpk: string; seq: number; etype: string } {
  return { feedpk: feedPk(type, Math.abs(objectId) % FEED_SHARDS), seq, etype: type };
}

/** Reserve `count` sequence numbers; answers the first. */
export async function nextSeq(type: string, count = 1): Promise<number> {
  return (await nextId(seqCounter(type), count)) - count + 1;
}

/**
 * The type's current counter (strongly consistent): what a refresh compares. The counters asked for
 * in one turn (a list and the lists it joins refresh together: the accounts list and six) are read
 * by one BatchGetItem, not one GetItem each.
 */
export function currentSeq(type: string): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!askedCounters) {
      askedCounters = new Map();
      queueMicrotask(() => void readAskedCounters());
    }
    const waiting = askedCounters.get(type);
    if (waiting) waiting.push({ resolve, reject });
    else askedCounters.set(type, [{ resolve, reject }]);
  });
}

let askedCounters: Map<string, { resolve: (value: number) => void; reject: (e: unknown) => void }[]> | undefined;

async function readAskedCounters(): Promise<void> {
  const asked = askedCounters!;
  askedCounters = undefined;
  const types = [...asked.keys()];
  try {
    const values = new Map<string, number>();
    if (types.length === 1) {
      const r = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.counter(seqCounter(types[0]!)), ConsistentRead: true }));
      values.set(types[0]!, Number(r.Item?.value ?? 0));
    } else {
      for (const item of await batchGet(types.map((t) => keys.counter(seqCounter(t))))) values.set(String(item.pk), Number(item.value ?? 0));
    }
    for (const t of types) {
      const value = types.length === 1 ? values.get(t)! : (values.get(keys.counter(seqCounter(t)).pk) ?? 0);
      for (const w of asked.get(t)!) w.resolve(value);
    }
  } catch (e) {
    for (const waiting of asked.values()) for (const w of waiting) w.reject(e);
  }
}

/**
 * A committed write older than this since its number's counter update gets a fresh number: a
 * commit within FEED_LAG_MS is read by the list engines' next read past their safe mark; the two
 * seconds left are for the feed index's propagation after the commit.
 */
export const RESTAMP_AFTER_MS = FEED_LAG_MS - 2_000;

/** The feed stamp a transaction action writes: its item's key, type and number (undefined: none). */
function stampOf(action: TransactItem): { key: Record<string, unknown>; type: string; feedpk: string; seq: number } | undefined {
  if (action.Put) {
    const i = action.Put.Item as Record<string, unknown>;
    if (typeof i.feedpk === 'string' && typeof i.seq === 'number') return { key: { pk: i.pk, sk: i.sk }, type: String(i.etype), feedpk: i.feedpk, seq: i.seq };
    return undefined;
  }
  const u = action.Update;
  if (!u) return undefined;
  // an update stamps the feed with `seq = :x` and `feedpk = :y` in its SET clause: read those values
  const expr = u.UpdateExpression ?? '';
  const valueOf = (attr: string) => {
    const m = new RegExp(`\\b${attr}\\s*=\\s*(:\\w+)`).exec(expr);
    return m ? u.ExpressionAttributeValues?.[m[1]!] : undefined;
  };
  const seq = valueOf('seq');
  const feedpk = valueOf('feedpk');
  if (typeof seq !== 'number' || typeof feedpk !== 'string') return undefined;
  return { key: u.Key as Record<string, unknown>, type: feedpk.slice(5, feedpk.lastIndexOf('#')), feedpk, seq };
}

/**
 * After a transaction committed: each item it stamped with a number drawn more than
 * RESTAMP_AFTER_MS ago gets a fresh number (only if nothing wrote the item since), so a list engine
 * that already moved its safe mark past the old number still reads it.
 */
export async function restampLate(items: TransactItem[]): Promise<void> {
  for (const action of items) {
    let stamp = stampOf(action);
    if (!stamp) continue;
    for (let attempt = 0; stamp && attempt < 3; attempt++) {
      const at = drawnAt(seqCounter(stamp.type), stamp.seq);
      if (at === undefined || Date.now() - at <= RESTAMP_AFTER_MS) break;
      const seq = await addToCounter(seqCounter(stamp.type), 1);
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: table(),
            Key: stamp.key,
            UpdateExpression: 'SET seq = :new',
            ConditionExpression: 'seq = :old',
            ExpressionAttributeValues: { ':new': seq, ':old': stamp.seq },
          }),
        );
      } catch (e) {
        if ((e as Error).name === 'ConditionalCheckFailedException') break; // written again since: a newer number
        throw e;
      }
      log.info('feed stamp renewed after a late commit', { type: stamp.type, from: stamp.seq, to: seq });
      stamp = { ...stamp, seq };
    }
  }
}
onCommitted(restampLate);
