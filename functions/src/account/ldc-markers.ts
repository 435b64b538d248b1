import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeLdcNumber, type Term } from '@eb/shared/account/ldc-formats';
import { dynamo } from '../lib/aws';
import { batchGet, getItem, table, type TransactItem } from '../lib/db';
import { log } from '../lib/log';

/**
 * The terms of the accounts of each LDC number, one item per number (LDCNUM#number), kept in the
 * transaction of every account write that adds, moves or removes one. The overlap check ('Overlapping
 * dates on base accounts') reads this one item instead of the accounts list, and its versioned write
 * makes two saves of one number at once conflict (409) instead of both passing.
 *
 * Accounts stored before the markers existed are registered once per table (`ensureLdcMarkers`: the
 * first check in a container runs it when its flag is missing; the local stack runs it at start).
 * It never overwrites a marker (each put is conditional), so it may run in several containers.
 */
/** The marker item of a normalized LDC number. */
/** The accounts already stored (read by the account's repository, passed in so this module does not import it). */
export type StoredAccounts = () => Promise<readonly { objectId: number; ldcAccountNumber?: string | null; contractStartDate?: string | null; accountEndDate?: string | null }[]>;

export const ldcMarkerKey = (number: string) => ({ pk: `LDCNUM#${number}`, sk: 'LDCNUM' });
const FLAG = { pk: 'MIGRATION#ldcMarkers', sk: 'MIGRATION' };

interface Marker {
  terms: Record<string, [string | null, string | null]>;
  version: number;
}

/** The marker's put: a new marker, or the one read if it did not change since (409 otherwise). */
function put(number: string, read: Marker | undefined, terms: Marker['terms']): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...ldcMarkerKey(number), terms, version: (read?.version ?? 0) + 1 },
      ConditionExpression: read ? 'version = :v' : 'attribute_not_exists(pk)',
      ...(read ? { ExpressionAttributeValues: { ':v': read.version } } : {}),
    },
  };
}

const sameTerm = (a: readonly unknown[] | undefined, b: readonly unknown[]) => !!a && a[0] === b[0] && a[1] === b[1];

/**
 * An account's enrollment under its LDC number: the terms of the number's other accounts, and the
 * marker writes that record this account's term (and take it off the number it had before).
 */
export async function ldcEnrollment(stored: StoredAccounts, accountId: number, ldc: string, term: Term, before?: string | null): Promise<{ others: Term[]; writes: TransactItem[] }> {
  await ensureLdcMarkers(stored);
  const number = normalizeLdcNumber(ldc);
  const own: [string | null, string | null] = [term[0] ?? null, term[1] ?? null];
  const marker = await getItem<Marker>(ldcMarkerKey(number));
  const terms = { ...(marker?.terms ?? {}) };
  const others = Object.entries(terms).filter(([id]) => id !== String(accountId)).map(([, t]) => t);
  const writes: TransactItem[] = [];
  if (!sameTerm(terms[String(accountId)], own)) writes.push(put(number, marker, { ...terms, [String(accountId)]: own }));
  const previous = before ? normalizeLdcNumber(before) : null;
  if (previous && previous !== number) writes.push(...(await ldcRelease(accountId, previous)));
  return { others, writes };
}

/** The stored accounts' terms of these LDC numbers (the uploader's overlap check of a chunk), by normalized number. */
export async function ldcTerms(stored: StoredAccounts, ldcNumbers: Iterable<string>): Promise<Map<string, Term[]>> {
  await ensureLdcMarkers(stored);
  const numbers = [...new Set([...ldcNumbers].map(normalizeLdcNumber).filter(Boolean))];
  const out = new Map<string, Term[]>();
  for (const item of await batchGet(numbers.map(ldcMarkerKey))) out.set(String(item.pk).slice('LDCNUM#'.length), Object.values((item as unknown as Marker).terms));
  return out;
}

/** The marker write that takes an account off its LDC number (its delete, or a new number). */
export async function ldcRelease(accountId: number, ldc: string): Promise<TransactItem[]> {
  const number = normalizeLdcNumber(ldc);
  const marker = await getItem<Marker>(ldcMarkerKey(number));
  if (!marker || !(String(accountId) in marker.terms)) return [];
  const { [String(accountId)]: _gone, ...rest } = marker.terms;
  return [put(number, marker, rest)];
}

let ensured: Promise<void> | null = null;
/** Registers the accounts stored before the markers (once per table; see above). */
export function ensureLdcMarkers(stored: StoredAccounts): Promise<void> {
  ensured ??= (async () => {
    if (await getItem(FLAG)) return;
    const byNumber = new Map<string, Marker['terms']>();
    for (const r of await stored()) {
      const number = normalizeLdcNumber(r.ldcAccountNumber ?? '');
      if (!number) continue;
      const terms = byNumber.get(number) ?? {};
      terms[String(r.objectId)] = [r.contractStartDate ?? null, r.accountEndDate ?? null];
      byNumber.set(number, terms);
    }
    const entries = [...byNumber.entries()];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < entries.length) {
          const [number, terms] = entries[next++]!;
          await dynamo()
            .send(new PutCommand({ TableName: table(), Item: { ...ldcMarkerKey(number), terms, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' }))
            .catch((e: Error) => {
              if (e.name !== 'ConditionalCheckFailedException') throw e;
            });
        }
      }),
    );
    await dynamo().send(new PutCommand({ TableName: table(), Item: { ...FLAG, at: new Date().toISOString(), numbers: entries.length } }));
    if (entries.length) log.info('ldc markers registered', { numbers: entries.length });
  })().catch((e) => {
    ensured = null;
    throw e;
  });
  return ensured;
}

/** Tests and the local stack start a fresh table: the next check looks at the flag again. */
export function resetLdcMarkers(): void {
  ensured = null;
}
