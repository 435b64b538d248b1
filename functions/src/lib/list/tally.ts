/**
 * A tally kept up to date with a list (the home page's charts): per key, how many rows and the sum
 * of an amount over them. It is counted once (a pass over the rows) and then moved by each change
 * the list applies (changes.ts: the old row's contributions out, the new row's in), so reading it
 * costs nothing however many rows the list holds.
 */
export interface TallyDecl<Row> {
  /**
   * The row's contributions: `add(key, amount)` once per key it counts in (a row may count in
   * several keys or none). Must depend on the row alone (no clock: a tally is kept across days).
   */
  of: (row: Row, add: (key: string, amount: number) => void) => void;
  /**
   * The joins (their `on` columns) whose columns `of` reads: a change of one of those lists cannot
   * be applied row by row, so the tally is counted again when one of them changed.
   */
  joins?: readonly string[];
}

export interface TallyCell {
  count: number;
  /** the amounts' sum, rounded to 1/10,000 (summed as integers: the same whatever the order of the changes) */
  sum: number;
}

/** Amounts are summed as integers of this many units (exact, order-independent). */
const UNITS = 10_000;

export class Tally<Row> {
  private cells = new Map<string, { count: number; units: number }>();
  /** the list's version the tally is counted to (-1: never counted) */
  synced = -1;
  /** the versions of the joined lists it read, when it was counted */
  deps = '';
  private sign = 1;
  private readonly add = (key: string, amount: number) => {
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = { count: 0, units: 0 }));
    c.count += this.sign;
    c.units += this.sign * Math.round(amount * UNITS);
    if (c.count === 0 && c.units === 0) this.cells.delete(key);
  };

  constructor(readonly decl: TallyDecl<Row>) {}

  /** Count every row again. */
  reset(rows: Iterable<Row>, synced: number, deps: string) {
    this.cells.clear();
    this.sign = 1;
    for (const r of rows) this.decl.of(r, this.add);
    this.synced = synced;
    this.deps = deps;
  }

  /** A row's contributions in (+1) or out (-1). */
  move(row: Row, sign: 1 | -1) {
    this.sign = sign;
    this.decl.of(row, this.add);
    this.sign = 1;
  }

  cellsNow(): Map<string, TallyCell> {
    return new Map([...this.cells].map(([k, c]) => [k, { count: c.count, sum: c.units / UNITS }]));
  }
}
