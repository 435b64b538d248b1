import { AMENDMENT_TEXTS } from '../../../entities/amendment/amendment-texts';

/** What the amendment's Business Entity or Primary Contact block shows of the chosen record. */
export type RecordShown = { text: string; inactive: boolean; details?: string[] };

/** What the blocks showed for the records the user picked in this session, by kind and objectId. */
const pickedShown = new Map<string, RecordShown>();

/** Remembers what a block showed for a record the user picked (a search popup's choice). */
export function rememberPicked(kind: 'entity' | 'contact', objectId: number | null, shown: RecordShown | null): void {
  if (objectId !== null && shown) pickedShown.set(`${kind}:${objectId}`, shown);
}

/**
 * What a block shows for the form's choice: the stored record's when the choice is that record, else
 * what the user was shown when picking it (after the conflict view's Apply the form holds the user's
 * choice on the reloaded amendment, whose own record may be another).
 */
export function shownOf(kind: 'entity' | 'contact', chosen: unknown, stored: { objectId: number; shown: RecordShown } | null): RecordShown | null {
  const id = (chosen as { objectId?: number } | null)?.objectId;
  if (id === undefined) return null;
  if (stored && stored.objectId === id) return stored.shown;
  return pickedShown.get(`${kind}:${id}`) ?? { text: String(id), inactive: false };
}

/** What the Primary Contact block shows (spec 2 "primaryContactObject"): the name and status, the address with city, state and zip, the phone and email. */
export function contactBlock(
  c: { firstName: string; lastName: string; status: string; emailAddress?: string | null; phoneNumber?: string | null },
  address: { addressLine?: string | null; city?: string | null; state?: string | null; zipCode?: string | null } | null | undefined,
): RecordShown {
  const place = [address?.city, [address?.state, address?.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    text: `${c.firstName} ${c.lastName}`,
    inactive: c.status === 'Inactive',
    details: [
      `${AMENDMENT_TEXTS.contactStatus}: ${c.status}`,
      [address?.addressLine, place].filter(Boolean).join(', '),
      [c.phoneNumber, c.emailAddress].filter(Boolean).join(' · '),
    ].filter(Boolean),
  };
}
