/**
 * The list engine's rows, held column-wise: one column per field of the projected row, indexed by
 * slot. A column takes its kind from the values it receives (no declaration needed):
 * - numbers: a Float64Array, plus a byte per slot for null / undefined;
 * - booleans: a byte per slot (0 false, 1 true, 2 null, 3 undefined);
 * - strings: dictionary-encoded (an Int32Array of codes into a table of distinct strings) while the
 *   column has few distinct values; a column whose distinct values grow past DICT_MAX_SHARE of the
 *   rows (names, account numbers) keeps its strings packed (strings.ts) instead, as a dictionary of
 *   unique strings would only add its lookup map;
 * - anything else (arrays, objects, mixed kinds): one JS value per slot.
 * A column that has seen only null / undefined keeps just those marks until its first value.
 */
import { PackedStrings } from './strings';

export type ColumnKind = 'empty' | 'num' | 'bool' | 'dict' | 'plain' | 'any';

const VALUE = 0;
const NULL = 1;
const UNDEF = 2;
/** a string column stays dictionary-encoded up to this many distinct values, or this share of the rows */
const DICT_MIN = 4096;
const DICT_MAX_SHARE = 1 / 16;

const mark = (v: unknown): number => (v === null ? NULL : UNDEF);
const unmark = (m: number): null | undefined => (m === NULL ? null : undefined);

function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T, capacity: number): T {
  if (a.length >= capacity) return a;
  const b = new (a.constructor as new (n: number) => T)(capacity);
  b.set(a);
  return b;
}

export class Column {
  kind: ColumnKind = 'empty';
  /** num: the numbers; */
  nums = new Float64Array(0);
  /** num / empty / plain: VALUE, NULL or UNDEF per slot; bool: 0 false, 1 true, 2 null, 3 undefined */
  flags = new Uint8Array(0);
  /** dict: the code per slot (-1 null, -2 undefined) */
  codes = new Int32Array(0);
  /** dict: the distinct strings (entries of changed rows stay until the next snapshot compacts them) */
  dict: string[] = [];
  private lookup: Map<string, number> | undefined;
  /** plain: the strings */
  packed = new PackedStrings();
  /** any: the value per slot */
  values: unknown[] = [];

  constructor(
    readonly name: string,
    private capacity: number,
  ) {
    this.flags = new Uint8Array(capacity).fill(UNDEF);
  }

  grow(capacity: number) {
    if (capacity <= this.capacity) return;
    const from = this.capacity;
    this.capacity = capacity;
    switch (this.kind) {
      case 'empty':
      case 'plain':
        this.flags = grown(this.flags, capacity);
        this.flags.fill(UNDEF, from);
        this.packed.grow(capacity);
        break;
      case 'num':
        this.nums = grown(this.nums, capacity);
        this.flags = grown(this.flags, capacity);
        this.flags.fill(UNDEF, from);
        break;
      case 'bool':
        this.flags = grown(this.flags, capacity);
        this.flags.fill(3, from);
        break;
      case 'dict':
        this.codes = grown(this.codes, capacity);
        this.codes.fill(-2, from);
        break;
      case 'any':
        break;
    }
  }

  get(slot: number): unknown {
    switch (this.kind) {
      case 'dict': {
        const c = this.codes[slot]!;
        return c >= 0 ? this.dict[c] : c === -1 ? null : undefined;
      }
      case 'num':
        return this.flags[slot] === VALUE ? this.nums[slot] : unmark(this.flags[slot]!);
      case 'plain':
        return this.flags[slot] === VALUE ? this.packed.get(slot) : unmark(this.flags[slot]!);
      case 'bool': {
        const f = this.flags[slot]!;
        return f < 2 ? f === 1 : f === 2 ? null : undefined;
      }
      case 'any':
        return this.values[slot];
      default:
        return unmark(this.flags[slot]!);
    }
  }

  // ---- tests of a slot, read the way the column holds its values (query hints, plan.ts) ----------

