import { z } from 'zod';
import { defineChildKind, objectRefSchema, type ChildDeleteBody, type ChildRecord, type ObjectRef } from '../child-records';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  COUNTY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SUPPLY_ZONE_MAX_LENGTH,
} from '../constants';
import { optionalReferenceCode, optionalText, requiredReferenceCode, requiredText, versionSchema } from '../field-rules';
import { MSG, maxLengthMessage } from '../messages';
import { zipCodeSchema } from '../reference/schemas';
import { EMAIL_PATTERN } from '../formats';
import { CONTACT_STATUSES, type ContactStatus } from './labels';

/**
 * Contact entities, i.e. primary contacts (spec 3 "Contact entity", spec 2 "Primary contact",
 * section 5 "Contact creation" and "Primary contact sub-rows"). One set of rules for the web forms
 * and the primarycontact Lambda.
 *
 * Reference values travel as the codes of their reference sets: role (`primaryContactRoles`),
 * status (`primaryContactStatuses`: Active, Inactive), address type (`addressTypes`), state (the
 * two-letter code of `states`, as the zip lookup answers it), phone type (`phoneTypes`) and email
 * type (`emailTypes`). Empty text is normalised to null.
 *
 * Chosen where the spec is silent: middle name and suffix hold at most 30 characters (as the other
 * names); role is optional; a county holds at most COUNTY_MAX_LENGTH and a supply zone 25
 * characters (the account's supplyZone). An address sub-row follows the same rule as the address
 * of a new contact (type, line, city and state; county and zip for the Service type): the sub-row
 * rule of spec 2 names the minimum, and an address without a line or a city cannot be used.
 */

/** Spec: "A new contact starts Active". */
export const NEW_CONTACT_STATUS: ContactStatus = 'Active';
/** The address type whose county and zip are required. */
export const SERVICE_ADDRESS_TYPE = 'Service';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const emptyToNull = (v: unknown) => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v;
};
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export { objectRefSchema, type ObjectRef };

// ---- field rules ---------------------------------------------------------------------------------

/** Zip: 5 digits (the shared zip rule); empty is null. */
export const optionalZipSchema = z.preprocess(emptyToNull, zipCodeSchema.nullable());
/** Zip +4: 4 digits; empty is null. */
export const optionalZipAppendixSchema = z.preprocess(
  emptyToNull,
  z.string({ error: MSG.invalidZipAppendix }).regex(/^\d{4}$/, MSG.invalidZipAppendix).nullable(),
);
/** Phone number: required, digits only ('Field should be integer number'), at most 14. */
export const phoneNumberSchema = z.preprocess(
  trimmed,
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(PHONE_MAX_LENGTH, maxLengthMessage(PHONE_MAX_LENGTH))
    .regex(/^\d+$/, MSG.integerNumber),
);
/** Email address: required, at most 200, a valid address ('Incorrect email format'). */
export const emailAddressSchema = z.preprocess(
  trimmed,
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(EMAIL_MAX_LENGTH, maxLengthMessage(EMAIL_MAX_LENGTH))
    .regex(EMAIL_PATTERN, MSG.incorrectEmailFormat),
);

/** The business entity a contact belongs to ({ objectId }), or null. */
export const businessEntityRefSchema = z.preprocess((v) => (v === undefined ? null : v), objectRefSchema.nullable());

// ---- the contact -------------------------------------------------------------------------------

export const contactFieldsShape = {
  firstName: requiredText(CONTACT_NAME_MAX_LENGTH),
  middleName: optionalText(CONTACT_NAME_MAX_LENGTH),
  lastName: requiredText(CONTACT_NAME_MAX_LENGTH),
  suffix: optionalText(CONTACT_NAME_MAX_LENGTH),
  identifier: optionalText(IDENTIFIER_MAX_LENGTH),
  role: optionalReferenceCode('primaryContactRoles'),
  businessEntity: businessEntityRefSchema,
};
export const contactFieldsSchema = z.object(contactFieldsShape);
export type ContactFields = z.output<typeof contactFieldsSchema>;

