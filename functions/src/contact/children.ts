import { CONTACT_ADDRESSES, CONTACT_EMAILS, CONTACT_PHONES } from '@eb/shared/contact/schemas';
import { childKind, type ParentDef } from '../lib/child-records';
import { keys } from '../lib/db';
import { requireContact } from './record';

/**
 * The contact's addresses, phones and emails (spec 2 "Primary contact sub-rows"): three child kinds
 * (lib/child-records.ts) of the contact, declared in shared/src/contact/schemas.ts. They
 * live in the contact's partition (PCONTACT#id / ADDRESS#n, PHONE#n, EMAIL#n) with a pointer item
 * PCADDRESS#n (PCPHONE#, PCEMAIL#) naming their contact, and log under it.
 */
export const contactParent: ParentDef = { type: 'primaryContact', key: keys.primaryContact, pointerPrefix: 'PC', require: (id) => requireContact(id) };

export const contactAddresses = childKind({ kind: CONTACT_ADDRESSES, parent: contactParent, counter: 'primaryContactAddress', item: 'ADDRESS' });
export const contactPhones = childKind({ kind: CONTACT_PHONES, parent: contactParent, counter: 'primaryContactPhone', item: 'PHONE' });
export const contactEmails = childKind({ kind: CONTACT_EMAILS, parent: contactParent, counter: 'primaryContactEmail', item: 'EMAIL' });
