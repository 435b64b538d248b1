import { keywordWords } from '@eb/shared/paging';
import { FeedList } from './catch-up';
import type { ColumnKind } from './columns';
import { CANDIDATE_SORT_MAX } from './plan';
import type { ListEngineOptions } from './rows';
import type { ListPage, ListQuery, ListSpec } from './spec';

/**
 * The generic list engine (ARCHITECTURE "Lists and search"): the queries over the layers below
 * (rows.ts lists them), and the container's registry of engines.
 */
export class ListEngine<Row, Own = Row> extends FeedList<Row, Own> {
  constructor(spec: ListSpec<Row, Own>, options: ListEngineOptions = {}) {
    super(spec, { resolve: (s) => listEngine(s), ...options });
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
  protected *matchingSlots(q: Omit<ListQuery<Row>, 'limit' | 'skip'>, skip: number, limit: number): Generator<number> {
    const { key, desc } = this.parseOrder(q.orderBy);
    const fullText = q.fullText === true;
    const words = keywordWords(q.keyword, fullText);
    const filter = q.filter;
    const value = this.sortKey(key);
    const cands = filter || words.length ? this.candidates(q) : undefined;
    const stamps = words.length ? this.keywordStamps(words, fullText) : undefined;
    const need = words.length;
    const view = this.view;
    if (cands && value && cands.length <= CANDIDATE_SORT_MAX) {
      // few candidates: test them and sort the matches (by value, ties by id, as the order does)
      const hits: number[] = [];
      for (const slot of cands) {
        if (stamps && stamps[slot] !== need) continue;
        if (filter) {
          view.s = slot;
          if (!filter(view as unknown as Row)) continue;
        }
        hits.push(slot);
      }
      hits.sort((a, b) => this.compareSlots(value, a, b));
      if (desc) hits.reverse();
      for (let i = skip; i < Math.min(hits.length, skip + limit); i++) yield hits[i]!;
      return;
    }
    const order = value ? this.order(key) : this.joinedOrder(this.spec.sortKeys[key] as string);
    const n = order.n;
    if (!filter && words.length === 0) {
      for (let i = skip; i < Math.min(n, skip + limit); i++) yield order.a[desc ? n - 1 - i : i]!;
      return;
    }
    // Decide matches in slot order (sequential memory), then walk the sorted order over the mask.
    const mask = new Uint8Array(this.slots);
    if (cands) {
      for (const slot of cands) {
        if (stamps && stamps[slot] !== need) continue;
        if (filter) {
          view.s = slot;
          if (!filter(view as unknown as Row)) continue;
        }
        mask[slot] = 1;
      }
    } else {
      for (let slot = 0; slot < this.slots; slot++) {
        if (!this.live[slot]) continue;
        if (stamps && stamps[slot] !== need) continue;
        if (filter) {
          view.s = slot;
          if (!filter(view as unknown as Row)) continue;
        }
        mask[slot] = 1;
      }
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