/** The contact's status: Active or Inactive. */
export const contactStatusSchema = requiredReferenceCode('primaryContactStatuses');

// ---- sub-records: three child kinds of the contact (shared/src/child-records.ts) ------------------

/** The parent of the contact's addresses, phones and emails: staff read them, editors change them. */
export const CONTACT_PARENT = {
  resource: 'primarycontact',
  type: 'primaryContact',
  ref: 'primaryContact',
  read: 'nonAgent',
  write: 'editor',
} as const;

/** Spec: "County and zip required when type is Service" ('Required'). */
function serviceRule(value: { addressType?: unknown; county?: unknown; zipCode?: unknown }, ctx: z.RefinementCtx) {
  if (trimmed(value.addressType) !== SERVICE_ADDRESS_TYPE) return;
  if (isBlank(value.county)) ctx.addIssue({ code: 'custom', path: ['county'], message: MSG.required });
  if (isBlank(value.zipCode)) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: MSG.required });
}

/** Sub-list sort fields and default sorts: spec 2 section 9 (address line, phone number, email address ascending). */
export const CONTACT_ADDRESSES = defineChildKind({
  name: 'Address',
  entity: 'address',
  parent: CONTACT_PARENT,
  shape: {
    addressType: requiredReferenceCode('addressTypes'),
    addressLine: requiredText(ADDRESS_LINE_MAX_LENGTH),
    county: optionalText(COUNTY_MAX_LENGTH),
    city: requiredText(CITY_MAX_LENGTH),
    state: requiredReferenceCode('states'),
    zipCode: optionalZipSchema,
    zipAppendix: optionalZipAppendixSchema,
    supplyZone: optionalText(SUPPLY_ZONE_MAX_LENGTH),
  },
  refine: serviceRule,
  sortFields: ['addressLine', 'addressType', 'city', 'state', 'zipCode', 'county'],
  labelField: 'addressLine',
  defaultSort: { field: 'addressLine', direction: 'Ascending' },
});

export const CONTACT_PHONES = defineChildKind({
  name: 'Phone',
  entity: 'phone',
  parent: CONTACT_PARENT,
  shape: { phoneNumber: phoneNumberSchema, type: requiredReferenceCode('phoneTypes') },
  sortFields: ['phoneNumber', 'type'],
  labelField: 'phoneNumber',
  defaultSort: { field: 'phoneNumber', direction: 'Ascending' },
});

export const CONTACT_EMAILS = defineChildKind({
  name: 'Email',
  entity: 'email',
  parent: CONTACT_PARENT,
  shape: { emailAddress: emailAddressSchema, type: requiredReferenceCode('emailTypes') },
  sortFields: ['emailAddress', 'type'],
  labelField: 'emailAddress',
  defaultSort: { field: 'emailAddress', direction: 'Ascending' },
});

/** The contact's child kinds by change-log entity. */
export const CONTACT_CHILD_KINDS = { address: CONTACT_ADDRESSES, phone: CONTACT_PHONES, email: CONTACT_EMAILS } as const;

export const addressFieldsShape = CONTACT_ADDRESSES.shape;
export const addressFieldsSchema = CONTACT_ADDRESSES.fieldsSchema;
export type AddressFields = z.output<typeof addressFieldsSchema>;
export const phoneFieldsShape = CONTACT_PHONES.shape;
export const phoneFieldsSchema = CONTACT_PHONES.fieldsSchema;
export type PhoneFields = z.output<typeof phoneFieldsSchema>;
export const emailFieldsShape = CONTACT_EMAILS.shape;
export const emailFieldsSchema = CONTACT_EMAILS.fieldsSchema;
export type EmailFields = z.output<typeof emailFieldsSchema>;

