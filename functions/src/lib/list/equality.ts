/**
 * An equality index of one column: value -> the slots holding it (posting lists), built on first
 * use and kept up to date by every change (changes.ts). Values are the column's own (no case
 * folding): it answers exactly the rows where `row[column] === value`.
 */
export class EqualityIndex {
  private lists = new Map<unknown, number[]>();

  constructor(
    readonly column: string,
    slots: number,
    live: Uint8Array,
    get: (slot: number) => unknown,
  ) {
    for (let s = 0; s < slots; s++) if (live[s]) this.add(s, get(s));
  }

  add(slot: number, value: unknown) {
    if (value === undefined || value === null) return;
    const list = this.lists.get(value);
    if (list) list.push(slot);
    else this.lists.set(value, [slot]);
  }

  remove(slot: number, value: unknown) {
    const list = value === undefined || value === null ? undefined : this.lists.get(value);
    if (!list) return;
    const i = list.indexOf(slot);
    if (i < 0) return;
    list[i] = list[list.length - 1]!;
    list.pop();
    if (list.length === 0) this.lists.delete(value);
  }

  /** The slots holding the value (in no particular order; do not keep or change the array). */
  slots(value: unknown): readonly number[] {
    return this.lists.get(value) ?? [];
  }
}
