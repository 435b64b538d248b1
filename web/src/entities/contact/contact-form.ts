import {
  addressFieldsSchema,
  contactCreateBodySchema,
  contactUpdateBodySchema,
  emailFieldsSchema,
  phoneFieldsSchema,
  type BusinessEntityLink,
  type ContactCreateBody,
  type ContactStatus,
  type ContactUpdateBody,
  type Contact,
} from '@eb/shared/contact/schemas';
import { zodErrors } from '../../components/use-form';

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
