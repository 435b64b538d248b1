import type { Column } from './columns';
import { EqualityIndex } from './equality';
import { norm, type Norm } from './rows';
import { SearchableList } from './search';
import type { ListEquals, ListNotIn, ListQuery, ListRange } from './spec';

/** Past this many candidates a query walks its sort order over a mask rather than sorting them. */
export const CANDIDATE_SORT_MAX = 4_096;

/** A test of one slot (a hint's condition, by a read of its column). */
export type SlotTest = (slot: number) => boolean;

/** The rows a query's hints leave: `slots` (in `orderKey`'s order when set), each still to pass `tests`. */
export interface Candidates {
  slots: readonly number[] | Int32Array;
  /** the sort key whose ascending order `slots` are in (a range's), else undefined (no order) */
  orderKey: string | undefined;
  /** the hints the chosen one does not answer: tested per candidate (a column read each) */
  tests: SlotTest[];
  /** whether a slot is among the candidates without looking them up (the chosen equality's or range's test) */
  member?: SlotTest;
}

/** A range tested on a candidate: its column's normalised value within [lo, hi] (null: unbounded). */
interface RangeCheck {
  column: Column;
  lo: Norm;
  hi: Norm;
}

/** Whether a value lies within a range (as rangeBounds finds it: empty values in none). */
function valueInRange(r: Omit<RangeCheck, 'column'>, raw: unknown): boolean {
  if (typeof raw === 'string' && typeof (r.lo ?? '') === 'string' && typeof (r.hi ?? '') === 'string') {
    // compared as norm() would make it, without making the lower-case copy (a date's 'T')
    if (raw === '') return false;
    return (r.lo === null || compareFolded(raw, r.lo as string, Infinity) >= 0) && (r.hi === null || compareFolded(raw, r.hi as string, (r.hi as string).length) <= 0);
  }
  const v = norm(raw);
  return v !== null && (r.lo === null || v >= r.lo) && (r.hi === null || !beyond(v, r.hi));
}

/** The test of a range on a column (numbers compared in place, a dictionary's strings once per code: columns.ts). */
function rangeTest(r: RangeCheck): SlotTest {
  const { lo, hi } = r;
  const numbers = typeof (lo ?? 0) === 'number' && typeof (hi ?? 0) === 'number' ? { min: lo === null ? -Infinity : (lo as number), max: hi === null ? Infinity : (hi as number) } : undefined;
  return r.column.valueTest((v) => valueInRange(r, v), numbers);
}

/**
 * A string against an already lower-case bound, as `a.toLowerCase().slice(0, upTo)` compares with
 * `b` (negative, 0, positive), without building the lower-case copy (a non-ASCII string is).
 */
function compareFolded(a: string, b: string, upTo: number): number {
  const n = Math.min(a.length, upTo);
  for (let i = 0; i < n && i < b.length; i++) {
    let c = a.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    else if (c > 127) {
      const x = a.toLowerCase().slice(0, upTo);
      return x < b ? -1 : x > b ? 1 : 0;
    }
    const d = b.charCodeAt(i);
    if (c !== d) return c - d;
  }
  return n - b.length;
}

const asList = <T>(v: T | readonly T[] | undefined): readonly T[] => (v === undefined ? [] : Array.isArray(v) ? (v as readonly T[]) : [v as T]);

/**
 * Query planning: a query's hints (ListQuery.equals, .range) narrow the rows its filter is tried
 * on to the candidates of the most selective hint (an equality index answers O(matches); a range
 * is two binary searches over the key's cached order), instead of a pass over every row. Every
 * hint's size is known before any is read (a posting list's length, a range's two bounds), so only
 * the smallest is materialised; the other hints are tested on its candidates by a column read.
 * Every hint is exact (ListQuery): the filter leaves them out.
 */
