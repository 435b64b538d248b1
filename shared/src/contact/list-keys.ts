import type { SortDirection } from '../paging';

/** The contact list's sort fields and default sort (zod-free, for the screens as well as the schemas). */

/** GetList sort fields (spec 2 "Contact Search popup"): contactId ascending by default. */
export const CONTACT_SORT_FIELDS = ['contactId', 'firstName', 'lastName', 'businessEntityId', 'legalName', 'role', 'identifier'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export const CONTACT_DEFAULT_SORT: { field: ContactSortField; direction: SortDirection } = { field: 'contactId', direction: 'Ascending' };
