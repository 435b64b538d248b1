import {
  addressFieldsSchema,
  contactCreateBodySchema,
  contactUpdateBodySchema,
  emailFieldsSchema,
  phoneFieldsSchema,
  type BusinessEntityLink,
  type ContactCreateBody,
  type ContactUpdateBody,
  type Contact,
} from '@eb/shared/contact/schemas';
import type { ContactStatus } from '@eb/shared/contact/labels';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  COUNTY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SUPPLY_ZONE_MAX_LENGTH,
} from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { SERVICE_ADDRESS_TYPE } from '@eb/shared/contact/schemas';
import type { DeclaredField, DeclaredSection } from '../../components/declared-fields';
import { zodErrors } from '../../components/use-form';
import { CONTACT_FIELD_LABELS as L, CONTACT_TEXTS } from './contact-texts';

/**
 * The contact form's model (spec 2 section 5 "Contact creation"; spec 3 section 5 "Contact form").
 * The rules are the shared zod schemas the server applies too: for a new contact the names, the
 * address, the phone and the optional email; for an existing one only the contact's own fields
 * (only first and last name are required).
 */
export type ContactFormMode = 'create' | 'edit';

export interface AddressFormValues {
  addressType: string | null;
  addressLine: string;
  county: string;
  city: string;
  state: string | null;
  zipCode: string;
  zipAppendix: string;
  supplyZone: string;
}
export interface ContactFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  identifier: string;
  role: string | null;
  status: ContactStatus;
  businessEntity: BusinessEntityLink | null;
  address: AddressFormValues;
  phone: { phoneNumber: string; type: string | null };
  email: { emailAddress: string; type: string | null };
}

/** A field's path in the form: a contact field, or a part of the first address, phone or email ('address.city'). */
export type ContactFormPath =
  | 'contactId'
  | Exclude<keyof ContactFormValues, 'address' | 'phone' | 'email'>
  | `address.${keyof AddressFormValues}`
  | `phone.${keyof ContactFormValues['phone']}`
  | `email.${keyof ContactFormValues['email']}`;

/**
 * The fields Save needs: the names; for a new contact also the address's type, line, city and
 * state, the zip code and county of a service address, the phone, and the email's type once an
 * email is typed.
 */
export function contactFormRequired(v: ContactFormValues, mode: ContactFormMode): ReadonlySet<string> {
  const required: string[] = ['firstName', 'lastName'];
  if (mode === 'create') {
    required.push('address.addressType', 'address.addressLine', 'address.city', 'address.state', 'phone.phoneNumber', 'phone.type');
    if (v.address.addressType === SERVICE_ADDRESS_TYPE) required.push('address.zipCode', 'address.county');
    if (v.email.emailAddress.trim() !== '') required.push('email.type');
  }
  return new Set(required);
}

/**
 * The contact form's fields (spec 3 section 5, spec 2 "Contact creation"). New contact: Contact Id
 * (read-only, reserved), Identifier, the names, Role and Business Entity, then the first address
 * (zip code and its appendix in one cell), phone and optional email (side by side). Existing
 * contact: Contact Id and Status, the names, Identifier, Role, and the Business Entity across the
 * row. The inputs stop at the rules' lengths; a select says 'Required' when it is.
 */
export function contactFormSections(mode: ContactFormMode, required: ReadonlySet<string>): DeclaredSection<ContactFormPath>[] {
  const text = (field: ContactFormPath, label: string, maxLength: number, more: Partial<DeclaredField<ContactFormPath>> = {}): DeclaredField<ContactFormPath> => ({
    field,
    kind: 'text',
    label,
    maxLength,
    cut: true,
    autoComplete: 'off',
    ...more,
  });
  const select = (field: ContactFormPath, label: string): DeclaredField<ContactFormPath> => ({
    field,
    kind: 'select',
    label,
    placeholder: required.has(field) ? MSG.required : CONTACT_TEXTS.selectPlaceholder,
  });
  const identifier = text('identifier', L.identifier, IDENTIFIER_MAX_LENGTH);
  const contact: DeclaredSection<ContactFormPath> = {
    key: 'contact',
    title: mode === 'create' ? CONTACT_TEXTS.contactSection : '',
    fields: [
      { field: 'contactId', kind: 'display', label: L.contactId },
      mode === 'edit' ? { field: 'status', kind: 'toggle', label: L.status, className: 'eb-contact-form__status' } : identifier,
      text('firstName', L.firstName, CONTACT_NAME_MAX_LENGTH, { autoFocus: true }),
      text('middleName', L.middleName, CONTACT_NAME_MAX_LENGTH),
      text('lastName', L.lastName, CONTACT_NAME_MAX_LENGTH),
      text('suffix', L.suffix, CONTACT_NAME_MAX_LENGTH),
      ...(mode === 'edit' ? [identifier] : []),
      select('role', L.role),
      { field: 'businessEntity', kind: 'ref', label: L.businessEntity, placeholder: CONTACT_TEXTS.businessEntityPlaceholder, ...(mode === 'edit' ? { cell: 'eb-contact-form__wide' } : {}) },
    ],
  };
  if (mode === 'edit') return [contact];
  return [
    contact,
    {
      key: 'address',
      title: CONTACT_TEXTS.address,
      gridClassName: 'eb-contact-form__grid--address',
      fields: [
        select('address.addressType', L.addressType),
        text('address.addressLine', L.addressLine, ADDRESS_LINE_MAX_LENGTH, { cell: 'eb-contact-form__wide' }),
        text('address.zipCode', L.zipCode, 5, { inputMode: 'numeric', cell: 'eb-contact-form__zip' }),
        text('address.zipAppendix', L.zipAppendix, 4, { inputMode: 'numeric', cell: 'eb-contact-form__zip' }),
        text('address.city', L.city, CITY_MAX_LENGTH),
        select('address.state', L.state),
        text('address.county', L.county, COUNTY_MAX_LENGTH),
        text('address.supplyZone', L.supplyZone, SUPPLY_ZONE_MAX_LENGTH),
      ],
    },
    {
      key: 'phone',
      title: CONTACT_TEXTS.phone,
      className: 'eb-contact-form__section--half',
      fields: [text('phone.phoneNumber', L.phoneNumber, PHONE_MAX_LENGTH, { inputMode: 'tel' }), select('phone.type', L.type)],
    },
    {
      key: 'email',
      title: CONTACT_TEXTS.email,
      className: 'eb-contact-form__section--half',
      // the type is required once an email is typed; its empty choice still reads 'Select'
      fields: [text('email.emailAddress', L.emailAddress, EMAIL_MAX_LENGTH, { inputMode: 'email' }), { ...select('email.type', L.type), placeholder: CONTACT_TEXTS.selectPlaceholder }],
    },
  ];
}