  /** Whether the slot holds exactly `value` (a dictionary code, a flag byte, a number compared in place). */
  equalsTest(value: string | number | boolean): (slot: number) => boolean {
    if (this.kind === 'dict') {
      const code = typeof value === 'string' ? this.codeOf(value) : -3;
      const codes = this.codes;
      return code < 0 ? () => false : (slot) => codes[slot] === code;
    }
    if (this.kind === 'bool') {
      const flags = this.flags;
      const f = value === true ? 1 : value === false ? 0 : -1;
      return (slot) => flags[slot] === f;
    }
    if (this.kind === 'num' && typeof value === 'number') {
      const { flags, nums } = this;
      return (slot) => flags[slot] === VALUE && nums[slot] === value;
    }
    return (slot) => this.get(slot) === value;
  }

  /** Whether the slot holds none of `values` (an empty value is none of them). */
  notInTest(values: readonly (string | number | boolean)[]): (slot: number) => boolean {
    if (this.kind === 'dict') {
      const codes = this.codes;
      const out = new Set(values.map((v) => (typeof v === 'string' ? this.codeOf(v) : -3)).filter((c) => c >= 0));
      return (slot) => !out.has(codes[slot]!);
    }
    const out = new Set<unknown>(values);
    return (slot) => !out.has(this.get(slot));
  }

  /**
   * Whether the slot's value passes `test` (never for an empty value); numbers within [min, max]
   * when `numbers` is given for a number column are compared in place, a dictionary's strings are
   * tested once per code.
   */
  valueTest(test: (value: unknown) => boolean, numbers?: { min: number; max: number }): (slot: number) => boolean {
    if (this.kind === 'num' && numbers) {
      const { flags, nums } = this;
      const { min, max } = numbers;
      return (slot) => flags[slot] === VALUE && nums[slot]! >= min && nums[slot]! <= max;
    }
    if (this.kind === 'dict') {
      const { codes, dict } = this;
      // per code: 0 not yet decided, 1 passes, 2 does not (decided on first meeting it)
      const known = new Uint8Array(dict.length);
      return (slot) => {
        const c = codes[slot]!;
        if (c < 0) return false;
        if (known[c] === 0) known[c] = test(dict[c]) ? 1 : 2;
        return known[c] === 1;
      };
    }
    return (slot) => {
      const v = this.get(slot);
      return v !== null && v !== undefined && test(v);
    };
  }

  /** dict: the code of a string (-3 when no slot was ever given it) */
  codeOf(v: string): number {
    this.lookup ??= new Map(this.dict.map((s, i) => [s, i]));
    return this.lookup.get(v) ?? -3;
  }

  /** Set a slot's value, converting the column when the value does not fit its kind. */
  set(slot: number, v: unknown, rows: number): void {
    if (v === null || v === undefined) return this.setEmpty(slot, v);
    switch (this.kind) {
      case 'empty':
        this.become(typeof v === 'number' ? 'num' : typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'dict' : 'any');
        return this.set(slot, v, rows);
      case 'num':
        if (typeof v !== 'number') return this.toAny(slot, v);
        this.nums[slot] = v;
        this.flags[slot] = VALUE;
        return;
      case 'bool':
        if (typeof v !== 'boolean') return this.toAny(slot, v);
        this.flags[slot] = v ? 1 : 0;
        return;
      case 'dict': {
        if (typeof v !== 'string') return this.toAny(slot, v);
        this.lookup ??= new Map(this.dict.map((s, i) => [s, i]));
        let c = this.lookup.get(v);
        if (c === undefined) {
          if (this.dict.length >= DICT_MIN && this.dict.length > rows * DICT_MAX_SHARE) {
            this.become('plain');
            return this.set(slot, v, rows);
          }
          c = this.dict.length;
          this.dict.push(v);
          this.lookup.set(v, c);
        }
        this.codes[slot] = c;
        return;
      }
      case 'plain':
        if (typeof v !== 'string') return this.toAny(slot, v);
        this.packed.set(slot, v);
        this.flags[slot] = VALUE;
        return;
      case 'any':
        this.values[slot] = v;
        return;
    }
  }

