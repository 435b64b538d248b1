import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, s3Client } from '../aws';
import { config } from '../config';
import { table } from '../db';
import { currentSeq, FEED_LAG_MS, FEED_SHARDS, feedPk } from '../feed';
import { log } from '../log';
import { recordFeedCatchUp, recordListColdLoad } from '../metrics';
import { Column, ColumnStore, type ColumnKind } from './columns';
import { SnapshotReader, SnapshotWriter } from './snapshot';
import { PackedStrings } from './strings';
import { keywordWords, parseOrderBy, SortFieldError } from '@eb/shared/paging';
import { BadRequestError } from '../errors';
import { LIST_SNAPSHOT_EVERY, searchWords, type ListJoin, type ListPage, type ListQuery, type ListSpec } from './spec';
import { WordIndex } from './word-index';

/**
 * The generic list engine (ARCHITECTURE "Lists and search"). One instance per list type and Lambda
 * container keeps an in-memory projection of every item of the type, column-wise (columns.ts), with
 * a word-prefix index (word-index.ts), cached sort orders and exact counts. Before each query it
 * reads the type's sequence counter (one strongly consistent read); unless everything up to that
 * counter is known to be read, it reads the feed GSI for items stamped after the safe mark, so a write
 * that committed late is never missed (see `safe`). A binary snapshot in S3 (snapshot.ts) makes a cold
 * start a copy of typed arrays. Columns joined from other lists (spec.joins) are read through those
 * lists' engines at query time.
 */

/**
 * After a cold load nothing is known of the counter's past: the sequence numbers that may still be
 * in flight are taken to be among the last IN_FLIGHT_MAX (bulk writers reserve blocks of tens).
 */
const IN_FLIGHT_MAX = 5_000;
/** Read-your-writes against the GSI's propagation delay: short retries when seqs are missing. */
const GSI_RETRIES = [50, 150];
/** The word index folds its changes into its compact base past this many changed rows. */
const INDEX_MERGE_AT = 20_000;
const SNAPSHOT_FORMAT = 2;
const snapshotKey = (type: string) => `list-snapshots/${type}.bin.gz`;

type Norm = string | number | null;
function norm(v: unknown): Norm {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return v.toLowerCase();
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return String(v).toLowerCase();
}

/** A sorted order of slots, with room to insert. */
interface Order {
  a: Int32Array;
  n: number;
}

/** A resolved join: the other list's engine and, per slot of this list, the other row's slot (-1: none). */
interface Joined {
  decl: ListJoin;
  target: ListEngine<unknown>;
  on: string;
  /** joined column name -> the other list's column name */
  columns: [string, string][];
  fk: Int32Array | undefined;
  fkEpoch: number;
}

export class ListEngine<Row, Own = Row> {
  private store = new ColumnStore();
  private index = new WordIndex();
  private live = new Uint8Array(0);
  private ids = new Float64Array(0);
  private seqs = new Float64Array(0);
  private texts = new PackedStrings();
  /** the word index is built on first use (a cold start from the feed does not tokenise row by row) */
  private indexStale = true;
  /** after a snapshot load the search texts are derived from the columns on first use (full text, index) */
  private textsStale = false;
  /** slots in use (including freed ones): the high-water mark */
  private slots = 0;
  private capacity = 0;
  private slotOf = new Map<number, number>();
  private free: number[] = [];
  private size = 0;
  /** sort key -> ascending order of the live slots (descending reads it backwards) */
  private orders = new Map<string, Order>();
  /** bumped by every change of a row (joined sorts cache against it) */
  version = 0;
  /** bumped when a slot is taken or freed (joins map ids to slots against it) */
  slotEpoch = 0;
  private joined: Joined[] | undefined;
  private joinedSorts = new Map<string, { versions: string; order: Order }>();
  private loaded = false;
  /**
   * The safe mark: every write stamped at or below it is applied. Writers commit within FEED_LAG_MS
   * of drawing their number (feed.ts), and a number is drawn before the counter value that includes
   * it is first seen here; so a feed read that starts FEED_LAG_MS or more after a counter value was
   * first seen reads every write up to that value. Only such completed reads move the mark; until it
   * reaches the counter, each refresh reads the feed above it again, whether or not anything else is
   * written meanwhile.
   */
  private safe = 0;
  private maxApplied = 0;
  /** counter values above the safe mark, with the time each was first seen */
  private seen: { at: number; counter: number }[] = [];
  private refreshing: Promise<void> | undefined;
  private changesSinceSnapshot = 0;
  private snapshotting: Promise<void> | undefined;
  /** statistics for the benchmark */
  stats = { refreshes: 0, feedQueries: 0, itemsRead: 0, snapshotLoaded: false, snapshotWritten: false };

