import { parseOrderBy, SortFieldError } from '@eb/shared/paging';
import { BadRequestError } from '../errors';
import { JoinedList } from './joins';
import { norm, type JoinedSort, type Norm, type Order } from './rows';

/**
 * Sort orders: per sort key, the ascending order of the live slots (descending reads it
 * backwards), built on first use and kept up to date row by row; orders by a joined column are
 * rebuilt (a counting sort) when either list changed.
 */
export abstract class SortedList<Row, Own = Row> extends JoinedList<Row, Own> {
  // ---- sorting ----------------------------------------------------------------------------------

  /**
   * A sort key's normalised value per slot: a spec key (a column or a function of the row), '#id',
   * or '#col:<column>' (a column another list sorts by through a join). Undefined for a joined
   * column (joinedOrder sorts those).
   */
  protected sortKey(key: string): ((slot: number) => Norm) | undefined {
    if (key === '#id') return (slot) => this.ids[slot]!;
    const k = key.startsWith('#col:') ? key.slice(5) : this.spec.sortKeys[key];
    if (k === undefined) return undefined;
    if (typeof k === 'string') {
      if (this.joinOfColumn(k)) return undefined;
      return (slot) => norm(this.store.column(k)?.get(slot));
    }
    return (slot) => norm(k(this.at(slot)));
  }

  protected compareSlots(value: (slot: number) => Norm, a: number, b: number): number {
    const va = value(a);
    const vb = value(b);
    if (va === vb) return this.ids[a]! - this.ids[b]!;
    if (va === null) return 1; // empty values last
    if (vb === null) return -1;
    return va < vb ? -1 : 1;
  }

  /** The ascending order of all live slots by a sort key (cached and maintained incrementally). */
  protected order(key: string): Order {
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
  protected positionIn(o: Order, key: string, slot: number): number {
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

  /** The slot's position in an order (its values unchanged since it was attached), or -1 when it is not in it. */
  private placeIn(o: Order, key: string, slot: number): number {
    const i = this.positionIn(o, key, slot);
    return i < o.n && o.a[i] === slot ? i : o.a.subarray(0, o.n).indexOf(slot); // (a function key whose value moved)
  }

  protected detachFromOrders(slot: number) {
    for (const [key, o] of this.orders) {
      const i = this.placeIn(o, key, slot);
      if (i < 0) continue;
      o.a.copyWithin(i, i + 1, o.n);
      o.n--;
    }
  }

  /** The slot's position in every order, before its values change (for moveInOrders). */
  protected placesInOrders(slot: number): number[] {
    const places: number[] = [];
    for (const [key, o] of this.orders) places.push(this.placeIn(o, key, slot));
    return places;
  }

  /**
   * After a slot's values changed: in each order where it no longer sits between its neighbours, it
   * is moved from the place it had (placesInOrders) to where its new value goes; an order whose
   * value did not change is left as it is (no shift of the array).
   */
  protected moveInOrders(slot: number, places: readonly number[]) {
    let k = 0;
    for (const [key, o] of this.orders) {
      const i = places[k++]!;
      const value = this.sortKey(key)!;
      if (i >= 0 && (i === 0 || this.compareSlots(value, o.a[i - 1]!, slot) < 0) && (i === o.n - 1 || this.compareSlots(value, slot, o.a[i + 1]!) < 0)) continue;
      if (i >= 0) {
        o.a.copyWithin(i, i + 1, o.n);
        o.n--;
      }
      this.insertInOrder(o, key, slot);
    }
  }

  protected attachToOrders(slot: number) {
    for (const [key, o] of this.orders) this.insertInOrder(o, key, slot);
  }

  private insertInOrder(o: Order, key: string, slot: number) {
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

  /**
   * The order by a joined column: the other list's order of that column ranks its rows (equal
   * values share a rank), and this list's rows are bucketed by their joined row's rank (a counting
   * sort, stable over this list's id order, so ties go by id; rows with no joined value last).
   * Cached until either list changes.
   */
  protected joinedOrder(column: string): Order {
    return this.joinedSort(column).order;
  }

  /**
   * A slot's place by a joined column before ties (its joined row's rank; rows that join nothing or
   * an empty value last): a few rows sorted by it and then by id are in the joined order's order,
   * without walking it.
   */
  protected joinedRank(column: string): (slot: number) => number {
    return this.joinedSort(column).place;
  }

  private joinedSort(column: string): JoinedSort {
    const { decl, from } = this.joinOfColumn(column)!;
    const j = this.resolveJoins().find((x) => x.decl === decl)!;
    const versions = `${this.version}/${j.target.deepVersion()}`;
    const cached = this.joinedSorts.get(column);
    if (cached && cached.versions === versions) return cached;
    const fk = this.fkOf(j);
    const { order: targetOrder, value } = j.target.columnOrder(from);
    const rank = new Int32Array(Math.max(1, j.target.slotCount)).fill(-1);
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
    const none = buckets - 1;
    const place = (slot: number) => {
      const t = fk[slot]!;
      return t >= 0 && rank[t]! >= 0 ? rank[t]! : none;
    };
    const byId = this.idOrder();
    const keyOf = new Int32Array(this.capacity);
    const counts = new Int32Array(buckets + 1);
    for (let i = 0; i < byId.n; i++) {
      const s = byId.a[i]!;
      const k = place(s);
      keyOf[s] = k;
      counts[k + 1]!++;
    }
    for (let k = 0; k < buckets; k++) counts[k + 1]! += counts[k]!;
    const a = new Int32Array(byId.n);
    for (let i = 0; i < byId.n; i++) {
      const s = byId.a[i]!;
      a[counts[keyOf[s]!]!++] = s;
    }
    const sort: JoinedSort = { versions, order: { a, n: byId.n }, place };
    this.joinedSorts.set(column, sort);
    return sort;
  }

  /** Live slots by id. */
  protected idOrder(): Order {
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
  protected parseOrder(orderBy: string | undefined): { key: string; desc: boolean } {
    const keys = Object.keys(this.spec.sortKeys).filter((k) => !k.startsWith('#'));
    try {
      const { field, desc } = parseOrderBy(orderBy, keys, this.spec.defaultSort);
      return { key: field, desc };
    } catch (e) {
      if (e instanceof SortFieldError) throw new BadRequestError(e.message, { orderBy: e.fieldMessage });
      throw e;
    }
  }
}