export abstract class PlannedList<Row, Own = Row> extends SearchableList<Row, Own> {
  /**
   * The candidates of a query's hints, or undefined when it has none (every row). `keywordHits`:
   * the slots matching its keyword (every word), a candidate list like a hint's, chosen when it is
   * the smallest (the keyword is then tested by its stamps, every hint by a column read).
   */
  protected candidates(q: Pick<ListQuery<Row>, 'equals' | 'range'>, keywordHits?: readonly number[]): Candidates | undefined {
    const equals = asList<ListEquals>(q.equals);
    const ranges = asList<ListRange>(q.range);
    if (equals.length === 0 && ranges.length === 0 && !keywordHits) return undefined;
    const none: Candidates = { slots: [], orderKey: undefined, tests: [] };
    let best: { size: number; take: () => readonly number[] | Int32Array; orderKey?: string; eq?: number; range?: number } | undefined =
      keywordHits && { size: keywordHits.length, take: () => keywordHits };
    for (let i = 0; i < equals.length; i++) {
      const e = equals[i]!;
      const index = this.equality(e.column);
      if (!index) return none; // no row has the column: none holds the value
      const posting = index.slots(e.value);
      if (!best || posting.length < best.size) best = { size: posting.length, take: () => posting, eq: i };
    }
    for (let i = 0; i < ranges.length; i++) {
      const r = ranges[i]!;
      if (!this.ownColumn(r.column)) return none; // no row has the column: none is in the range
      const b = this.rangeBounds(r.column, r.from, r.to)!;
      // (the order's own array, not a copy: read before anything changes the list)
      if (!best || b.end - b.start < best.size) best = { size: b.end - b.start, take: () => b.order.a.subarray(b.start, b.end), orderKey: b.key, range: i };
    }
    // every hint as a test by a column read: the chosen one's tells a candidate (member), the others' are left to test
    const eqTests = equals.map((e) => this.store.column(e.column)!.equalsTest(e.value));
    const rangeTests = ranges.map((r) => rangeTest({ column: this.store.column(r.column)!, lo: norm(r.from), hi: norm(r.to) }));
    const { eq, range } = best!;
    const member = eq !== undefined ? eqTests[eq] : range !== undefined ? rangeTests[range] : undefined;
    return {
      slots: best!.take(),
      orderKey: best!.orderKey,
      tests: [...eqTests.filter((_, i) => i !== eq), ...rangeTests.filter((_, i) => i !== range)],
      ...(member ? { member } : {}),
    };
  }

  /** The tests of a query's exclusions (ListQuery.notIn): never candidates, each a column read per row tested. */
  protected exclusions(q: Pick<ListQuery<Row>, 'notIn'>): SlotTest[] {
    return asList<ListNotIn>(q.notIn).map((x) => {
      if (!this.ownColumn(x.column)) return () => true; // no row has the column: none holds an excluded value
      return this.store.column(x.column)!.notInTest(x.values);
    });
  }

  /**
   * Whether a column is one of the list's own, held by a row (false: no row holds it yet). A hint
   * on a column another list holds (a join) is a programming error.
   */
  private ownColumn(column: string): boolean {
    if (this.store.column(column)) return true;
    if (this.size === 0 || !(this.spec.joins ?? []).some((j) => column in j.columns)) return false;
    throw new Error(`${this.spec.type}: a hint needs an own column, not the joined ${column}`);
  }

  /**
   * The equality index of an own column (built on first use); undefined while no row has the
   * column. An equality hint on a column that is not the list's own is a programming error.
   */
  protected equality(column: string): EqualityIndex | undefined {
    let e = this.equalities.get(column);
    if (!e) {
      if (!this.ownColumn(column)) return undefined;
      const c = this.store.column(column)!;
      e = new EqualityIndex(column, this.slots, this.live, (s) => c.get(s));
      this.equalities.set(column, e);
    }
    return e;
  }

  /** Where [from, to] lies in the column's cached order (positions start..end), or undefined for a column not its own. */
  protected rangeBounds(column: string, from: string | number | undefined, to: string | number | undefined): { key: string; order: { a: Int32Array; n: number }; start: number; end: number } | undefined {
    if (!this.store.column(column)) return undefined;
    // the order of a sort key of that column when the list declares one, else the column's own
    const key = Object.entries(this.spec.sortKeys).find(([, v]) => v === column)?.[0] ?? `#col:${column}`;
    const value = this.sortKey(key)!;
    const o = this.order(key);
    const lo = norm(from);
    const hi = norm(to);
    // empty values sort last: the non-empty ones are o.a[0 .. nonEmpty)
    const nonEmpty = this.firstWhere(o.a, o.n, (v) => v === null, value);
    const start = lo === null ? 0 : this.firstWhere(o.a, nonEmpty, (v) => v! >= lo, value);
    const end = hi === null ? nonEmpty : this.firstWhere(o.a, nonEmpty, (v) => beyond(v!, hi), value);
    return { key, order: o, start, end: Math.max(start, end) };
  }

  /** The first position in a[0..n) where a monotone test of the slot's value holds (n when none). */
  private firstWhere(a: Int32Array, n: number, test: (v: Norm) => boolean, value: (slot: number) => Norm): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (test(value(a[mid]!))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** A value past a range's upper end: a string compares by its first `to.length` characters. */
function beyond(v: string | number, to: string | number): boolean {
  if (typeof v === 'string' && typeof to === 'string') return v.slice(0, to.length) > to;
  return v > to;
}
