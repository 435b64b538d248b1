import { searchWords } from './spec';
import { ColumnStore } from './column-store';
import { PackedStrings } from './strings';
import { WordIndex } from './word-index';
import { SortedList } from './orders';
import type { Tally } from './tally';

/** Applying a change: a feed item inserts, replaces or removes its row in every structure. */
export abstract class ChangingList<Row, Own = Row> extends SortedList<Row, Own> {
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
    const moving = this.tallyMoves(slot);
    this.changesSinceSnapshot++;
    this.version++;
    let s: number;
    // a changed row: where it is in each order, its indexed values and its search text, before the change
    let places: number[] | undefined;
    let before: unknown[] | undefined;
    if (slot !== undefined) {
      s = slot;
      places = this.placesInOrders(s);
      before = [...this.equalities.values()].map((e) => this.store.column(e.column)?.get(s));
    } else {
      s = this.free.pop() ?? this.slots++;
      this.ensureCapacity(s + 1);
      this.slotOf.set(id, s);
      this.ids[s] = id;
      this.live[s] = 1;
      this.size++;
      this.slotEpoch++;
    }
    const textBefore = slot !== undefined && !this.indexStale ? this.texts.get(s) : undefined;
    this.store.put(s, row, this.size);
    let k = 0;
    for (const e of this.equalities.values()) {
      const now = this.store.column(e.column)?.get(s);
      const was = before?.[k++];
      if (before && was === now) continue;
      if (before) e.remove(s, was);
      e.add(s, now);
    }
    if (this.store.columns.length !== this.viewColumns) this.syncViews();
    this.seqs[s] = seq;
    this.texts.set(s, text);
    if (!this.indexStale && text !== textBefore) this.index.set(s, [...new Set(searchWords(text))]);
    if (places) this.moveInOrders(s, places);
    else this.attachToOrders(s);
    if (this.joined) for (const j of this.joined) if (j.fk && j.fk.length > s) {
      const ref = row[j.on];
      j.fk[s] = typeof ref === 'number' ? j.target.slotOfId(ref) : -1;
    }
    for (const t of moving) {
      t.move(this.at(s), 1);
      t.synced = this.version;
    }
  }

  /**
   * The tallies a change moves row by row (those counted to the list's version, their joined lists
   * unchanged since), the old row's contributions taken out; the others are counted again when read.
   */
  protected tallyMoves(slot: number | undefined): Tally<Row>[] {
    const moving: Tally<Row>[] = [];
    for (const t of this.tallies.values()) {
      if (t.synced !== this.version || t.deps !== this.tallyDeps(t)) continue;
      if (slot !== undefined) t.move(this.at(slot), -1);
      moving.push(t);
    }
    return moving;
  }

  /** The versions of the lists a tally's joins read. */
  protected tallyDeps(t: Tally<Row>): string {
    const on = t.decl.joins ?? [];
    return on.length ? this.resolveJoins().filter((j) => on.includes(j.on)).map((j) => j.target.deepVersion()).join(',') : '';
  }

  protected remove(id: number, slot: number) {
    const moving = this.tallyMoves(slot);
    this.detachFromOrders(slot);
    if (!this.indexStale) this.index.set(slot, []);
    for (const e of this.equalities.values()) e.remove(slot, this.store.column(e.column)?.get(slot));
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
    for (const t of moving) t.synced = this.version;
  }


  protected clearAll() {
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
    this.equalities.clear();
    this.slotEpoch++;
    this.version++;
    this.viewColumns = -1;
    this.syncViews();
  }
}
