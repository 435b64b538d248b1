import type { Contact } from './schemas';

/** The contact's statuses, labels and name, zod-free so that screens can load them alone. */

export const CONTACT_STATUSES = ['Active', 'Inactive'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Field labels of the screens and the change log. */
export const CONTACT_LABELS = {
  contactId: 'Contact Id',
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  suffix: 'Suffix',
  identifier: 'Identifier',
  role: 'Role',
  status: 'Status',
  businessEntity: 'Business Entity',
  businessEntityRef: 'Business Entity',
  businessEntityId: 'Business Entity ID',
  legalName: 'Legal Name',
  addressType: 'Address Type',
  addressLine: 'Address Line',
  county: 'County',
  city: 'City',
  state: 'State',
  zipCode: 'Zip',
  zipAppendix: '+4',
  supplyZone: 'Supply Zone',
  phoneNumber: 'Phone Number',
  type: 'Type',
  emailAddress: 'Email Address',
} as const;

/** The full name: first, middle, last and suffix. */
export function contactName(c: Pick<Contact, 'firstName' | 'middleName' | 'lastName' | 'suffix'>): string {
  return [c.firstName, c.middleName, c.lastName, c.suffix].filter(Boolean).join(' ');
}