  private setEmpty(slot: number, v: null | undefined) {
    switch (this.kind) {
      case 'dict':
        this.codes[slot] = v === null ? -1 : -2;
        return;
      case 'bool':
        this.flags[slot] = v === null ? 2 : 3;
        return;
      case 'any':
        this.values[slot] = v;
        return;
      case 'plain':
        this.flags[slot] = mark(v);
        return;
      default:
        this.flags[slot] = mark(v);
    }
  }

  /** A free slot keeps no references. */
  clear(slot: number) {
    this.setEmpty(slot, undefined);
  }

  private toAny(slot: number, v: unknown) {
    this.become('any');
    this.values[slot] = v;
  }

  /** Re-encode every slot under another kind. */
  private become(kind: ColumnKind) {
    const n = this.capacity;
    const old = Array.from({ length: n }, (_, s) => this.get(s));
    this.kind = kind;
    this.nums = new Float64Array(0);
    this.codes = new Int32Array(0);
    this.flags = new Uint8Array(0);
    this.dict = [];
    this.lookup = undefined;
    this.values = [];
    this.packed = new PackedStrings();
    this.packed.grow(n);
    if (kind === 'num') this.nums = new Float64Array(n);
    if (kind === 'num' || kind === 'plain') this.flags = new Uint8Array(n).fill(UNDEF);
    if (kind === 'bool') this.flags = new Uint8Array(n).fill(3);
    if (kind === 'dict') this.codes = new Int32Array(n).fill(-2);
    if (kind === 'any') this.values = new Array<unknown>(n).fill(undefined);
    for (let s = 0; s < n; s++) if (old[s] !== undefined) this.set(s, old[s], n);
  }

  /** Load a column's encoded state (from a snapshot). */
  static restore(
    name: string,
    capacity: number,
    state: {
      kind: ColumnKind;
      nums?: Float64Array<ArrayBuffer>;
      flags?: Uint8Array<ArrayBuffer>;
      codes?: Int32Array<ArrayBuffer>;
      dict?: string[];
      values?: unknown[];
      packed?: { text: string; offs: Int32Array<ArrayBuffer> };
    },
  ): Column {
    const c = new Column(name, 0);
    c.kind = state.kind;
    c.capacity = 0;
    c.nums = state.nums ?? new Float64Array(0);
    c.flags = state.flags ?? new Uint8Array(0);
    c.codes = state.codes ?? new Int32Array(0);
    c.dict = state.dict ?? [];
    c.values = state.values ?? [];
    if (state.packed) c.packed.restore(state.packed.text, state.packed.offs, capacity);
    c.capacity = Math.min(
      ...[state.nums?.length, state.flags?.length, state.codes?.length, state.values?.length].filter((x): x is number => x !== undefined),
    );
    c.grow(capacity);
    return c;
  }

  /**
   * The dictionary without the entries no slot uses any more, for a snapshot: the codes of the
   * slots `0..slots-1` renumbered (slots where `live` is 0 are left undefined).
   */
  compacted(slots: number, live: Uint8Array): { codes: Int32Array; dict: string[] } {
    const remap = new Int32Array(this.dict.length).fill(-1);
    const dict: string[] = [];
    const codes = new Int32Array(slots);
    for (let s = 0; s < slots; s++) {
      const c = live[s] ? this.codes[s]! : -2;
      if (c < 0) {
        codes[s] = c;
        continue;
      }
      if (remap[c] === -1) {
        remap[c] = dict.length;
        dict.push(this.dict[c]!);
      }
      codes[s] = remap[c]!;
    }
    return { codes, dict };
  }
}

/** The columns of one list, by the projected row's field names (in first-seen order). */
