/**
 * A list's slot by row id. Ids are the objectIds a counter draws (small integers, nearly dense),
 * so they are held in a table indexed by id: 4 bytes an id instead of a Map entry's 30 or so (at
 * 500,000 rows, 2 MB instead of 15). An id the table would hold badly (not an integer, negative, or
 * far past the others) goes to a Map beside it.
 */
export class SlotMap {
  /** slot + 1 by id (0: none) */
  private table = new Int32Array(0);
  private others = new Map<number, number>();

  get(id: number): number | undefined {
    if (id >= 0 && id < this.table.length && Number.isInteger(id)) {
      const s = this.table[id]!;
      return s === 0 ? undefined : s - 1;
    }
    return this.others.get(id);
  }

  set(id: number, slot: number) {
    if (Number.isInteger(id) && id >= 0 && this.fits(id)) this.table[id] = slot + 1;
    else this.others.set(id, slot);
  }

  delete(id: number) {
    if (id >= 0 && id < this.table.length && Number.isInteger(id)) this.table[id] = 0;
    else this.others.delete(id);
  }

  clear() {
    this.table = new Int32Array(0);
    this.others.clear();
  }

  /** Whether the table holds the id, grown to it when it lies near enough (at most twice the table, or 64 Ki). */
  private fits(id: number): boolean {
    if (id < this.table.length) return true;
    const limit = Math.max(2 * this.table.length, 1 << 16);
    if (id >= limit) return false;
    const grown = new Int32Array(Math.max(id + 1, Math.min(limit, 2 * this.table.length)));
    grown.set(this.table);
    this.table = grown;
    // ids held beside the table that it now covers move into it
    for (const [other, slot] of this.others) {
      if (Number.isInteger(other) && other >= 0 && other < grown.length) {
        grown[other] = slot + 1;
        this.others.delete(other);
      }
    }
    return true;
  }
}
