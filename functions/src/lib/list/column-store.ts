import { Column } from './columns';

/** The columns of a list by name (columns.ts), and a row put into or read out of them. */
export class ColumnStore {
  readonly columns: Column[] = [];
  private byName = new Map<string, Column>();
  capacity = 0;

  grow(capacity: number) {
    if (capacity <= this.capacity) return;
    this.capacity = capacity;
    for (const c of this.columns) c.grow(capacity);
  }

  column(name: string): Column | undefined {
    return this.byName.get(name);
  }

  add(column: Column) {
    this.columns.push(column);
    this.byName.set(column.name, column);
  }

  /** Store a projected row in a slot; `rows` (the live count) steers dictionary encoding. */
  put(slot: number, row: Record<string, unknown>, rows: number) {
    let keys = 0;
    for (const key in row) {
      let c = this.byName.get(key);
      if (!c) {
        c = new Column(key, this.capacity);
        this.add(c);
      }
      c.set(slot, row[key], rows);
      keys++;
    }
    if (this.columns.length > keys) {
      for (const c of this.columns) if (!(c.name in row)) c.clear(slot);
    }
  }

  clear(slot: number) {
    for (const c of this.columns) c.clear(slot);
  }

  /** The slot's row as a plain object (own columns, in column order). */
  row(slot: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const c of this.columns) out[c.name] = c.get(slot);
    return out;
  }
}
