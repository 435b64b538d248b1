import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, s3Client } from './aws';
import { config } from './config';
import { log } from './log';
import { table } from './db';
import { BadRequestError } from './errors';
import { currentSeq, FEED_SHARDS, feedPk } from './feed';

/**
 * The generic list engine (ARCHITECTURE "Lists and search"). One instance per list type and Lambda
 * container keeps an in-memory projection of every item of the type. Before each query it reads
 * the type's sequence counter (one strongly consistent read); when the counter moved, or within
 * LAG_MS of the last move, it reads the feed GSI for items stamped after a safe watermark, so a
 * write that committed late is never missed. Filters, keyword search, sort, paging and exact
 * counts then run in memory. Sorted orders are cached per sort key and maintained incrementally.
 */
export type Direction = 'Ascending' | 'Descending';

/** The words of a text as keyword search sees them (letters and digits; anything else separates). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
type SortValue = string | number | null | undefined;

export interface ListSpec<Row> {
  type: string;
  /**
   * item (as stored) -> row kept in memory: a plain object literal of the list's columns, the same
   * shape for every row (the scans stay fast; keeping whole stored items makes them several times slower)
   */
  project(item: Record<string, unknown>): Row;
  id(row: Row): number;
  /** lower-case text the keyword search looks in */
  searchText(row: Row): string;
  /** API sort field name -> value (case-insensitive field match) */
  sortKeys: Record<string, (row: Row) => SortValue>;
  defaultSort: { field: string; direction: Direction };
}

export interface ListQuery<Row> {
  filter?: (row: Row) => boolean;
  /**
   * Keyword search: every word must start a word of the row's search text (indexed, fast), or,
   * with `fullText`, occur anywhere in it (the grid's full-text search checkbox; a scan).
   */
  keyword?: string;
  fullText?: boolean;
  orderBy?: string;
  skip?: number;
  limit?: number;
  getTotalCount?: boolean;
}

export interface ListPage<Row> {
  data: Row[];
  totalCount: number;
}

/** How long a feed position stays "possibly incomplete" (a transaction still in flight). */
const LAG_MS = 10_000;
/**
 * After a cold load nothing is known of the counter's past: the sequence numbers that may still be
 * in flight are taken to be among the last IN_FLIGHT_MAX (bulk writers reserve blocks of tens).
 */
const IN_FLIGHT_MAX = 5_000;
/** Read-your-writes against the GSI's propagation delay: short retries when seqs are missing. */
const GSI_RETRIES = [50, 150];
/**
 * Snapshots in S3 speed a cold start: a new container loads the newest snapshot and reads only
 * the feed after it. One is written after a cold start that read the whole feed, and again after
 * SNAPSHOT_EVERY changes.
 */
const SNAPSHOT_EVERY = 20_000;
const snapshotKey = (type: string) => `list-snapshots/${type}.json.gz`;

interface Snapshot {
  type: string;
  /** every item with seq <= safeSeq is in `rows` */
  safeSeq: number;
  counter: number;
  rows: { seq: number; item: Record<string, unknown> }[];
}

export class ListEngine<Row> {
  private slots: (Row | undefined)[] = [];
  private texts: string[] = [];
  private seqs: number[] = [];
  private slotOf = new Map<number, number>();
  private free: number[] = [];
  private size = 0;
  private orders = new Map<string, number[]>();
  /** word -> slots whose search text has it; `vocab` keeps the words sorted for prefix ranges */
  private postings = new Map<string, number[]>();
  private vocab: string[] = [];
  /** the postings of vocab[i], kept in step with vocab (no map lookups on the hot path) */
  private vocabPostings: number[][] = [];
  /** once built (first keyword query), the sorted vocabulary is maintained word by word */
  private vocabBuilt = false;
  private tokensOf: string[][] = [];
  private loaded = false;
  /** highest counter value seen, and the history of (time, counter) to derive a safe watermark */
  private counter = 0;
  private maxApplied = 0;
  private history: { at: number; counter: number }[] = [];
  private lastMoveAt = 0;
  private refreshing: Promise<void> | undefined;
  /** the stored items (for snapshots), by slot */
  private items: (Record<string, unknown> | undefined)[] = [];
  private changesSinceSnapshot = 0;
  private snapshotting: Promise<void> | undefined;
  /** statistics for the benchmark */
  stats = { refreshes: 0, feedQueries: 0, itemsRead: 0, snapshotLoaded: false, snapshotWritten: false };

