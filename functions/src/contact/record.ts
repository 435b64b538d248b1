import type { ContactStatus } from '@eb/shared/contact/labels';
import { CONTACT_FIELDS } from '@eb/shared/contact/schemas';
import { keys } from '../lib/db';
import { requireEntity, type EntityDef } from '../lib/entity';

/**
 * The contact as stored (type 'primaryContact', key PCONTACT#objectId), in a module of its own: the
 * repository and the contact's sub-rows (children.ts) both import it.
 */
export interface ContactRecord {
  objectId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  identifier: string | null;
  role: string | null;
  status: ContactStatus;
  /** the business entity's objectId, or null */
  businessEntityRef: number | null;
}

export const contactDef: EntityDef<ContactRecord> = {
  type: 'primaryContact',
  key: keys.primaryContact,
  idCounter: 'primaryContact',
  fields: CONTACT_FIELDS,
  label: (c) => [c.firstName, c.lastName].filter(Boolean).join(' '),
};

/** The contact must exist (404) before a sub-record is added to or listed for it. */
export async function requireContact(id: number): Promise<void> {
  await requireEntity(contactDef, id);
}