  constructor(
    readonly spec: ListSpec<Row, Own>,
    private readonly options: { snapshots?: boolean; inFlightMax?: number; resolve?: (spec: ListSpec<unknown>) => ListEngine<unknown> } = {},
  ) {
    this.syncViews();
  }

  private get snapshots(): boolean {
    return this.options.snapshots ?? !!process.env.EXPORTS_BUCKET;
  }

  get count(): number {
    return this.size;
  }

  // ---- rows and views ---------------------------------------------------------------------------

  /**
   * An object that reads the row of slot `s` column by column (filters and sort accessors get it:
   * no row object is built per slot). Its class is generated from the column names (one getter per
   * own and joined column, so property reads stay monomorphic) and regenerated when a column appears.
   */
  private view!: Record<string, unknown> & { s: number };
  private viewColumns = -1;

  private syncViews() {
    const cols = this.store.columns;
    if (cols.length === this.viewColumns) return;
    const joinedCols = (this.spec.joins ?? []).flatMap((decl) => Object.entries(decl.columns).map(([name, from]) => ({ decl, name, from })));
    const names = new Set(cols.map((c) => c.name));
    const getters = [
      ...cols.map((c, i) => `get ${JSON.stringify(c.name)}() { return cols[${i}].get(this.s); }`),
      ...joinedCols.filter((j) => !names.has(j.name)).map((j, k) => `get ${JSON.stringify(j.name)}() { return joined[${k}](this.s); }`),
    ];
    const joinedFns = joinedCols.filter((j) => !names.has(j.name)).map((j) => (slot: number) => this.joinedValue(j.decl, j.from, slot));
    const View = new Function('cols', 'joined', `return class View { constructor() { this.s = 0; } ${getters.join('\n')} }`)(cols, joinedFns) as new () => {
      s: number;
    };
    this.view = new View() as Record<string, unknown> & { s: number };
    this.viewColumns = cols.length;
  }

  /** The slot's row as the API answers it: own columns, then joined ones. */
  private row(slot: number): Row {
    const r = this.store.row(slot);
    for (const j of this.resolveJoins()) for (const [name, from] of j.columns) r[name] = this.valueOf(j, from, slot);
    return r as Row;
  }

  private at(slot: number): Row {
    this.view.s = slot;
    return this.view as unknown as Row;
  }

  // ---- joins ------------------------------------------------------------------------------------

  private resolveJoins(): Joined[] {
    if (!this.joined) {
      const resolve = this.options.resolve ?? ((s: ListSpec<unknown>) => listEngine(s));
      this.joined = (this.spec.joins ?? []).map((decl) => ({
        decl,
        target: resolve(decl.list() as unknown as ListSpec<unknown>),
        on: decl.on,
        columns: Object.entries(decl.columns),
        fk: undefined,
        fkEpoch: -1,
      }));
    }
    return this.joined;
  }

  /** Per slot of this list, the slot of the joined row in the other list (rebuilt when its slots moved). */
  private fkOf(j: Joined): Int32Array {
    if (!j.fk || j.fkEpoch !== j.target.slotEpoch || j.fk.length < this.capacity) {
      const fk = new Int32Array(this.capacity).fill(-1);
      const on = this.store.column(j.on);
      if (on) {
        for (let s = 0; s < this.slots; s++) {
          if (!this.live[s]) continue;
          const ref = on.get(s);
          if (typeof ref === 'number') fk[s] = j.target.slotOfId(ref);
        }
      }
      j.fk = fk;
      j.fkEpoch = j.target.slotEpoch;
    }
    return j.fk;
  }

  private joinedValue(decl: ListJoin, from: string, slot: number): unknown {
    return this.valueOf(this.resolveJoins().find((x) => x.decl === decl)!, from, slot);
  }

  private valueOf(j: Joined, from: string, slot: number): unknown {
    const t = this.fkOf(j)[slot]!;
    return t < 0 ? null : (j.target.cell(t, from) ?? null);
  }

  /** The slot of an id (-1: none). */
  slotOfId(id: number): number {
    return this.slotOf.get(id) ?? -1;
  }

  /**
   * One cell (for lists joining this one): an own column, or one this list joins in turn (an
   * account list joins the amendment list's contract id, itself joined from the contracts).
   */
  cell(slot: number, column: string): unknown {
    const own = this.store.column(column);
    if (own) return own.get(slot);
    const joined = this.joinOfColumn(column);
    return joined ? this.joinedValue(joined.decl, joined.from, slot) : undefined;
  }