/** The logged and compared fields of each record, in the form's order. */
export const CONTACT_FIELDS = ['firstName', 'middleName', 'lastName', 'suffix', 'identifier', 'role', 'status', 'businessEntityRef'] as const;
export const ADDRESS_FIELDS = CONTACT_ADDRESSES.fields;
export const PHONE_FIELDS = CONTACT_PHONES.fields;
export const EMAIL_FIELDS = CONTACT_EMAILS.fields;

// ---- call bodies -------------------------------------------------------------------------------

/** An object, or {} when absent: a missing sub-record reports its fields as 'Required'. */
const orEmpty = (v: unknown) => (v === undefined || v === null ? {} : v);

/**
 * POST primarycontact/Create: the contact with its first address and phone, and optionally an
 * email (left out, or sent with an empty address, when there is none). `objectId` is the id
 * primarycontact/Generate reserved (optional: without it the server takes the next one). A new
 * contact starts Active: a status in the body is ignored.
 */
export const contactCreateBodySchema = z.object({
  objectId: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput).optional(),
  ...contactFieldsShape,
  address: z.preprocess(orEmpty, addressFieldsSchema),
  phone: z.preprocess(orEmpty, phoneFieldsSchema),
  email: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'object' && isBlank((v as { emailAddress?: unknown }).emailAddress)) ? null : v),
    emailFieldsSchema.nullable(),
  ),
});
export type ContactCreateBody = z.input<typeof contactCreateBodySchema>;
export type ContactCreateInput = z.output<typeof contactCreateBodySchema>;

/**
 * PUT primarycontact/Update?id: the contact's fields and the version they were read at. Spec: "When
 * editing an existing contact only first and last name are required". Status: Active or Inactive
 * (absent: unchanged).
 */
export const contactUpdateBodySchema = z.object({
  ...contactFieldsShape,
  status: z.preprocess(emptyToNull, contactStatusSchema.nullable()),
  version: versionSchema,
});
export type ContactUpdateBody = z.input<typeof contactUpdateBodySchema>;
export type ContactUpdateInput = z.output<typeof contactUpdateBodySchema>;

/** POST primarycontact/AddressAdd (PhoneAdd, EmailAdd): the sub-record and its contact. */
export const addressAddBodySchema = CONTACT_ADDRESSES.addBodySchema;
export const phoneAddBodySchema = CONTACT_PHONES.addBodySchema;
export const emailAddBodySchema = CONTACT_EMAILS.addBodySchema;
/** PUT primarycontact/AddressUpdate?id (PhoneUpdate, EmailUpdate): the sub-record and its version. */
export const addressUpdateBodySchema = CONTACT_ADDRESSES.updateBodySchema;
export const phoneUpdateBodySchema = CONTACT_PHONES.updateBodySchema;
export const emailUpdateBodySchema = CONTACT_EMAILS.updateBodySchema;

/**
 * DELETE primarycontact/AddressDelete (PhoneDelete, EmailDelete): an array of { objectId } (with
 * the version read, optionally). All of them go in one transaction with their change-log events,
 * so at most CHILD_DELETE_MAX (CONTACT_DELETE_MAX).
 */
export const subRecordDeleteBodySchema = CONTACT_ADDRESSES.deleteBodySchema;
export type SubRecordDeleteBody = ChildDeleteBody;

/** POST primarycontact/GetAddressList (GetPhoneList, GetEmailList): the contact whose records are listed. */
export const subRecordListBodySchema = CONTACT_ADDRESSES.listBodySchema;
export type SubRecordListBody = z.infer<typeof subRecordListBodySchema>;

/**
 * POST primarycontact/GetList body. statusRef: the status filter, as the status code ('Active',
 * 'Inactive'; the objectId of its `primaryContactStatuses` item is accepted and read as the code);
 * empty: every status. keyword: every word must start a word of the contact id, the names, the
 * identifier, or the business entity's id or legal name; with fullText, occur anywhere in them.
 */