/** The form's values by path (the first address, phone and email's parts as 'address.city'). */
export function valuesByPath(v: ContactFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...v };
  for (const part of ['address', 'phone', 'email'] as const) for (const [k, x] of Object.entries(v[part])) out[`${part}.${k}`] = x;
  return out;
}

export const EMPTY_ADDRESS: AddressFormValues = {
  addressType: null,
  addressLine: '',
  county: '',
  city: '',
  state: null,
  zipCode: '',
  zipAppendix: '',
  supplyZone: '',
};

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  suffix: '',
  identifier: '',
  role: null,
  status: 'Active',
  businessEntity: null,
  address: EMPTY_ADDRESS,
  phone: { phoneNumber: '', type: null },
  email: { emailAddress: '', type: null },
};

export function formOf(c: Contact): ContactFormValues {
  return {
    ...EMPTY_CONTACT_FORM,
    firstName: c.firstName,
    middleName: c.middleName ?? '',
    lastName: c.lastName,
    suffix: c.suffix ?? '',
    identifier: c.identifier ?? '',
    role: c.role,
    status: c.status,
    businessEntity: c.businessEntity,
  };
}

/** A field's path: 'firstName', 'address.city', 'phone.type', ... */
export type ContactFormErrors = Record<string, string>;

const contactFields = (v: ContactFormValues) => ({
  firstName: v.firstName,
  middleName: v.middleName,
  lastName: v.lastName,
  suffix: v.suffix,
  identifier: v.identifier,
  role: v.role,
  businessEntity: v.businessEntity ? { objectId: v.businessEntity.objectId } : null,
});

export const createBody = (v: ContactFormValues, objectId: number | undefined): ContactCreateBody => ({
  ...(objectId !== undefined ? { objectId } : {}),
  ...contactFields(v),
  address: { ...v.address },
  phone: { ...v.phone },
  email: v.email.emailAddress.trim() ? { ...v.email } : null,
});

export const updateBody = (v: ContactFormValues, version: number): ContactUpdateBody => ({
  ...contactFields(v),
  status: v.status,
  version,
});

/** The first message of each invalid field, keyed by its path (empty when the form may be saved). */
export function validateContactForm(v: ContactFormValues, mode: ContactFormMode): ContactFormErrors {
  return (
    mode === 'create' ? zodErrors(contactCreateBodySchema, createBody(v, undefined)) : zodErrors(contactUpdateBodySchema, updateBody(v, 1))
  ) as ContactFormErrors;
}

/** Has an edited contact changed from the loaded one? */
export function isChanged(v: ContactFormValues, c: Contact): boolean {
  const a = formOf(c);
  const norm = (s: string) => s.trim();
  return (
    norm(v.firstName) !== norm(a.firstName) ||
    norm(v.middleName) !== norm(a.middleName) ||
    norm(v.lastName) !== norm(a.lastName) ||
    norm(v.suffix) !== norm(a.suffix) ||
    norm(v.identifier) !== norm(a.identifier) ||
    v.role !== a.role ||
    v.status !== a.status ||
    (v.businessEntity?.objectId ?? null) !== (a.businessEntity?.objectId ?? null)
  );
}

/** Sub-row checks of the editable sub-grids (the same schemas as the server's). */
export function subRecordErrors(kind: 'address' | 'phone' | 'email', row: object): ContactFormErrors {
  const schema = kind === 'address' ? addressFieldsSchema : kind === 'phone' ? phoneFieldsSchema : emailFieldsSchema;
  return zodErrors(schema, row) as ContactFormErrors;
}