  /** This list's version with those of the lists it joins (a joined sort is stale when any moved). */
  deepVersion(): string {
    const joins = this.joined ?? (this.spec.joins?.length ? this.resolveJoins() : []);
    return joins.length ? `${this.version}(${joins.map((j) => j.target.deepVersion()).join(',')})` : String(this.version);
  }

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
    let applied = await this.readFeed(from);
    // The GSI may lag the table by a few ms: retry briefly when the newest seqs are missing.
    for (const delay of GSI_RETRIES) {
      if (this.maxApplied >= counter || applied < 0) break;
      await new Promise((r) => setTimeout(r, delay));
      applied = await this.readFeed(Math.max(from, this.maxApplied));
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

  /** After a complete feed read that started at `readStart`: the counter values seen FEED_LAG_MS before it are safe. */
  private advanceSafe(readStart: number) {
    while (this.seen.length && readStart - this.seen[0]!.at >= FEED_LAG_MS) this.safe = Math.max(this.safe, this.seen.shift()!.counter);
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

  /**
   * What a snapshot must match: the list's declaration (columns come from the projection, so its
   * code is part of it; `spec.version` covers changes the code text does not show).
   */
  private fingerprint(): string {
    const s = this.spec;
    const src = [
      SNAPSHOT_FORMAT,
      s.type,
      s.version ?? 0,
      String(s.project),
      String(s.searchText),
      String(s.id),
      ...Object.entries(s.sortKeys).map(([k, v]) => `${k}:${String(v)}`),
    ].join('\n');
    return createHash('sha256').update(src).digest('hex').slice(0, 16);
  }

  private async loadSnapshot(): Promise<{ safeSeq: number } | undefined> {
    let body: Buffer;
    try {
      const r = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: snapshotKey(this.spec.type) }));
      const bytes = await r.Body!.transformToByteArray();
      body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      const name = (e as Error).name;
      if (name !== 'NoSuchKey' && name !== 'NotFound') log.warn('list snapshot not loaded', { type: this.spec.type, err: name });
      return undefined;
    }
    try {
      const safeSeq = this.restore(body);
      if (safeSeq === undefined) return undefined;
      this.stats.snapshotLoaded = true;
      return { safeSeq };
    } catch (e) {
      log.warn('list snapshot unreadable', { type: this.spec.type, err: (e as Error).message });
      this.clearAll();
      return undefined;
    }
  }

  private async writeSnapshot(counter: number): Promise<void> {
    try {
      // Everything up to the safe mark is surely in; a container started from it reads the rest.
      const body = this.encode(this.safe, counter);
      await s3Client().send(
        new PutObjectCommand({ Bucket: config.exportsBucket, Key: snapshotKey(this.spec.type), Body: body, ContentType: 'application/octet-stream' }),
      );
      this.changesSinceSnapshot = 0;
      this.stats.snapshotWritten = true;
    } catch (e) {
      log.warn('list snapshot not written', { type: this.spec.type, err: (e as Error).name });
    }
  }

  /** The projection as a binary snapshot (see snapshot.ts). */
  encode(safeSeq: number, counter: number): Buffer {
    this.ensureIndex().merge();
    // every declared sort order goes in, so a new container's first sorted queries are warm too
    for (const key of Object.keys(this.spec.sortKeys)) if (this.sortKey(key)) this.order(key);
    const n = this.slots;
    const w = new SnapshotWriter();
    w.u8('live', this.live.subarray(0, n));
    w.f64('ids', this.ids.subarray(0, n));
    w.f64('seqs', this.seqs.subarray(0, n));
    const columns: { name: string; kind: ColumnKind }[] = [];
    this.store.columns.forEach((c, i) => {
      columns.push({ name: c.name, kind: c.kind });
      const p = `c${i}`;
      switch (c.kind) {
        case 'num':
          w.f64(`${p}.nums`, c.nums.subarray(0, n));
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          break;
        case 'bool':
        case 'empty':
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          break;
        case 'dict': {
          const { codes, dict } = c.compacted(n, this.live);
          w.i32(`${p}.codes`, codes);
          w.strings(`${p}.dict`, dict);
          break;
        }
        case 'plain': {
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          const { text, offs } = c.packed.packed(n);
          w.packed(`${p}.values`, text, offs);
          break;
        }
        case 'any':
          w.json(`${p}.values`, c.values.slice(0, n));
          break;
      }
    });
    w.text('vocab', this.index.vocab);
    w.i32('vocabOff', this.index.vocabOff);
    w.i32('postStart', this.index.postStart);
    w.i32('post', this.index.post);
    const orders: string[] = [];
    for (const [key, o] of this.orders) {
      orders.push(key);
      w.i32(`order.${key}`, o.a.subarray(0, o.n));
    }
    return w.finish({ type: this.spec.type, fingerprint: this.fingerprint(), safeSeq, counter, slots: n, size: this.size, columns, orders });
  }

  /** Load a snapshot made by `encode`; answers its safe seq, or undefined when it is another list's or version's. */
  restore(body: Buffer): number | undefined {
    const r = new SnapshotReader(body);
    const h = r.header as { type: string; fingerprint: string; safeSeq: number; slots: number; size: number; columns: { name: string; kind: ColumnKind }[]; orders: string[] };
    if (h.type !== this.spec.type || h.fingerprint !== this.fingerprint()) return undefined;
    const n = h.slots;
    const cap = Math.max(16, Math.ceil(n * 1.1));
    this.clearAll();
    this.capacity = cap;
    this.slots = n;
    this.live = r.u8('live', cap);
    this.ids = r.f64('ids', cap);
    this.seqs = r.f64('seqs', cap);
    this.texts.restore('', new Int32Array(1), cap);
    this.textsStale = true;
    this.store.capacity = cap;
    h.columns.forEach((c, i) => {
      const p = `c${i}`;
      const state =
        c.kind === 'num'
          ? { kind: c.kind, nums: r.f64(`${p}.nums`), flags: r.u8(`${p}.flags`) }
          : c.kind === 'bool' || c.kind === 'empty'
            ? { kind: c.kind, flags: r.u8(`${p}.flags`) }
            : c.kind === 'dict'
              ? { kind: c.kind, codes: r.i32(`${p}.codes`), dict: r.strings(`${p}.dict`) }
              : c.kind === 'plain'
                ? { kind: c.kind, flags: r.u8(`${p}.flags`), packed: r.packed(`${p}.values`) }
                : { kind: c.kind, values: r.json<unknown[]>(`${p}.values`) };
      this.store.add(Column.restore(c.name, cap, state));
    });
    this.syncViews();
    this.indexStale = false;
    this.index.restore(r.text('vocab'), r.i32('vocabOff'), r.i32('postStart'), r.i32('post'), cap);
    for (let s = 0; s < n; s++) {
      if (this.live[s]) {
        this.slotOf.set(this.ids[s]!, s);
        if (this.seqs[s]! > this.maxApplied) this.maxApplied = this.seqs[s]!;
      } else this.free.push(s);
    }
    this.free.reverse();
    this.size = h.size;
    for (const key of h.orders) {
      if (!this.sortKey(key)) continue;
      const a = r.i32(`order.${key}`, cap);
      this.orders.set(key, { a, n: this.size });
    }
    this.slotEpoch++;
    this.version++;
    return h.safeSeq;
  }

  private clearAll() {
    this.store = new ColumnStore();
    this.index = new WordIndex();
    this.live = new Uint8Array(0);
    this.ids = new Float64Array(0);
    this.seqs = new Float64Array(0);
    this.texts = new PackedStrings();
    this.indexStale = true;
    this.textsStale = false;
    this.slots = 0;
    this.capacity = 0;
    this.slotOf.clear();
    this.free = [];
    this.size = 0;
    this.orders.clear();
    this.joinedSorts.clear();
    this.slotEpoch++;
    this.version++;
    this.viewColumns = -1;
    this.syncViews();
  }

  // ---- applying changes -------------------------------------------------------------------------

  private ensureCapacity(slots: number) {
    if (slots <= this.capacity) return;
    const cap = Math.max(1024, Math.ceil(this.capacity * 1.5), slots);
    const g = <T extends Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      b.set(a);
      return b;
    };
    this.live = g(this.live);
    this.ids = g(this.ids);
    this.seqs = g(this.seqs);
    this.store.grow(cap);
    this.index.grow(cap);
    for (const o of this.orders.values()) {
      const a = new Int32Array(cap);
      a.set(o.a.subarray(0, o.n));
      o.a = a;
    }
    this.capacity = cap;
  }

  /** Apply one stored item (a feed entry): insert, replace or remove its row. */
  apply(item: Record<string, unknown>) {
    const id = Number(item.objectId);
    const seq = Number(item.seq);
    if (seq > this.maxApplied) this.maxApplied = seq;
    const slot = this.slotOf.get(id);
    if (slot !== undefined && this.seqs[slot]! >= seq) return; // already have this or newer
    if (item.deleted) {
      if (slot !== undefined) this.remove(id, slot);
      return;
    }
    const row = this.spec.project(item) as Record<string, unknown>;
    const text = this.spec.searchText(row as Own);
    this.changesSinceSnapshot++;
    this.version++;
    let s: number;
    if (slot !== undefined) {
      s = slot;
      this.detachFromOrders(s);
    } else {
      s = this.free.pop() ?? this.slots++;
      this.ensureCapacity(s + 1);
      this.slotOf.set(id, s);
      this.ids[s] = id;
      this.live[s] = 1;
      this.size++;
      this.slotEpoch++;
    }
    this.store.put(s, row, this.size);
    if (this.store.columns.length !== this.viewColumns) this.syncViews();
    this.seqs[s] = seq;
    this.texts.set(s, text);
    if (!this.indexStale) this.index.set(s, [...new Set(searchWords(text))]);
    this.attachToOrders(s);
    if (this.joined) for (const j of this.joined) if (j.fk && j.fk.length > s) {
      const ref = row[j.on];
      j.fk[s] = typeof ref === 'number' ? j.target.slotOfId(ref) : -1;
    }
  }

  private remove(id: number, slot: number) {
    this.detachFromOrders(slot);
    if (!this.indexStale) this.index.set(slot, []);
    this.store.clear(slot);
    this.live[slot] = 0;
    this.texts.set(slot, '');
    this.seqs[slot] = 0;
    this.slotOf.delete(id);
    this.free.push(slot);
    this.size--;
    this.changesSinceSnapshot++;
    this.version++;
    this.slotEpoch++;
  }

  // ---- sorting ----------------------------------------------------------------------------------

  /**
   * A sort key's normalised value per slot: a spec key (a column or a function of the row), '#id',
   * or '#col:<column>' (a column another list sorts by through a join). Undefined for a joined
   * column (joinedOrder sorts those).
   */
  private sortKey(key: string): ((slot: number) => Norm) | undefined {
    if (key === '#id') return (slot) => this.ids[slot]!;
    const k = key.startsWith('#col:') ? key.slice(5) : this.spec.sortKeys[key];
    if (k === undefined) return undefined;
    if (typeof k === 'string') {
      if (this.joinOfColumn(k)) return undefined;
      return (slot) => norm(this.store.column(k)?.get(slot));
    }
    return (slot) => norm(k(this.at(slot)));
  }

  private joinOfColumn(column: string): { decl: ListJoin; from: string } | undefined {
    for (const decl of this.spec.joins ?? []) if (column in decl.columns) return { decl, from: decl.columns[column]! };
    return undefined;
  }

  private compareSlots(value: (slot: number) => Norm, a: number, b: number): number {
    const va = value(a);
    const vb = value(b);
    if (va === vb) return this.ids[a]! - this.ids[b]!;
    if (va === null) return 1; // empty values last
    if (vb === null) return -1;
    return va < vb ? -1 : 1;
  }

  /** The ascending order of all live slots by a sort key (cached and maintained incrementally). */
  private order(key: string): Order {
    let o = this.orders.get(key);
    if (!o) {
      const value = this.sortKey(key)!;
      const slots = new Int32Array(this.size);
      const vals: Norm[] = new Array<Norm>(this.size);
      let m = 0;
      for (let s = 0; s < this.slots; s++) if (this.live[s]) slots[m++] = s;
      for (let i = 0; i < m; i++) vals[i] = value(slots[i]!);
      const pos = new Int32Array(m);
      for (let i = 0; i < m; i++) pos[i] = i;
      const ids = this.ids;
      pos.sort((x, y) => {
        const va = vals[x]!;
        const vb = vals[y]!;
        if (va === vb) return ids[slots[x]!]! - ids[slots[y]!]!;
        if (va === null) return 1;
        if (vb === null) return -1;
        return va < vb ? -1 : 1;
      });
      const a = new Int32Array(Math.max(this.capacity, m));
      for (let i = 0; i < m; i++) a[i] = slots[pos[i]!]!;
      o = { a, n: m };
      this.orders.set(key, o);
    }
    return o;
  }

  /** The position of a slot in an order (its values unchanged since it was attached), or -1. */
  private positionIn(o: Order, key: string, slot: number): number {
    const value = this.sortKey(key)!;
    const v = value(slot);
    let lo = 0;
    let hi = o.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = o.a[mid]!;
      const vo = value(other);
      const c = vo === v ? this.ids[other]! - this.ids[slot]! : vo === null ? 1 : v === null ? -1 : vo < v ? -1 : 1;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private detachFromOrders(slot: number) {
    for (const [key, o] of this.orders) {
      let i = this.positionIn(o, key, slot);
      if (o.a[i] !== slot || i >= o.n) i = o.a.subarray(0, o.n).indexOf(slot); // a function key whose value moved
      if (i < 0) continue;
      o.a.copyWithin(i, i + 1, o.n);
      o.n--;
    }
  }

  private attachToOrders(slot: number) {
    for (const [key, o] of this.orders) {
      const lo = this.positionIn(o, key, slot);
      if (o.n === o.a.length) {
        const a = new Int32Array(Math.max(16, o.a.length * 2));
        a.set(o.a);
        o.a = a;
      }
      o.a.copyWithin(lo + 1, lo, o.n);
      o.a[lo] = slot;
      o.n++;
    }
  }

  /**
   * The order by a joined column: the other list's order of that column ranks its rows (equal
   * values share a rank), and this list's rows are bucketed by their joined row's rank (a counting
   * sort, stable over this list's id order, so ties go by id; rows with no joined value last).
   * Cached until either list changes.
   */
  private joinedOrder(column: string): Order {
    const { decl, from } = this.joinOfColumn(column)!;
    const j = this.resolveJoins().find((x) => x.decl === decl)!;
    const versions = `${this.version}/${j.target.deepVersion()}`;
    const cached = this.joinedSorts.get(column);
    if (cached && cached.versions === versions) return cached.order;
    const fk = this.fkOf(j);
    const { order: targetOrder, value } = j.target.columnOrder(from);
    const rank = new Int32Array(Math.max(1, j.target.slots)).fill(-1);
    let r = -1;
    let prev: Norm | undefined;
    for (let i = 0; i < targetOrder.n; i++) {
      const t = targetOrder.a[i]!;
      const v = value(t);
      if (v === null) break; // empty values sort last, with the rows that join nothing
      if (i === 0 || v !== prev) r++;
      prev = v;
      rank[t] = r;
    }
    const buckets = r + 2; // ranks 0..r, then "none"
    const byId = this.idOrder();
    const keyOf = new Int32Array(this.capacity);
    const counts = new Int32Array(buckets + 1);
    for (let i = 0; i < byId.n; i++) {
      const s = byId.a[i]!;
      const t = fk[s]!;
      const k = t >= 0 && rank[t]! >= 0 ? rank[t]! : buckets - 1;
      keyOf[s] = k;
      counts[k + 1]!++;
    }
    for (let k = 0; k < buckets; k++) counts[k + 1]! += counts[k]!;
    const a = new Int32Array(byId.n);
    for (let i = 0; i < byId.n; i++) {
      const s = byId.a[i]!;
      a[counts[keyOf[s]!]!++] = s;
    }
    const order = { a, n: byId.n };
    this.joinedSorts.set(column, { versions, order });
    return order;
  }

  /** Live slots by id. */
  private idOrder(): Order {
    return this.order('#id');
  }

  /** The ascending order of one of this list's columns and its normalised value (for lists joining this one). */
  columnOrder(column: string): { order: Order; value: (slot: number) => Norm } {
    // a column this list joins itself (a join of a join)
    if (this.joinOfColumn(column)) return { order: this.joinedOrder(column), value: (slot) => norm(this.cell(slot, column)) };
    const own = Object.entries(this.spec.sortKeys).find(([, v]) => v === column)?.[0];
    const key = own ?? `#col:${column}`;
    return { order: this.order(key), value: this.sortKey(key)! };
  }

  /** The sort key and direction of an orderBy, by the one shared parser (400 for an unknown field or direction). */
  private parseOrder(orderBy: string | undefined): { key: string; desc: boolean } {
    const keys = Object.keys(this.spec.sortKeys).filter((k) => !k.startsWith('#'));
    try {
      const { field, desc } = parseOrderBy(orderBy, keys, this.spec.defaultSort);
      return { key: field, desc };
    } catch (e) {
      if (e instanceof SortFieldError) throw new BadRequestError(e.message, { orderBy: e.fieldMessage });
      throw e;
    }
  }

  // ---- keyword ----------------------------------------------------------------------------------

  /** The search texts of every slot, derived from the columns (once after a snapshot load). */
  private ensureTexts(): PackedStrings {
    if (this.textsStale) {
      const n = this.slots;
      const parts = new Array<string>(n);
      const offs = new Int32Array(n + 1);
      let at = 0;
      for (let s = 0; s < n; s++) {
        const t = this.live[s] ? this.spec.searchText(this.at(s) as unknown as Own) : '';
        parts[s] = t;
        at += t.length;
        offs[s + 1] = at;
      }
      this.texts.restore(parts.join(''), offs, this.capacity);
      this.textsStale = false;
    }
    return this.texts;
  }

  private ensureIndex(): WordIndex {
    if (this.indexStale) {
      this.ensureTexts();
      this.index.build(this.slots, this.live, (s) => this.texts.get(s), this.capacity);
      this.indexStale = false;
    }
    return this.index;
  }

  /** Per slot of the other list, whether a keyword word matches its search text (for joined search). */
  private wordMask(word: string, fullText: boolean): Uint8Array | undefined {
    const mask = new Uint8Array(Math.max(1, this.capacity));
    let any = false;
    if (fullText) {
      this.ensureTexts().stampContaining(word, this.slots, this.live, mask, 0, 1);
      any = mask.includes(1);
    } else {
      this.ensureIndex().stamp(word, mask, 0, 1);
      any = mask.includes(1);
    }
    return any ? mask : undefined;
  }

  /**
   * Slots matching every keyword word: in their own search text (word prefixes through the index,
   * or anywhere with fullText), or, for a searchable join, in the joined row's search text.
   * Answers a stamp per slot: a slot matches when its stamp equals the number of words.
   */
  private keywordStamps(words: string[], fullText: boolean): Int32Array {
    if (this.ensureIndex().pending > INDEX_MERGE_AT) this.index.merge();
    const stamps = new Int32Array(this.slots);
    const joins = this.resolveJoins().filter((j) => j.decl.search);
    words.forEach((w, k) => {
      const others = joins.flatMap((j) => {
        const m = j.target.wordMask(w, fullText);
        return m ? [{ m, fk: this.fkOf(j) }] : [];
      });
      if (fullText) {
        this.ensureTexts().stampContaining(w, this.slots, this.live, stamps, k, k + 1);
      } else {
        this.index.stamp(w, stamps, k, k + 1);
      }
      for (const { m, fk } of others) {
        for (let s = 0; s < this.slots; s++) {
          if (stamps[s] !== k) continue;
          const t = fk[s]!;
          if (t >= 0 && m[t] === 1) stamps[s] = k + 1;
        }
      }
    });
    return stamps;
  }

  // ---- queries ----------------------------------------------------------------------------------

  /** Filter, search, sort and page; totalCount is exact. */
  async query(q: ListQuery<Row>): Promise<ListPage<Row>> {
    await this.refresh();
    return this.queryLoaded(q);
  }

  queryLoaded(q: ListQuery<Row>): ListPage<Row> {
    const skip = Math.max(0, Math.floor(q.skip ?? 0));
    const limit = Math.max(0, Math.floor(q.limit ?? 100));
    if (!q.filter && keywordWords(q.keyword, q.fullText === true).length === 0) {
      const data: Row[] = [];
      for (const slot of this.matchingSlots(q, skip, limit)) data.push(this.row(slot));
      return { data, totalCount: this.size };
    }
    const data: Row[] = [];
    let matched = 0;
    for (const slot of this.matchingSlots(q, 0, Number.MAX_SAFE_INTEGER)) {
      if (matched >= skip && data.length < limit) data.push(this.row(slot));
      matched++;
      if (!q.getTotalCount && data.length >= limit) break;
    }
    return { data, totalCount: q.getTotalCount === false ? -1 : matched };
  }

  /** The slots matching a query in its order, from the skip-th (a generator: callers stop when they have enough). */
  private *matchingSlots(q: Omit<ListQuery<Row>, 'limit' | 'skip'>, skip: number, limit: number): Generator<number> {
    const { key, desc } = this.parseOrder(q.orderBy);
    const order = this.sortKey(key) ? this.order(key) : this.joinedOrder(this.spec.sortKeys[key] as string);
    const fullText = q.fullText === true;
    const words = keywordWords(q.keyword, fullText);
    const filter = q.filter;
    const n = order.n;
    if (!filter && words.length === 0) {
      for (let i = skip; i < Math.min(n, skip + limit); i++) yield order.a[desc ? n - 1 - i : i]!;
      return;
    }
    const stamps = words.length ? this.keywordStamps(words, fullText) : undefined;
    const need = words.length;
    // Decide matches in slot order (sequential memory), then walk the sorted order over the mask.
    const mask = new Uint8Array(this.slots);
    const view = this.view;
    for (let slot = 0; slot < this.slots; slot++) {
      if (!this.live[slot]) continue;
      if (stamps && stamps[slot] !== need) continue;
      if (filter) {
        view.s = slot;
        if (!filter(view as unknown as Row)) continue;
      }
      mask[slot] = 1;
    }
    let matched = 0;
    for (let i = 0; i < n && matched < skip + limit; i++) {
      const slot = order.a[desc ? n - 1 - i : i]!;
      if (mask[slot] === 0) continue;
      if (matched >= skip) yield slot;
      matched++;
    }
  }

  /**
   * Several filtered queries at once (the home page's queues): one refresh and one pass over the
   * rows decides every query's matches (and calls `visit` with each live row, for tallies), then
   * each query walks its own order for its first `limit` rows. Exact totals; no keyword.
   */
  async queryMany(queries: readonly Omit<ListQuery<Row>, 'keyword' | 'fullText' | 'skip' | 'getTotalCount'>[], visit?: (row: Row) => void): Promise<ListPage<Row>[]> {
    await this.refresh();
    const masks = queries.map(() => new Uint8Array(this.slots));
    const totals = queries.map(() => 0);
    const view = this.view;
    for (let slot = 0; slot < this.slots; slot++) {
      if (!this.live[slot]) continue;
      view.s = slot;
      const row = view as unknown as Row;
      if (visit) visit(row);
      for (let i = 0; i < queries.length; i++) {
        const f = queries[i]!.filter;
        if (!f || f(row)) {
          masks[i]![slot] = 1;
          totals[i]!++;
        }
      }
    }
    return queries.map((q, i) => {
      const { key, desc } = this.parseOrder(q.orderBy);
      const order = this.sortKey(key) ? this.order(key) : this.joinedOrder(this.spec.sortKeys[key] as string);
      const limit = Math.max(0, Math.floor(q.limit ?? 100));
      const data: Row[] = [];
      const mask = masks[i]!;
      for (let k = 0; k < order.n && data.length < limit; k++) {
        const slot = order.a[desc ? order.n - 1 - k : k]!;
        if (mask[slot] === 1) data.push(this.row(slot));
      }
      return { data, totalCount: totals[i]! };
    });
  }

  /** The ids of every row matching a query, in its order (exports: no row objects are built). */
  async idsOf(q: Omit<ListQuery<Row>, 'skip' | 'limit' | 'getTotalCount'>): Promise<number[]> {
    await this.refresh();
    const out: number[] = [];
    for (const slot of this.matchingSlots(q, 0, Number.MAX_SAFE_INTEGER)) out.push(this.ids[slot]!);
    return out;
  }

  /** The rows of these ids, in their order (ids not in the list are left out). */
  async rowsOf(ids: readonly number[]): Promise<Row[]> {
    await this.refresh();
    const rows: Row[] = [];
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && this.live[slot]) rows.push(this.row(slot));
    }
    return rows;
  }

  /**
   * Every row matching a query, in its order, a batch at a time (reports: at most `batch` row
   * objects exist at once). The rows are those of the moment the walk starts.
   */
  async *batches(q: Omit<ListQuery<Row>, 'skip' | 'limit' | 'getTotalCount'>, batch: number): AsyncGenerator<Row[]> {
    const ids = await this.idsOf(q);
    for (let i = 0; i < ids.length; i += batch) {
      const rows: Row[] = [];
      for (const id of ids.slice(i, i + batch)) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined && this.live[slot]) rows.push(this.row(slot));
      }
      yield rows;
    }
  }

  /** Rows matching a query, without paging (exports, type-ahead). */
  async all(q: Omit<ListQuery<Row>, 'skip' | 'limit'>, max: number): Promise<Row[]> {
    return (await this.query({ ...q, skip: 0, limit: max, getTotalCount: false })).data;
  }

  /** For tests: how the columns are held. */
  describeColumns(): { name: string; kind: ColumnKind; distinct?: number }[] {
    return this.store.columns.map((c) => ({ name: c.name, kind: c.kind, ...(c.kind === 'dict' ? { distinct: c.dict.length } : {}) }));
  }
}

const engines = new Map<string, ListEngine<unknown>>();
/** The container's engine of a list type (created on first use). */
export function listEngine<Row, Own = Row>(spec: ListSpec<Row, Own>): ListEngine<Row, Own> {
  let e = engines.get(spec.type) as ListEngine<Row, Own> | undefined;
  if (!e) {
    e = new ListEngine(spec);
    engines.set(spec.type, e as unknown as ListEngine<unknown>);
  }
  return e;
}
/** For tests: forget every engine (a new container). */
export const resetListEngines = () => engines.clear();
