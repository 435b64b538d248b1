/**
 * When each feed sequence number was drawn (the moment its counter update was asked for), kept a
 * minute: the writers' side of the list engine's contract (feed.ts FEED_LAG_MS). A transaction that
 * commits a number later than the contract allows re-stamps its item with a fresh number
 * (feed.ts restampLate), so that no list engine can have passed it by. No imports: the counters'
 * code (db.ts, bulk-scope.ts) and the feed's both note and read here.
 */
const KEEP_MS = 60_000;
const ranges = new Map<string, { first: number; last: number; at: number }[]>();

/** Numbers first..first+count-1 of `counter` were drawn by a counter update asked for at `at`. */
export function noteDrawn(counter: string, first: number, count: number, at: number): void {
  if (!counter.startsWith('seq:')) return;
  let list = ranges.get(counter);
  if (!list) ranges.set(counter, (list = []));
  list.push({ first, last: first + count - 1, at });
  const old = at - KEEP_MS;
  while (list.length && list[0]!.at < old) list.shift();
}

/** When `seq` of `counter` was drawn in this process (undefined: not drawn here, or long ago). */
export function drawnAt(counter: string, seq: number): number | undefined {
  const list = ranges.get(counter);
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    if (seq >= r.first && seq <= r.last) return r.at;
  }
  return undefined;
}
