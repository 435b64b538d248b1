import { STATIC_REFERENCE_SETS, type ReferenceOption } from './data';

/**
 * One convention for reference values, for the whole API: a value of a reference set (user types,
 * company types, states, statuses, agent types...) travels and is stored as its `code`; a reference
 * to another record (a business entity, a contact, a territory row) travels as that record's
 * objectId (or `{objectId}` where the spec shows an object).
 *
 * Inputs that give a reference-set value by its objectId (the spec's "reference id", and what older
 * clients and older stored data hold) are accepted and normalised to the code here: a number is
 * read as an objectId, text as a code. Stored items written before the convention are normalised
 * the same way when they are read (`toReferenceCode`). The zod rules that check such a value
 * (`requiredReferenceCode`, `optionalReferenceCode`) are in field-rules.ts.
 */

const SETS = new Map(STATIC_REFERENCE_SETS.map((s) => [s.itemType, s.items]));

function itemsOf(itemType: string): ReferenceOption[] {
  const items = SETS.get(itemType);
  if (!items) throw new Error(`unknown reference set ${itemType}`);
  return items;
}

/** The item of a set named by its code (text) or its objectId (a number); undefined when none. */
export function referenceItem(itemType: string, value: unknown): ReferenceOption | undefined {
  const items = itemsOf(itemType);
  if (typeof value === 'number') return items.find((i) => i.objectId === value);
  if (typeof value === 'string') {
    const code = value.trim();
    return items.find((i) => i.code === code);
  }
  return undefined;
}

/**
 * The code of a reference value given as a code or an objectId: null when empty (undefined, null,
 * '' or blanks), undefined when it names no item of the set.
 */
export function toReferenceCode(itemType: string, value: unknown): string | null | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return referenceItem(itemType, value)?.code;
}

/** The name shown for a reference value (code or objectId); the value itself when the set has no such item. */
export function referenceName(itemType: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return referenceItem(itemType, value)?.name ?? String(value);
}

/** Every code of a set. */
export function referenceCodes(itemType: string): Set<string> {
  return new Set(itemsOf(itemType).map((i) => i.code));
}
