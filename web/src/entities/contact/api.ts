import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContactCreateBody, ContactListBody, ContactUpdateBody } from '@eb/shared/contact/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery, useInvalidateRoutes, type KeyPrefix } from '../../lib/queries';

/**
 * The primary contact calls (spec 3 section 7 "Contact entity", spec 2 section 7 "Primary contact
 * resource"), shared by Contact Entity Management and the Contact Search popup. Queries are keyed by
 * the route table (lib/queries.ts): a save reloads every ['primarycontact'] query (lists, sub-lists,
 * change logs) except the pinned ones (the Contact Ids reserved by open create forms, the contact an
 * open edit started from).
 */
export const CONTACT_KEYS: readonly KeyPrefix[] = [['primarycontact']];

/** A list request: the search body and the page. */
export interface ContactListParams {
  keyword: string;
  /** 'Active', 'Inactive', or null for both */
  statusRef: string | null;
  fullText?: boolean;
  skip: number;
  limit: number;
  /** 'contactId Ascending', 'legalName Descending', ... */
  orderBy: string;
}

/** POST primarycontact/GetList?limit&skip&orderBy&getTotalCount with {statusRef, keyword, fullText}. */
export const contactListQuery = (params: ContactListParams) => {
  const body: ContactListBody = { statusRef: params.statusRef, keyword: params.keyword.trim() || null };
  if (params.fullText) body.fullText = true;
  return queryOptions({
    ...routeQuery(endpoint('POST', 'primarycontact', 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body,
    }),
    placeholderData: keepPreviousData,
  });
};

/** GET primarycontact/Get?id: the contact with the version an edit starts from (pinned: nothing replaces an open form). */
export const contactQuery = (id: number) => routeQuery(endpoint('GET', 'primarycontact', 'Get'), { query: { id } }, { pinned: true });

/** GET primarycontact/GetPrimaryContactReferenceData: the contact with every address, phone and email. */
export const contactReferenceDataQuery = (id: number) =>
  routeQuery(endpoint('GET', 'primarycontact', 'GetPrimaryContactReferenceData'), { query: { primaryContactReference: id } });

/** GET primarycontact/ChangeLogs[?id]: one contact's log (with its sub-records), or every contact's. */
export const contactChangeLogQuery = (id: number | null = null) =>
  routeQuery(endpoint('GET', 'primarycontact', 'ChangeLogs'), id === null ? {} : { query: { id } });

/**
 * POST primarycontact/Generate: the Contact Id of a new contact, reserved when a create form opens.
 * One call per form (`nonce`), kept while the form is open.
 */
export const generatedContactIdQuery = (nonce: string) =>
  queryOptions({ ...routeQuery(endpoint('POST', 'primarycontact', 'Generate'), {}, { pinned: true, scope: nonce, notify: false }), retry: false });

/** GET Reference/GetAddressLocationByZipCode: state, city and county of a 5-digit zip (404 when unknown). */
export const zipLocationQuery = (zipCode: string) =>
  queryOptions({
    ...routeQuery(endpoint('GET', 'reference', 'GetAddressLocationByZipCode'), { query: { zipCode } }, { notify: false }),
    staleTime: Infinity,
    retry: false,
  });

// The forms show the failures of their own saves (no notification).
const shownByForm = { notify: false } as const;

/** POST primarycontact/Create: the new ids of the contact, its address, phone and (optional) email. */
export const createContact = (body: ContactCreateBody) => call(endpoint('POST', 'primarycontact', 'Create'), { body, ...shownByForm });

/** PUT primarycontact/Update?id: the contact's fields and the version they were read at (409 when stale). */
export const updateContact = (id: number, body: ContactUpdateBody) =>
  call(endpoint('PUT', 'primarycontact', 'Update'), { query: { id }, body, ...shownByForm });

/** After a change: every contact query reloads, except the pinned ones (reserved ids, open edits). */
export const useInvalidateContacts = () => useInvalidateRoutes(...CONTACT_KEYS);
