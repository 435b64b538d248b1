import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactItem } from './transact-item';
/** What a transaction's failed condition becomes (a 409), given the cancellation reasons of its own actions. */
export type OnConflict = (reasons: (string | undefined)[]) => Error;

/** The cancellation reasons of a TransactWriteItems that was cancelled (undefined: another error). */
export function cancellationReasons(e: unknown): (string | undefined)[] | undefined {
  if (!(e instanceof TransactionCanceledException || (e as Error)?.name === 'TransactionCanceledException')) return undefined;
  return ((e as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code);
}

/** One transaction sent: a failed condition becomes `onConflict`'s error. */
export async function sendChecked(send: (items: TransactItem[]) => Promise<void>, items: TransactItem[], onConflict: OnConflict): Promise<void> {
  try {
    await send(items);
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (reasons?.some((c) => c === 'ConditionalCheckFailed')) throw onConflict(reasons);
    throw e;
  }
}

const MAX_ACTIONS = 100;
/** A fallback only: a batch is sent as soon as every writer of the scope waits on it. */
const WAIT_MS = 10;

function keyOf(action: TransactItem): string {
  const key = (action.Put?.Item ?? action.Update?.Key ?? action.Delete?.Key ?? action.ConditionCheck?.Key ?? {}) as Record<string, unknown>;
  return `${String(key.pk)}\u0000${String(key.sk)}`;
}

interface Waiting {
  items: TransactItem[];
  keys: string[];
  onConflict: OnConflict;
  resolve(): void;
  reject(e: unknown): void;
}

/**
 * Group commit of a bulk write's transactions (an import chunk: lib/bulk-scope.ts). The writers of
 * the scope (the import's rows, side by side) each submit their transaction as they would send it;
 * the transactions waiting together go as ONE TransactWriteItems of at most 100 actions, never two
 * actions on one item. All of them commit or none does: when the batch is cancelled, a transaction
 * whose own condition failed gets its conflict, and the others are sent again, each alone. So each
 * transaction keeps its all-or-nothing and its conditions (a row moves to 'imported' only with its
 * record), at a fraction of the round trips.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];
  private actions = 0;
  private keys = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** the writers that may submit (each waits on its transaction before the next) */
  private writers = 0;

  constructor(private readonly send: (items: TransactItem[]) => Promise<void>) {}

  submit(items: TransactItem[], onConflict: OnConflict): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const keys = items.map(keyOf);
      if (this.actions + items.length > MAX_ACTIONS || keys.some((k) => this.keys.has(k))) this.flush();
      this.waiting.push({ items, keys, onConflict, resolve, reject });
      this.actions += items.length;
      for (const k of keys) this.keys.add(k);
      if (this.actions >= MAX_ACTIONS || this.waiting.length >= this.writers) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), WAIT_MS);
    });
  }

  /** Writers of the scope start (all of them before the first submits: a lone writer's transaction goes at once). */
  enter(count = 1): void {
    this.writers += count;
  }

  /** A writer is done: the others may be all waiting now. */
  leave(): void {
    this.writers--;
    if (this.waiting.length && this.waiting.length >= this.writers) this.flush();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.actions = 0;
    this.keys = new Set();
    if (batch.length) void this.commit(batch);
  }

  private alone(w: Waiting): Promise<void> {
    return sendChecked(this.send, w.items, w.onConflict).then(w.resolve, w.reject);
  }

  private async commit(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    try {
      await this.send(batch.flatMap((w) => w.items));
      for (const w of batch) w.resolve();
    } catch (e) {
      const reasons = cancellationReasons(e);
      let at = 0;
      const again: Waiting[] = [];
      for (const w of batch) {
        const own = reasons?.slice(at, at + w.items.length);
        at += w.items.length;
        if (own?.some((c) => c === 'ConditionalCheckFailed')) w.reject(w.onConflict(own));
        else again.push(w);
      }
      await Promise.all(again.map((w) => this.alone(w)));
    }
  }
}
