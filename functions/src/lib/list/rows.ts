import { ColumnStore } from './column-store';
import type { EqualityIndex } from './equality';
import type { Tally } from './tally';
import { PackedStrings } from './strings';
import type { ListJoin, ListSpec } from './spec';
import { WordIndex } from './word-index';
import { SlotMap } from './slot-map';

/**
 * The generic list engine (ARCHITECTURE "Lists and search"), in layers, each in its own file:
 *   rows.ts      the row table: slots, ids, seqs, columns (column-store.ts, columns.ts), search
 *                texts, row views
 *   joins.ts     columns joined from other lists, read at query time
 *   orders.ts    cached sort orders, maintained incrementally
 *   changes.ts   applying a feed item (insert, replace, remove)
 *   search.ts    keyword search (word-index.ts, full text)
 *   plan.ts      the candidate rows of a query's hints: equality indexes (equality.ts), ranges
 *   persist.ts   the binary snapshot in S3 (snapshot.ts)
 *   catch-up.ts  reading the change feed up to the counter (the safe mark)
 *   engine.ts    ListEngine: queries, and the container's registry
 * One instance per list type and Lambda container keeps an in-memory projection of every item of
 * the type, column-wise, with a word-prefix index, cached sort orders and exact counts.
 */

export type Norm = string | number | null;
/** A sort value as orders compare it: lower-case strings, numbers, booleans as 0/1, empty as null. */
export function norm(v: unknown): Norm {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return v.toLowerCase();
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return String(v).toLowerCase();
}

/** A sorted order of slots, with room to insert. */
export interface Order {
  a: Int32Array;
  n: number;
}

/**
 * An order by a joined column (SortedList.joinedOrder), as of `versions`, with what it was sorted
 * by: a slot's place before ties (its joined row's rank; rows that join nothing or an empty value last).
 */
export interface JoinedSort {
  versions: string;
  order: Order;
  place: (slot: number) => number;
}

/**
 * What a list joining another reads of it (the other list's engine, ListEngine, offers it): its
 * rows by id and slot, its versions, its column orders and word masks, brought up to date by refresh.
 */
export interface JoinTarget {
  refresh(): Promise<void>;
  slotOfId(id: number): number;
  readonly slotEpoch: number;
  readonly slotCount: number;
  cell(slot: number, column: string): unknown;
  deepVersion(): string;
  columnOrder(column: string): { order: Order; value: (slot: number) => Norm };
  wordMask(word: string, fullText: boolean): Uint8Array | undefined;
}

/** A resolved join: the other list's engine and, per slot of this list, the other row's slot (-1: none). */
export interface Joined {
  decl: ListJoin;
  target: JoinTarget;
  on: string;
  /** joined column name -> the other list's column name */
  columns: [string, string][];
  fk: Int32Array | undefined;
  fkEpoch: number;
}

export interface ListEngineOptions {
  snapshots?: boolean;
  inFlightMax?: number;
  resolve?: (spec: ListSpec<unknown>) => JoinTarget;
}

/** The row table every layer works on. */
export abstract class ListRows<Row, Own = Row> {
  protected store = new ColumnStore();
  protected index = new WordIndex();
  protected live = new Uint8Array(0);
  protected ids = new Float64Array(0);
  protected seqs = new Float64Array(0);
  protected texts = new PackedStrings();
  /** the word index is built on first use (a cold start from the feed does not tokenise row by row) */
  protected indexStale = true;
  /** after a snapshot load the search texts are derived from the columns on first use (full text, index) */
  protected textsStale = false;
  /** slots in use (including freed ones): the high-water mark */
  protected slots = 0;
  /** How many slots the list has used (a joining list sizes its tables by it). */
  get slotCount(): number {
    return this.slots;
  }
  protected capacity = 0;
  protected slotOf = new SlotMap();
  protected free: number[] = [];
  protected size = 0;
  /** sort key -> ascending order of the live slots (descending reads it backwards) */
  protected orders = new Map<string, Order>();
  /** bumped by every change of a row (joined sorts cache against it) */
  version = 0;
  /** bumped when a slot is taken or freed (joins map ids to slots against it) */
  slotEpoch = 0;
  protected joined: Joined[] | undefined;
  protected joinedSorts = new Map<string, JoinedSort>();
  /** column -> its equality index (built when a query first names the column in `equals`) */
  protected equalities = new Map<string, EqualityIndex>();
  /** name -> a tally kept up to date by every change (tally.ts; declared by ListEngine.tally) */
  protected tallies = new Map<string, Tally<Row>>();
  /** the highest seq applied (a refresh retries while the counter is above it) */
  protected maxApplied = 0;
  /**
   * The safe mark (catch-up.ts): every write stamped at or below it is applied; a snapshot is
   * written as of it.
   */
  protected safe = 0;
  protected changesSinceSnapshot = 0;
  /** statistics for the benchmark */
  stats = { refreshes: 0, feedQueries: 0, itemsRead: 0, snapshotLoaded: false, snapshotWritten: false };

  constructor(
    readonly spec: ListSpec<Row, Own>,
    protected readonly options: ListEngineOptions = {},
  ) {
    this.syncViews();
  }

  protected get snapshots(): boolean {
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
  protected view!: Record<string, unknown> & { s: number };
  protected viewColumns = -1;

  protected syncViews() {
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
  protected at(slot: number): Row {
    this.view.s = slot;
    return this.view as unknown as Row;
  }
  /** A joined column's value for a slot (joins.ts). */
  protected abstract joinedValue(decl: ListJoin, from: string, slot: number): unknown;

  protected ensureCapacity(slots: number) {
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

  /**
   * Per-slot working tables a query needs (its match mask, its keyword stamps), kept between
   * queries and zeroed for each: a new one per query at 500,000 rows is megabytes of garbage a
   * query, whose collections landed in the slowest queries' times. A query uses one synchronously
   * and is done with it before the next takes it.
   */
  private scratchBytes = new Uint8Array(0);
  private scratchStampBytes = new Uint8Array(0);
  private scratchWords = new Uint8Array(0);
  protected scratchMask(n: number): Uint8Array {
    if (this.scratchBytes.length < n) this.scratchBytes = new Uint8Array(Math.max(n, this.capacity));
    return this.scratchBytes.fill(0, 0, n).subarray(0, n);
  }
  /** A stamp per slot: a byte (a keyword has fewer than 255 words), else a table of its own. */
  protected scratchStamps(n: number, words: number): Uint8Array | Int32Array {
    if (words >= 255) return new Int32Array(n);
    if (this.scratchStampBytes.length < n) this.scratchStampBytes = new Uint8Array(Math.max(n, this.capacity));
    return this.scratchStampBytes.fill(0, 0, n).subarray(0, n);
  }
  /** (a list joining this one reads it while this list's own query tables may be in use) */
  protected scratchWordMask(n: number): Uint8Array {
    if (this.scratchWords.length < n) this.scratchWords = new Uint8Array(Math.max(n, this.capacity));
    return this.scratchWords.fill(0, 0, n).subarray(0, n);
  }
}
