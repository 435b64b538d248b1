import { EqualityIndex } from './equality';
import { norm, type Norm } from './rows';
import { SearchableList } from './search';
import type { ListQuery } from './spec';

/** Past this many candidates a query walks its sort order over a mask rather than sorting them. */
export const CANDIDATE_SORT_MAX = 4_096;

/**
 * Query planning: a query's hints (ListQuery.equals, .range) narrow the rows its filter is tried
 * on to the candidates of the most selective hint (an equality index answers O(matches); a range
 * is two binary searches over the key's cached order), instead of a pass over every row.
 */
export abstract class PlannedList<Row, Own = Row> extends SearchableList<Row, Own> {
  /** The live slots a query's hints allow (a superset of its matches), or undefined: every row. */
  protected candidates(q: Pick<ListQuery<Row>, 'equals' | 'range'>): readonly number[] | Int32Array | undefined {
    const lists: (readonly number[] | Int32Array)[] = [];
    if (q.equals) {
      const e = this.equality(q.equals.column);
      if (e) lists.push(e.slots(q.equals.value));
    }
    if (q.range) {
      const r = this.rangeSlots(q.range.column, q.range.from, q.range.to);
      if (r) lists.push(r);
    }
    if (lists.length === 0) return undefined;
    return lists.reduce((a, b) => (b.length < a.length ? b : a));
  }

  /** The equality index of an own column (built on first use), or undefined for another column. */
  protected equality(column: string): EqualityIndex | undefined {
    let e = this.equalities.get(column);
    if (!e) {
      const c = this.store.column(column);
      if (!c) return undefined;
      e = new EqualityIndex(column, this.slots, this.live, (s) => c.get(s));
      this.equalities.set(column, e);
    }
    return e;
  }

  /** The slots whose column value lies within [from, to] (see ListQuery.range), or undefined for a column not its own. */
  protected rangeSlots(column: string, from: string | number | undefined, to: string | number | undefined): Int32Array | undefined {
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
    return start < end ? o.a.slice(start, end) : new Int32Array(0);
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
