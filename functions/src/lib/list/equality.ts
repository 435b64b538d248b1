/** One value's slots: an Int32Array used up to `n` (4 bytes a slot, not a JS array's 8 and its slack). */
interface Posting {
  a: Int32Array;
  n: number;
}

/**
 * An equality index of one column: value -> the slots holding it (posting lists), built on first
 * use and kept up to date by every change (changes.ts). Values are the column's own (no case
 * folding): it answers exactly the rows where `row[column] === value`.
 */
export class EqualityIndex {
  private lists = new Map<unknown, Posting>();

  constructor(
    readonly column: string,
    slots: number,
    live: Uint8Array,
    get: (slot: number) => unknown,
  ) {
    // counted first, so that each posting list is allocated once at its size
    const counts = new Map<unknown, number>();
    for (let s = 0; s < slots; s++) {
      if (!live[s]) continue;
      const v = get(s);
      if (v !== undefined && v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const [v, n] of counts) this.lists.set(v, { a: new Int32Array(n), n: 0 });
    for (let s = 0; s < slots; s++) if (live[s]) this.add(s, get(s));
  }

  add(slot: number, value: unknown) {
    if (value === undefined || value === null) return;
    let p = this.lists.get(value);
    if (!p) this.lists.set(value, (p = { a: new Int32Array(4), n: 0 }));
    if (p.n === p.a.length) {
      const a = new Int32Array(p.n + (p.n >> 1) + 4);
      a.set(p.a);
      p.a = a;
    }
    p.a[p.n++] = slot;
  }

  remove(slot: number, value: unknown) {
    const p = value === undefined || value === null ? undefined : this.lists.get(value);
    if (!p) return;
    const i = p.a.subarray(0, p.n).indexOf(slot);
    if (i < 0) return;
    p.a[i] = p.a[--p.n]!;
    if (p.n === 0) this.lists.delete(value);
  }

  /** The slots holding the value (in no particular order; read it before the list changes, do not change it). */
  slots(value: unknown): Int32Array {
    const p = this.lists.get(value);
    return p ? p.a.subarray(0, p.n) : EMPTY;
  }
}

const EMPTY = new Int32Array(0);
