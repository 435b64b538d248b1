import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws';
import { table } from '../db';
import { currentSeq, FEED_LAG_MS, FEED_SHARDS, feedPk } from '../feed';
import { recordFeedCatchUp, recordListColdLoad } from '../metrics';
import { PersistedList } from './persist';
import { LIST_SNAPSHOT_EVERY } from './spec';

/**
 * After a cold load nothing is known of the counter's past: the sequence numbers that may still be
 * in flight are taken to be among the last IN_FLIGHT_MAX (bulk writers reserve blocks of tens).
 */
const IN_FLIGHT_MAX = 5_000;
/** Read-your-writes against the GSI's propagation delay: short retries when seqs are missing. */
const GSI_RETRIES = [50, 150];

/**
 * Catching up with the change feed. Before each query the engine reads the type's sequence counter
 * (one strongly consistent read); unless everything up to that counter is known to be read, it reads
 * the feed GSI for items stamped after the safe mark, so a write that committed late is never missed.
 */
export abstract class FeedList<Row, Own = Row> extends PersistedList<Row, Own> {
  private loaded = false;
  /**
   * The safe mark: every write stamped at or below it is applied. Writers commit within FEED_LAG_MS
   * of drawing their number (feed.ts), and a number is drawn before the counter value that includes
   * it is first seen here; so a feed read that starts FEED_LAG_MS or more after a counter value was
   * first seen reads every write up to that value. Only such completed reads move the mark; until it
   * reaches the counter, each refresh reads the feed above it again, whether or not anything else is
   * written meanwhile. The mark also moves over numbers that feed reads have read (readAbove). (The mark itself, `safe`, is in rows.ts: snapshots are written as of it.)
   */
  /** counter values above the safe mark, with the time each was first seen */
  private seen: { at: number; counter: number }[] = [];
  /**
   * The numbers above the safe mark that a feed read has read (since the load). A number read is a
   * committed write: once every number just above the mark is read, the mark moves over them at
   * once (no write can be in flight under a number already read). A number never read (a refused
   * write, an unused reservation, a version overwritten before it was read) leaves it to the lag.
   */
  private readAbove = new Set<number>();
  private refreshing: Promise<void> | undefined;
  /** the counter value whose missing numbers a refresh last waited for the GSI to show */
  private gsiWaitedFor = -1;
  private snapshotting: Promise<void> | undefined;

  // ---- refresh: counter, feed, snapshots --------------------------------------------------------

  /** Bring the projection (and the lists it joins) up to date (serialised per container). */
  refresh(): Promise<void> {
    const joins = this.resolveJoins();
    const own = (this.refreshing ??= this.doRefresh().finally(() => (this.refreshing = undefined)));
    if (joins.length === 0) return own;
    return Promise.all([own, ...joins.map((j) => j.target.refresh())]).then(() => undefined);
  }

  private async doRefresh(): Promise<void> {
    this.stats.refreshes++;
    const started = Date.now();
    // Inside the lag window of a counter value already seen, this refresh reads the feed above the
    // safe mark whatever the counter says now: that read starts with the counter's, not after it
    // (one round trip instead of two; it starts after the request, so it reads every write
    // committed before it, and it moves the safe mark only by counter values seen 10 s before it).
    // (`seen` holds only counter values above the safe mark: any is one whose lag has not passed)
    const early = this.loaded && this.seen.length > 0 ? this.readFeed(this.safe) : undefined;
    early?.catch(() => undefined); // (awaited below: a failure is reported there)
    const counter = await currentSeq(this.spec.type);
    if (!this.loaded) {
      const snap = this.snapshots ? await this.loadSnapshot() : undefined;
      const from = snap?.safeSeq ?? 0;
      const read = await this.readFeed(from);
      this.loaded = true;
      // Nothing is known of the numbers drawn before this start: those among the last
      // IN_FLIGHT_MAX below the counter may still commit, and are read again until the lag passed.
      this.safe = Math.min(counter, Math.max(from, counter - (this.options.inFlightMax ?? IN_FLIGHT_MAX)));
      this.see(started, counter);
      this.changesSinceSnapshot = read;
      if (this.snapshots && (!snap || read >= LIST_SNAPSHOT_EVERY)) await this.writeSnapshot(counter);
      this.changesSinceSnapshot = 0;
      recordListColdLoad(this.spec.type, Date.now() - started);
      return;
    }
    this.see(started, counter);
    if (this.safe >= counter) return; // everything up to the counter is read: one read in all
    const from = this.safe;
    let applied = await (early ?? this.readFeed(from));
    // The GSI may lag the table by a few ms: retry briefly when the newest seqs are missing, once
    // per counter value (a number drawn and never written, by a refused write or a bulk writer's
    // unused reservation, would otherwise hold every refresh of the lag window; the refreshes after
    // this one read the feed above the safe mark again anyway).
    if (this.gsiWaitedFor !== counter) {
      this.gsiWaitedFor = counter;
      for (const delay of GSI_RETRIES) {
        if (this.maxApplied >= counter || applied < 0) break;
        await new Promise((r) => setTimeout(r, delay));
        applied = await this.readFeed(Math.max(from, this.maxApplied));
      }
    }
    this.advanceSafe(started);
    recordFeedCatchUp(this.spec.type, Date.now() - started, applied);
    // A fresh snapshot now and then, off the request's path (a failure only logs).
    if (this.snapshots && this.changesSinceSnapshot >= LIST_SNAPSHOT_EVERY && !this.snapshotting) {
      this.snapshotting = this.writeSnapshot(counter).finally(() => (this.snapshotting = undefined));
    }
  }

  /** Notes a counter value and when it was first seen. */
  private see(at: number, counter: number) {
    const last = this.seen[this.seen.length - 1];
    if (counter > this.safe && (!last || counter > last.counter)) this.seen.push({ at, counter });
  }

  /**
   * After a complete feed read that started at `readStart`: the counter values seen FEED_LAG_MS
   * before it are safe, and so is every number up to the first one above the mark not yet read.
   */
  private advanceSafe(readStart: number) {
    while (this.seen.length && readStart - this.seen[0]!.at >= FEED_LAG_MS) this.safe = Math.max(this.safe, this.seen.shift()!.counter);
    while (this.readAbove.has(this.safe + 1)) this.safe++;
    for (const n of this.readAbove) if (n <= this.safe) this.readAbove.delete(n);
    while (this.seen.length && this.seen[0]!.counter <= this.safe) this.seen.shift();
  }

  /** Read every shard's feed above `fromSeq` and apply it. Answers the number of items read. */
  private async readFeed(fromSeq: number): Promise<number> {
    const shards = Array.from({ length: FEED_SHARDS }, (_, s) => s);
    const counts = await Promise.all(
      shards.map(async (s) => {
        let n = 0;
        let start: Record<string, unknown> | undefined;
        do {
          this.stats.feedQueries++;
          const r = await dynamo().send(
            new QueryCommand({
              TableName: table(),
              IndexName: 'feed',
              KeyConditionExpression: 'feedpk = :p AND seq > :s',
              ExpressionAttributeValues: { ':p': feedPk(this.spec.type, s), ':s': fromSeq },
              ExclusiveStartKey: start,
            }),
          );
          for (const item of r.Items ?? []) {
            this.apply(item);
            if (this.loaded && Number(item.seq) > this.safe) this.readAbove.add(Number(item.seq));
          }
          n += r.Items?.length ?? 0;
          start = r.LastEvaluatedKey;
        } while (start);
        return n;
      }),
    );
    const total = counts.reduce((a, b) => a + b, 0);
    this.stats.itemsRead += total;
    return total;
  }
}