  constructor(
    readonly spec: ListSpec<Row>,
    private readonly options: { snapshots?: boolean; inFlightMax?: number } = {},
  ) {}

  private get snapshots(): boolean {
    return this.options.snapshots ?? !!process.env.EXPORTS_BUCKET;
  }

  get count(): number {
    return this.size;
  }

  /** Bring the projection up to date (serialised per container). */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    this.stats.refreshes++;
    const now = Date.now();
    const counter = await currentSeq(this.spec.type);
    if (!this.loaded) {
      const snap = this.snapshots ? await this.loadSnapshot() : undefined;
      const from = snap?.safeSeq ?? 0;
      const read = await this.readFeed(from);
      this.loaded = true;
      // Seed the history: for LAG_MS re-read only the numbers that may have been in flight.
      this.history = [{ at: now - LAG_MS - 1, counter: Math.max(from, counter - (this.options.inFlightMax ?? IN_FLIGHT_MAX)) }];
      this.noteCounter(now, counter);
      this.changesSinceSnapshot = read;
      if (this.snapshots && (!snap || read >= SNAPSHOT_EVERY)) await this.writeSnapshot(counter);
      this.changesSinceSnapshot = 0;
      return;
    }
    const moved = counter !== this.counter;
    if (!moved && now - this.lastMoveAt > LAG_MS) return; // nothing new: one read in all
    const from = this.watermark(now);
    let applied = await this.readFeed(from);
    // The GSI may lag the table by a few ms: retry briefly when the newest seqs are missing.
    for (const delay of GSI_RETRIES) {
      if (this.maxApplied >= counter || applied < 0) break;
      await new Promise((r) => setTimeout(r, delay));
      applied = await this.readFeed(Math.max(from, this.maxApplied));
    }
    this.noteCounter(now, counter);
    // A fresh snapshot now and then, off the request's path (a failure only logs).
    if (this.snapshots && this.changesSinceSnapshot >= SNAPSHOT_EVERY && !this.snapshotting) {
      this.snapshotting = this.writeSnapshot(counter).finally(() => (this.snapshotting = undefined));
    }
  }

  private async loadSnapshot(): Promise<Snapshot | undefined> {
    try {
      const r = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: snapshotKey(this.spec.type) }));
      const body = Buffer.from(await r.Body!.transformToByteArray());
      const snap = JSON.parse(gunzipSync(body).toString('utf8')) as Snapshot;
      for (const { seq, item } of snap.rows) this.apply({ ...item, seq });
      this.stats.snapshotLoaded = true;
      return snap;
    } catch (e) {
      const name = (e as Error).name;
      if (name !== 'NoSuchKey' && name !== 'NotFound') log.warn('list snapshot not loaded', { type: this.spec.type, err: name });
      return undefined;
    }
  }

  private async writeSnapshot(counter: number): Promise<void> {
    const rows: Snapshot['rows'] = [];
    for (let s = 0; s < this.items.length; s++) {
      const item = this.items[s];
      if (item && this.slots[s] !== undefined) rows.push({ seq: this.seqs[s]!, item });
    }
    // Everything up to the counter as it was LAG_MS ago is surely in; later seqs are re-read.
    const snap: Snapshot = { type: this.spec.type, safeSeq: this.watermark(Date.now()), counter, rows };
    try {
      await s3Client().send(
        new PutObjectCommand({
          Bucket: config.exportsBucket,
          Key: snapshotKey(this.spec.type),
          Body: gzipSync(JSON.stringify(snap), { level: 1 }),
          ContentType: 'application/json',
          ContentEncoding: 'gzip',
        }),
      );
      this.changesSinceSnapshot = 0;
      this.stats.snapshotWritten = true;
    } catch (e) {
      log.warn('list snapshot not written', { type: this.spec.type, err: (e as Error).name });
    }
  }

  private noteCounter(now: number, counter: number) {
    if (counter !== this.counter) {
      this.counter = counter;
      this.lastMoveAt = now;
      this.history.push({ at: now, counter });
    }
    // keep one entry older than LAG_MS as the watermark, drop the rest of the old ones
    while (this.history.length > 1 && now - this.history[1]!.at > LAG_MS) this.history.shift();
  }

  /** Every seq above this may still be unread: the counter as it was LAG_MS ago. */
  private watermark(now: number): number {
    let w = 0;
    for (const h of this.history) if (now - h.at > LAG_MS) w = h.counter;
    return w;
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
          for (const item of r.Items ?? []) this.apply(item);
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

  private apply(item: Record<string, unknown>) {
    const id = Number(item.objectId);
    const seq = Number(item.seq);
    if (seq > this.maxApplied) this.maxApplied = seq;
    const slot = this.slotOf.get(id);
    if (slot !== undefined && this.seqs[slot]! >= seq) return; // already have this or newer
    if (item.deleted) {
      if (slot !== undefined) this.remove(id, slot);
      return;
    }
    const row = this.spec.project(item);
    this.changesSinceSnapshot++;
    if (slot !== undefined) {
      this.detachFromOrders(slot);
      this.unindex(slot);
      this.items[slot] = stripKeys(item);
      this.slots[slot] = row;
      this.texts[slot] = this.spec.searchText(row);
      this.seqs[slot] = seq;
      this.index(slot);
      this.attachToOrders(slot);
    } else {
      const s = this.free.pop() ?? this.slots.length;
      this.items[s] = stripKeys(item);
      this.slots[s] = row;
      this.texts[s] = this.spec.searchText(row);
      this.seqs[s] = seq;
      this.slotOf.set(id, s);
      this.size++;
      this.index(s);
      this.attachToOrders(s);
    }
  }

  private index(slot: number) {
    const words = [...new Set(searchWords(this.texts[slot]!))];
    this.tokensOf[slot] = words;
    for (const w of words) {
      let p = this.postings.get(w);
      if (!p) {
        p = [];
        this.postings.set(w, p);
        if (this.vocabBuilt) {
          const at = lowerBound(this.vocab, w);
          this.vocab.splice(at, 0, w);
          this.vocabPostings.splice(at, 0, p);
        }
      }
      p.push(slot);
    }
  }

  private unindex(slot: number) {
    for (const w of this.tokensOf[slot] ?? []) {
      const p = this.postings.get(w);
      if (!p) continue;
      const i = p.lastIndexOf(slot);
      if (i >= 0) p.splice(i, 1);
      if (p.length === 0) {
        this.postings.delete(w);
        if (this.vocabBuilt) {
          const at = lowerBound(this.vocab, w);
          if (this.vocab[at] === w) {
            this.vocab.splice(at, 1);
            this.vocabPostings.splice(at, 1);
          }
        }
      }
    }
    this.tokensOf[slot] = [];
  }

  /** Slots having a word that starts with each of `words` (all of them): a stamp per slot. */
  private prefixMatches(words: string[]): Int32Array {
    if (!this.vocabBuilt) {
      this.vocab = [...this.postings.keys()].sort();
      this.vocabPostings = this.vocab.map((w) => this.postings.get(w)!);
      this.vocabBuilt = true;
    }
    const hits = new Int32Array(this.slots.length);
    words.forEach((w, k) => {
      for (let i = lowerBound(this.vocab, w); i < this.vocab.length && this.vocab[i]!.startsWith(w); i++) {
        const p = this.vocabPostings[i]!;
        for (let j = 0; j < p.length; j++) if (hits[p[j]!] === k) hits[p[j]!] = k + 1;
      }
    });
    return hits;
  }

  private remove(id: number, slot: number) {
    this.detachFromOrders(slot);
    this.unindex(slot);
    this.slots[slot] = undefined;
    this.items[slot] = undefined;
    this.changesSinceSnapshot++;
    this.texts[slot] = '';
    this.seqs[slot] = 0;
    this.slotOf.delete(id);
    this.free.push(slot);
    this.size--;
  }

  private parseOrder(orderBy: string | undefined): { key: string; accessor: (r: Row) => SortValue; desc: boolean } {
    const raw = (orderBy ?? `${this.spec.defaultSort.field} ${this.spec.defaultSort.direction}`).trim();
    const [field = '', dir = 'Ascending'] = raw.split(/\s+/);
    const key = Object.keys(this.spec.sortKeys).find((k) => k.toLowerCase() === field.toLowerCase());
    if (!key) throw new BadRequestError(`Cannot sort by ${field}`, { orderBy: `Cannot sort by ${field}` });
    const d = dir.toLowerCase();
    if (d !== 'ascending' && d !== 'descending') throw new BadRequestError(`Unknown sort direction ${dir}`, { orderBy: 'Ascending or Descending' });
    return { key, accessor: this.spec.sortKeys[key]!, desc: d === 'descending' };
  }

  private compare(accessor: (r: Row) => SortValue, a: number, b: number): number {
    const va = norm(accessor(this.slots[a]!));
    const vb = norm(accessor(this.slots[b]!));
    if (va === vb) return this.spec.id(this.slots[a]!) - this.spec.id(this.slots[b]!);
    if (va === null) return 1; // empty values last
    if (vb === null) return -1;
    return va < vb ? -1 : 1;
  }

  /** The ascending order of all slots by a sort key (cached; descending reads it backwards). */
  private order(key: string, accessor: (r: Row) => SortValue): number[] {
    let o = this.orders.get(key);
    if (!o) {
      o = [];
      for (let s = 0; s < this.slots.length; s++) if (this.slots[s] !== undefined) o.push(s);
      const values = new Map<number, SortValue>();
      for (const s of o) values.set(s, norm(accessor(this.slots[s]!)));
      o.sort((a, b) => {
        const va = values.get(a) ?? null;
        const vb = values.get(b) ?? null;
        if (va === vb) return this.spec.id(this.slots[a]!) - this.spec.id(this.slots[b]!);
        if (va === null) return 1;
        if (vb === null) return -1;
        return va < vb ? -1 : 1;
      });
      this.orders.set(key, o);
    }
    return o;
  }

  private detachFromOrders(slot: number) {
    for (const o of this.orders.values()) {
      const i = o.indexOf(slot);
      if (i >= 0) o.splice(i, 1);
    }
  }

  private attachToOrders(slot: number) {
    for (const [key, o] of this.orders) {
      const accessor = this.spec.sortKeys[key]!;
      let lo = 0;
      let hi = o.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.compare(accessor, o[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      o.splice(lo, 0, slot);
    }
  }

  /** Filter, search, sort and page; totalCount is exact. */
  async query(q: ListQuery<Row>): Promise<ListPage<Row>> {
    await this.refresh();
    return this.queryLoaded(q);
  }

  queryLoaded(q: ListQuery<Row>): ListPage<Row> {
    const { key, accessor, desc } = this.parseOrder(q.orderBy);
    const order = this.order(key, accessor);
    const skip = Math.max(0, Math.floor(q.skip ?? 0));
    const limit = Math.max(0, Math.floor(q.limit ?? 100));
    const words = q.fullText
      ? (q.keyword ?? '').toLowerCase().trim().split(/\s+/).filter(Boolean)
      : searchWords(q.keyword ?? '');
    const filter = q.filter;
    const hits = words.length && !q.fullText ? this.prefixMatches(words) : undefined;
    const n = order.length;
    if (!filter && words.length === 0) {
      const data: Row[] = [];
      for (let i = skip; i < Math.min(n, skip + limit); i++) data.push(this.slots[order[desc ? n - 1 - i : i]!]!);
      return { data, totalCount: this.size };
    }
    // Decide matches in slot order (sequential memory), then walk the sorted order over the mask.
    const mask = new Uint8Array(this.slots.length);
    const need = words.length;
    for (let slot = 0; slot < this.slots.length; slot++) {
      const row = this.slots[slot];
      if (row === undefined) continue;
      if (hits) {
        if (hits[slot] !== need) continue;
      } else if (need) {
        const t = this.texts[slot]!;
        let ok = true;
        for (const w of words) if (!t.includes(w)) { ok = false; break; }
        if (!ok) continue;
      }
      if (filter && !filter(row)) continue;
      mask[slot] = 1;
    }
    const data: Row[] = [];
    let matched = 0;
    for (let i = 0; i < n; i++) {
      const slot = order[desc ? n - 1 - i : i]!;
      if (mask[slot] === 0) continue;
      if (matched >= skip && data.length < limit) data.push(this.slots[slot]!);
      matched++;
      if (!q.getTotalCount && data.length >= limit) break;
    }
    return { data, totalCount: q.getTotalCount === false ? -1 : matched };
  }

  /** Rows matching a query, without paging (exports, type-ahead). */
  async all(q: Omit<ListQuery<Row>, 'skip' | 'limit'>, max: number): Promise<Row[]> {
    return (await this.query({ ...q, skip: 0, limit: max, getTotalCount: false })).data;
  }
}

/** First index whose value is >= w in a sorted array. */
function lowerBound(sorted: string[], w: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < w) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a snapshot keeps of an item: not the keys and feed stamps, which are rebuilt. */
function stripKeys(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, feedpk: _f, gsi1pk: _g, gsi1sk: _g2, seq: _s, ...rest } = item;
  return rest;
}

function norm(v: SortValue): string | number | null {
  if (v === undefined || v === null || v === '') return null;
  return typeof v === 'string' ? v.toLowerCase() : v;
}

const engines = new Map<string, ListEngine<unknown>>();
/** The container's engine of a list type (created on first use). */
export function listEngine<Row>(spec: ListSpec<Row>): ListEngine<Row> {
  let e = engines.get(spec.type) as ListEngine<Row> | undefined;
  if (!e) {
    e = new ListEngine(spec);
    engines.set(spec.type, e as ListEngine<unknown>);
  }
  return e;
}
/** For tests: forget every engine (a new container). */
export const resetListEngines = () => engines.clear();

/** The API's paging query: limit, skip, orderBy ('field Ascending|Descending'), getTotalCount. */
export function pageParams(query: Record<string, string | undefined>): Pick<ListQuery<unknown>, 'skip' | 'limit' | 'orderBy' | 'getTotalCount'> {
  const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));
  const limit = num(query.limit, 100);
  const skip = num(query.skip, 0);
  if (!Number.isInteger(limit) || limit < 0 || limit > 1000) throw new BadRequestError('limit must be 0 to 1000', { limit: 'limit must be 0 to 1000' });
  if (!Number.isInteger(skip) || skip < 0) throw new BadRequestError('skip must be 0 or more', { skip: 'skip must be 0 or more' });
  return {
    limit,
    skip,
    orderBy: query.orderBy || undefined,
    getTotalCount: query.getTotalCount === undefined ? true : query.getTotalCount !== 'false',
  };
}
