/**
 * Strings by slot for columns where nearly every row differs (names, numbers, search texts). A
 * snapshot loads them packed: ONE string and an Int32Array of offsets (no string object per row, so
 * a cold start allocates almost nothing and the heap holds about one byte per character); a slot
 * changed since holds its own string. Reading a packed slot cuts it out of the text.
 */
export class PackedStrings {
  private text = '';
  private offs: Int32Array = new Int32Array(1);
  /** slots 0..base-1 are in the packed text */
  private base = 0;
  private own: (string | undefined)[] = [];
  private owned = new Uint8Array(0);
  private owners = 0;

  grow(capacity: number) {
    if (this.owned.length >= capacity) return;
    const o = new Uint8Array(capacity);
    o.set(this.owned);
    this.owned = o;
  }

  get(slot: number): string {
    if (this.owned[slot] === 1) return this.own[slot]!;
    return slot < this.base ? this.text.slice(this.offs[slot], this.offs[slot + 1]) : '';
  }

  set(slot: number, s: string) {
    this.grow(slot + 1);
    if (this.owned[slot] === 0) this.owners++;
    this.owned[slot] = 1;
    this.own[slot] = s;
  }

  /** The packed form of slots 0..n-1 (the loaded text itself when nothing changed since). */
  packed(n: number): { text: string; offs: Int32Array } {
    if (this.owners === 0 && n === this.base) return { text: this.text, offs: this.offs };
    const offs = new Int32Array(n + 1);
    const parts: string[] = new Array<string>(n);
    let at = 0;
    for (let s = 0; s < n; s++) {
      const v = this.get(s);
      parts[s] = v;
      at += v.length;
      offs[s + 1] = at;
    }
    return { text: parts.join(''), offs };
  }

  restore(text: string, offs: Int32Array, capacity: number) {
    this.text = text;
    this.offs = offs;
    this.base = offs.length - 1;
    this.own = [];
    this.owned = new Uint8Array(Math.max(capacity, this.base));
    this.owners = 0;
  }

  /**
   * `stamps[slot] = to` where it was `from` and the slot's string contains `w`: one indexOf pass
   * over the packed text (a hit is mapped to its slot by the offsets), then the changed slots.
   */
  stampContaining(w: string, n: number, live: Uint8Array, stamps: Int32Array | Uint8Array, from: number, to: number) {
    const { text, offs, owned } = this;
    let pos = w.length ? text.indexOf(w) : -1;
    let slot = 0;
    while (pos >= 0) {
      // hits come in text order: walk the offsets forward to the slot holding pos
      while (slot < this.base - 1 && offs[slot + 1]! <= pos) slot++;
      const end = offs[slot + 1]!;
      if (pos + w.length <= end) {
        if (slot < n && owned[slot] === 0 && live[slot] && stamps[slot] === from) stamps[slot] = to;
        pos = text.indexOf(w, end);
      } else pos = text.indexOf(w, pos + 1);
    }
    if (this.owners === 0) return;
    for (let s = 0; s < n; s++) if (owned[s] === 1 && live[s] && stamps[s] === from && this.own[s]!.includes(w)) stamps[s] = to;
  }
}
