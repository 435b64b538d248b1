import { AsyncLocalStorage } from 'node:async_hooks';
import type { GroupCommit } from './group-commit';

/**
 * The scope of a bulk write (an import chunk): the writes made inside it draw their ids and feed
 * sequence numbers from ranges reserved once for the chunk (one counter update per chunk per
 * counter, the "a single counter item per type cannot take more than about 1,000 writes a
 * second"), share the chunk's reads of reference records (an amendment, a territory) and take the
 * items read ahead for the chunk in one BatchGet (each once: a second read of the key goes to the
 * table, so a write in between is seen); its transactions may go together (group-commit.ts).
 */
export interface BulkScope {
  /** the next id of a counter from the chunk's range (db.nextId asks this inside the scope; none: the counter itself) */
  reserve?(counter: string): Promise<number>;
  /** reads of reference records shared by the chunk's rows */
  memo: Map<string, Promise<unknown>>;
  /** items read ahead (null: none stored), by `itemKey`; taken once */
  ahead: Map<string, Record<string, unknown> | null>;
  /** the scope's transactions committed together (none: each sent alone) */
  commit?: GroupCommit;
  /** the import job (a Save, Save All or updater import) whose writes these are: each change-log event keeps it, its undo reverts them */
  job?: string;
}

const storage = new AsyncLocalStorage<BulkScope>();

export const bulkScope = (): BulkScope | undefined => storage.getStore();
export const inBulkScope = <T>(scope: BulkScope, fn: () => Promise<T>): Promise<T> => storage.run(scope, fn);
/** A scope of shared reads alone (a parse's or a Resolve's checks): reference records read once in it. */
export const withSharedReads = <T>(fn: () => Promise<T>): Promise<T> => inBulkScope({ memo: new Map(), ahead: new Map() }, fn);

/**
 * Ids and feed sequence numbers of the records a chunk writes, from one range per counter reserved
 * with a single counter update (`add` moves the counter and answers its new value): at most `size`
 * of them, then one at a time. Numbers of a range a chunk does not use are left unused (gaps in the
 * numbering, never a repeat). A range older than `maxAgeMs` (from the reservation's request) is
 * left for a fresh one for the numbers still to come: a sequence number must be written soon after
 * it was reserved (feed.ts FEED_LAG_MS), and a chunk slowed down (throttled writes, retries) would
 * otherwise write its last rows with numbers reserved long before.
 */
export function reservedRanges(
  size: number,
  add: (counter: string, count: number) => Promise<number>,
  opts: { maxAgeMs?: number; now?: () => number } = {},
): NonNullable<BulkScope['reserve']> {
  const now = opts.now ?? Date.now;
  const ranges = new Map<string, { first: Promise<number>; size: number; used: number; at: number }>();
  const drawn = new Map<string, number>();
  return (counter) => {
    const taken = drawn.get(counter) ?? 0;
    drawn.set(counter, taken + 1);
    if (taken >= size) return add(counter, 1);
    let range = ranges.get(counter);
    if (!range || range.used >= range.size || (opts.maxAgeMs !== undefined && now() - range.at > opts.maxAgeMs)) {
      const n = size - taken;
      range = { first: add(counter, n).then((last) => last - n + 1), size: n, used: 0, at: now() };
      ranges.set(counter, range);
    }
    const i = range.used++;
    return range.first.then((first) => first + i);
  };
}

/** A table key as the scope's maps name it. */
export const itemKey = (key: Record<string, unknown>): string => `${String(key.pk)}\u0000${String(key.sk)}`;

/** A reference record's read, once per scope (an import chunk, a parse, a Resolve); every time outside one. */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = bulkScope();
  if (!scope) return read();
  if (!scope.memo.has(key)) scope.memo.set(key, read());
  return scope.memo.get(key) as Promise<T>;
}

/** The item read ahead for this key, taken (undefined: not read ahead). */
export function takeAhead(key: Record<string, unknown>): Record<string, unknown> | null | undefined {
  const scope = bulkScope();
  if (!scope?.ahead.size) return undefined;
  const k = itemKey(key);
  if (!scope.ahead.has(k)) return undefined;
  const item = scope.ahead.get(k)!;
  scope.ahead.delete(k);
  return item;
}