export const contactListBodySchema = z.object({
  statusRef: optionalReferenceCode<ContactStatus>('primaryContactStatuses'),
  keyword: z.preprocess(emptyToNull, z.string({ error: MSG.invalidInput }).max(200, maxLengthMessage(200)).nullable()),
  fullText: z.boolean({ error: MSG.invalidInput }).optional(),
});
export type ContactListBody = z.input<typeof contactListBodySchema>;
export type ContactListInput = z.output<typeof contactListBodySchema>;

/** The status code of a statusRef (an objectId of `primaryContactStatuses` or a code), or null. */
export function statusOfRef(ref: string | number | null | undefined): ContactStatus | null {
  if (ref === null || ref === undefined || ref === '') return null;
  if (typeof ref === 'number') return CONTACT_STATUSES[ref - 1] ?? null;
  return (CONTACT_STATUSES as readonly string[]).includes(ref) ? (ref as ContactStatus) : null;
}

/** GET primarycontact/GetPrimaryContactReferenceData?primaryContactReference=N */
export const referenceDataQuerySchema = z.object({ primaryContactReference: z.coerce.number().int().positive() });

// ---- answers -----------------------------------------------------------------------------------

/** The business entity of a contact, with its current id and legal name. */
export interface BusinessEntityLink {
  objectId: number;
  businessEntityId: number | null;
  legalName: string | null;
}

/** GET primarycontact/Get?id */
export interface Contact {
  objectId: number;
  /** the Contact Id the screens show (the objectId) */
  contactId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  identifier: string | null;
  role: string | null;
  status: ContactStatus;
  businessEntity: BusinessEntityLink | null;
  version: number;
}

/** A row of POST primarycontact/GetList: the contact with its business entity's current id and legal name. */
export interface ContactRow extends Omit<Contact, 'businessEntity'> {
  businessEntityObjectId: number | null;
  businessEntityId: number | null;
  legalName: string | null;
}

export type ContactAddress = ChildRecord<typeof CONTACT_ADDRESSES>;
export type ContactPhone = ChildRecord<typeof CONTACT_PHONES>;
export type ContactEmail = ChildRecord<typeof CONTACT_EMAILS>;

/** POST primarycontact/Create answers the new ids. */
export interface ContactCreated {
  objectId: number;
  address: ObjectRef;
  phone: ObjectRef;
  email?: ObjectRef;
}

/**
 * GET primarycontact/GetPrimaryContactReferenceData?primaryContactReference=N: the contact with
 * every address, phone and email (sorted as the sub-grids sort them by default). The contact search
 * popup's expanded row and the management grid's read-only sections read it in one call.
 */
export interface PrimaryContactReferenceData {
  primaryContact: Contact;
  addresses: ContactAddress[];
  phones: ContactPhone[];
  emails: ContactEmail[];
}

// ---- sorting -------------------------------------------------------------------------------------

/** Sub-list sort fields and default sorts (declared with the child kinds above). */
export const ADDRESS_SORT_FIELDS = CONTACT_ADDRESSES.sortFields;
export const PHONE_SORT_FIELDS = CONTACT_PHONES.sortFields;
export const EMAIL_SORT_FIELDS = CONTACT_EMAILS.sortFields;
export const ADDRESS_DEFAULT_SORT = CONTACT_ADDRESSES.defaultSort;
export const PHONE_DEFAULT_SORT = CONTACT_PHONES.defaultSort;
export const EMAIL_DEFAULT_SORT = CONTACT_EMAILS.defaultSort;

// ---- display -------------------------------------------------------------------------------------

/** One line of an address: '12 Main St, Newark, NJ 07102-1234'. */
export function formatAddress(a: Pick<AddressFields, 'addressLine' | 'city' | 'state' | 'zipCode' | 'zipAppendix'>): string {
  const zip = a.zipCode ? (a.zipAppendix ? `${a.zipCode}-${a.zipAppendix}` : a.zipCode) : '';
  const stateZip = [a.state, zip].filter(Boolean).join(' ');
  return [a.addressLine, a.city, stateZip].filter(Boolean).join(', ');
}
