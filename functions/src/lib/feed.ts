import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';
import { keys, nextId, table } from './db';

/**
 * The change feed of the list engine. Every write of a listed entity stamps the item with a
 * sequence number from the type's counter and a sharded feed key; the `feed` GSI then holds the
 * latest version of every item of the type (deletes are tombstones), ordered by seq per shard.
 */
export const FEED_SHARDS = 4;

/**
 * How long a feed position stays "possibly incomplete" for the list engine (list/engine.ts): it
 * re-reads the sequence numbers reserved in the last FEED_LAG_MS, so a number reserved must be
 * written within it, or lists in other containers miss the write.
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

/** The type's current counter (strongly consistent, one read unit): what a refresh compares. */
export async function currentSeq(type: string): Promise<number> {
  const r = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.counter(seqCounter(type)), ConsistentRead: true }));
  return Number(r.Item?.value ?? 0);
}
