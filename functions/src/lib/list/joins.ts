import { ListRows, type Joined } from './rows';
import type { ListJoin, ListSpec } from './spec';

/**
 * Columns joined from other lists (spec.joins): read through those lists' engines at query time,
 * never copied into this list's rows.
 */
export abstract class JoinedList<Row, Own = Row> extends ListRows<Row, Own> {

  /** The slot's row as the API answers it: own columns, then joined ones. */
  protected row(slot: number): Row {
    const r = this.store.row(slot);
    for (const j of this.resolveJoins()) for (const [name, from] of j.columns) r[name] = this.joinedCell(j, from, slot);
    return r as Row;
  }

  // ---- joins ------------------------------------------------------------------------------------

  protected resolveJoins(): Joined[] {
    if (!this.joined) {
      const resolve = this.options.resolve!;
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
  protected fkOf(j: Joined): Int32Array {
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

  protected override joinedValue(decl: ListJoin, from: string, slot: number): unknown {
    return this.joinedCell(this.resolveJoins().find((x) => x.decl === decl)!, from, slot);
  }

  protected joinedCell(j: Joined, from: string, slot: number): unknown {
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

  protected joinOfColumn(column: string): { decl: ListJoin; from: string } | undefined {
    for (const decl of this.spec.joins ?? []) if (column in decl.columns) return { decl, from: decl.columns[column]! };
    return undefined;
  }
}
