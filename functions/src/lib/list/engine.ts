import { keywordWords } from '@eb/shared/paging';
import { FeedList } from './catch-up';
import type { ColumnKind } from './columns';
import { CANDIDATE_SORT_MAX } from './plan';
import type { ListEngineOptions, Order } from './rows';
import { Tally, type TallyCell, type TallyDecl } from './tally';
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
    const { page, total } = this.select(q, skip, limit, q.getTotalCount !== false);
    return { data: page.map((slot) => this.row(slot)), totalCount: total };
  }

  /**
   * The slots of a query's page (from the skip-th match, at most `limit`) in its order, and its
   * exact total (-1 when not `counted` and the page was found without it; an unfiltered query
   * always answers the list's size).
   */
  protected select(q: Omit<ListQuery<Row>, 'limit' | 'skip'>, skip: number, limit: number, counted: boolean): { page: number[]; total: number } {
    const { key, desc } = this.parseOrder(q.orderBy);
    const fullText = q.fullText === true;
    const words = keywordWords(q.keyword, fullText);
    const filter = q.filter;
    const value = this.sortKey(key);
    const joined = value ? undefined : (this.spec.sortKeys[key] as string);
    const sortOrder = () => (joined === undefined ? this.order(key) : this.joinedOrder(joined));
    const keyword = words.length ? this.keywordStamps(words, fullText) : undefined;
    const cands = this.candidates(q, keyword?.hits);
    const tests = [...(cands?.tests ?? []), ...this.exclusions(q)];
    const page: number[] = [];
    if (!cands && !filter && tests.length === 0) {
      const order = sortOrder();
      const n = order.n;
      for (let i = skip; i < Math.min(n, skip + limit); i++) page.push(order.a[desc ? n - 1 - i : i]!);
      return { page, total: this.size };
    }
    const stamps = keyword?.stamps;
    const need = words.length;
    const view = this.view;
    const passes = (slot: number): boolean => {
      if (stamps && stamps[slot] !== need) return false;
      for (let k = 0; k < tests.length; k++) if (!tests[k]!(slot)) return false;
      if (filter) {
        view.s = slot;
        if (!filter(view as unknown as Row)) return false;
      }
      return true;
    };
    const end = skip + limit;
    // every candidate matches (the hints, or the keyword's matches, were the whole query): the total is their number
    const all = cands !== undefined && (!stamps || cands.slots === keyword!.hits) && !filter && tests.length === 0;
    if (cands && cands.orderKey === key) {
      // the candidates are in the query's order already (a range over its sort key): walk them
      const a = cands.slots;
      const n = a.length;
      if (all) {
        for (let i = skip; i < Math.min(n, end); i++) page.push(a[desc ? n - 1 - i : i]!);
        return { page, total: n };
      }
      let matched = 0;
      for (let i = 0; i < n; i++) {
        const slot = a[desc ? n - 1 - i : i]!;
        if (!passes(slot)) continue;
        if (matched >= skip && matched < end) page.push(slot);
        matched++;
        if (!counted && matched >= end) return { page, total: -1 };
      }
      return { page, total: matched };
    }
    if (cands && cands.slots.length <= CANDIDATE_SORT_MAX) {
      // few candidates: test them and sort the matches (by value, or a joined column's rank; ties
      // by id, as the order does)
      const hits: number[] = [];
      const a = cands.slots;
      for (let i = 0; i < a.length; i++) if (passes(a[i]!)) hits.push(a[i]!);
      const by = value ?? this.joinedRank(joined!);
      hits.sort((a, b) => this.compareSlots(by, a, b));
      if (desc) hits.reverse();
      for (let i = skip; i < Math.min(hits.length, end); i++) page.push(hits[i]!);
      return { page, total: hits.length };
    }
    if (all && cands.member && skip + limit < this.size && ((skip + limit) * this.size) / Math.max(1, cands.slots.length) < cands.slots.length) {
      // the page lies early in the order (a frequent value): walk the order testing each row
      // rather than marking every candidate first
      return { page: this.pageOf(sortOrder(), desc, skip, end, cands.member), total: cands.slots.length };
    }
    // Decide matches in slot order (sequential memory), then walk the sorted order over the mask.
    const mask = this.scratchMask(this.slots);
    let total = 0;
    if (all) {
      const a = cands.slots;
      for (let i = 0; i < a.length; i++) mask[a[i]!] = 1;
      total = cands.slots.length;
    } else if (cands) {
      const a = cands.slots;
      for (let i = 0; i < a.length; i++) if (passes(a[i]!)) {
        mask[a[i]!] = 1;
        total++;
      }
    } else {
      const live = this.live;
      // (no candidates: no hint and no keyword, only the filter and the exclusions)
      for (let slot = 0; slot < this.slots; slot++) if (live[slot] && passes(slot)) {
        mask[slot] = 1;
        total++;
      }
    }
    return { page: skip < total ? this.pageOf(sortOrder(), desc, skip, end, (slot) => mask[slot] === 1) : page, total: counted ? total : -1 };
  }

  /** The slots of an order (read backwards when `desc`) that pass `test`, from the skip-th to before the end-th. */
  private pageOf(order: Order, desc: boolean, skip: number, end: number, test: (slot: number) => boolean): number[] {
    const page: number[] = [];
    const n = order.n;
    let matched = 0;
    for (let i = 0; i < n && matched < end; i++) {
      const slot = order.a[desc ? n - 1 - i : i]!;
      if (!test(slot)) continue;
      if (matched >= skip) page.push(slot);
      matched++;
    }
    return page;
  }

  /**
   * A tally of the rows under a name (tally.ts: per key, a count and a sum), declared by the first
   * call, counted then and kept up to date by every change after: later calls read it.
   */
  async tally(name: string, decl: TallyDecl<Row>): Promise<Map<string, TallyCell>> {
    await this.refresh();
    return this.tallyLoaded(name, decl);
  }

  tallyLoaded(name: string, decl: TallyDecl<Row>): Map<string, TallyCell> {
    let t = this.tallies.get(name);
    if (!t) this.tallies.set(name, (t = new Tally(decl)));
    const deps = this.tallyDeps(t);
    if (t.synced !== this.version || t.deps !== deps) t.reset(this.liveRows(), this.version, deps);
    return t.cellsNow();
  }

  /** Every live row (a view: read it before taking the next). */
  private *liveRows(): Generator<Row> {
    for (let slot = 0; slot < this.slots; slot++) if (this.live[slot]) yield this.at(slot);
  }

  /** The ids of every row matching a query, in its order (exports: no row objects are built). */
  async idsOf(q: Omit<ListQuery<Row>, 'skip' | 'limit' | 'getTotalCount'>): Promise<number[]> {
    await this.refresh();
    return this.select(q, 0, Number.MAX_SAFE_INTEGER, false).page.map((slot) => this.ids[slot]!);
  }

  /** The rows of these ids, in their order (ids not in the list are left out). */
  async rowsOf(ids: readonly number[]): Promise<Row[]> {
    await this.refresh();
    return this.rowsOfLoaded(ids);
  }

  /** rowsOf on the list as it is loaded (a caller that brought it up to date in the same call). */
  rowsOfLoaded(ids: readonly number[]): Row[] {
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