import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { PagedResult } from '@eb/shared/paging';
import type {
  AddressFields,
  ContactAddress,
  ContactCreateBody,
  ContactEmail,
  ContactListBody,
  ContactPhone,
  ContactUpdateBody,
  EmailFields,
  ObjectRef,
  PhoneFields,
  PrimaryContact,
  PrimaryContactCreated,
  PrimaryContactReferenceData,
  PrimaryContactRow,
} from '@eb/shared/primarycontact/schemas';
import type { ZipLocation } from '@eb/shared/reference/schemas';
import type { ChangeLogEntry } from '../../components/change-log';
import { endpoint, request } from '../../lib/api-client';

/**
 * The primary contact calls (spec 3 section 7 "Contact entity", spec 2 section 7 "Primary contact
 * resource"), shared by Contact Entity Management and the Contact Search popup. Query keys live
 * under ['primaryContacts']: a save invalidates `contactKeys.all` (lists, contacts, sub-lists and
 * change logs reload; the Contact Ids reserved by open create forms are kept).
 */
export type SubRecordKind = 'address' | 'phone' | 'email';

export const contactKeys = {
  all: ['primaryContacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (params: ContactListParams) => [...contactKeys.lists(), params] as const,
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
  referenceData: (id: number) => [...contactKeys.all, 'referenceData', id] as const,
  subList: (kind: SubRecordKind, contactId: number, params: SubListParams) => [...contactKeys.all, 'sub', kind, contactId, params] as const,
  changeLog: (id: number | null) => [...contactKeys.all, 'changeLog', id ?? 'all'] as const,
  generated: (nonce: string) => [...contactKeys.all, 'generated', nonce] as const,
};

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
export const contactListQuery = (params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: ({ signal }) => {
      const body: ContactListBody = { statusRef: params.statusRef, keyword: params.keyword.trim() || null };
      if (params.fullText) body.fullText = true;
      return request<PagedResult<PrimaryContactRow>>(endpoint('POST', 'primarycontact', 'GetList'), {
        query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
        body,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

/** GET primarycontact/Get?id: the contact with the version an edit starts from. */
export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => request<PrimaryContact>(endpoint('GET', 'primarycontact', 'Get'), { query: { id }, signal }),
    // An edit starts from the stored version: nothing replaces the form while it is open.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** GET primarycontact/GetPrimaryContactReferenceData: the contact with every address, phone and email. */
export const contactReferenceDataQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.referenceData(id),
    queryFn: ({ signal }) =>
      request<PrimaryContactReferenceData>(endpoint('GET', 'primarycontact', 'GetPrimaryContactReferenceData'), {
        query: { primaryContactReference: id },
        signal,
      }),
  });

export interface SubListParams {
  skip: number;
  limit: number;
  orderBy: string;
}
interface SubRecordOf {
  address: ContactAddress;
  phone: ContactPhone;
  email: ContactEmail;
}
const LIST_ACTIONS = { address: 'GetAddressList', phone: 'GetPhoneList', email: 'GetEmailList' } as const;

/** POST primarycontact/GetAddressList (GetPhoneList, GetEmailList) with {primaryContact:{objectId}}: a page and the total. */
export const subRecordListQuery = <K extends SubRecordKind>(kind: K, contactId: number, params: SubListParams) =>
  queryOptions({
    queryKey: contactKeys.subList(kind, contactId, params),
    queryFn: ({ signal }) =>
      request<PagedResult<SubRecordOf[K]>>(endpoint('POST', 'primarycontact', LIST_ACTIONS[kind]), {
        query: { ...params, getTotalCount: true },
        body: { primaryContact: { objectId: contactId } },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET primarycontact/ChangeLogs[?id]: one contact's log (with its sub-records), or every contact's. */
export const contactChangeLogQuery = (id: number | null = null) =>
  queryOptions({
    queryKey: contactKeys.changeLog(id),
    queryFn: ({ signal }) =>
      request<ChangeLogEntry[]>(endpoint('GET', 'primarycontact', 'ChangeLogs'), { query: id === null ? undefined : { id }, signal }),
  });

/**
 * POST primarycontact/Generate: the Contact Id of a new contact, reserved when a create form opens.
 * One call per form (`nonce`), kept while the form is open.
 */
export const generatedContactIdQuery = (nonce: string) =>
  queryOptions({
    queryKey: contactKeys.generated(nonce),
    queryFn: () => request<ObjectRef>(endpoint('POST', 'primarycontact', 'Generate'), { notify: false }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** GET Reference/GetAddressLocationByZipCode: state, city and county of a 5-digit zip (404 when unknown). */
export const zipLocationQuery = (zipCode: string) =>
  queryOptions({
    queryKey: ['reference', 'zip', zipCode] as const,
    queryFn: ({ signal }) =>
      request<ZipLocation>(endpoint('GET', 'reference', 'GetAddressLocationByZipCode'), { query: { zipCode }, signal, notify: false }),
    staleTime: Infinity,
    retry: false,
  });

// The forms show the failures of their own saves (no notification).
const shownByForm = { notify: false } as const;

/** POST primarycontact/Create: the new ids of the contact, its address, phone and (optional) email. */
export const createContact = (body: ContactCreateBody) =>
  request<PrimaryContactCreated>(endpoint('POST', 'primarycontact', 'Create'), { body, ...shownByForm });

/** PUT primarycontact/Update?id: the contact's fields and the version they were read at (409 when stale). */
export const updateContact = (id: number, body: ContactUpdateBody) =>
  request<PrimaryContact>(endpoint('PUT', 'primarycontact', 'Update'), { query: { id }, body, ...shownByForm });

interface FieldsOf {
  address: AddressFields;
  phone: PhoneFields;
  email: EmailFields;
}
const ACTIONS = {
  address: { add: 'AddressAdd', update: 'AddressUpdate', remove: 'AddressDelete' },
  phone: { add: 'PhoneAdd', update: 'PhoneUpdate', remove: 'PhoneDelete' },
  email: { add: 'EmailAdd', update: 'EmailUpdate', remove: 'EmailDelete' },
} as const;

/** POST primarycontact/AddressAdd (PhoneAdd, EmailAdd): answers the new record. The grid notifies failures. */
export const addSubRecord = <K extends SubRecordKind>(kind: K, contactId: number, fields: FieldsOf[K]) =>
  request<SubRecordOf[K]>(endpoint('POST', 'primarycontact', ACTIONS[kind].add), { body: { ...fields, primaryContact: { objectId: contactId } } });

/** PUT primarycontact/AddressUpdate?id (PhoneUpdate, EmailUpdate) with the version read (409 when stale). */
export const updateSubRecord = <K extends SubRecordKind>(kind: K, id: number, fields: FieldsOf[K], version: number) =>
  request<SubRecordOf[K]>(endpoint('PUT', 'primarycontact', ACTIONS[kind].update), { query: { id }, body: { ...fields, version } });

/** DELETE primarycontact/AddressDelete (PhoneDelete, EmailDelete): the listed records, in one transaction. */
export const deleteSubRecords = (kind: SubRecordKind, items: readonly { objectId: number; version?: number }[]) =>
  request<void>(endpoint('DELETE', 'primarycontact', ACTIONS[kind].remove), { body: items });

/** After a change: every contact query reloads, except the ids reserved by open create forms. */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: contactKeys.all,
      predicate: (q) => q.queryKey[1] !== 'generated' && q.queryKey[1] !== 'detail',
    });
}
