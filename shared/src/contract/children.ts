import { z } from 'zod';
import { defineChildKind, objectRefSchema, type ChildRecord } from '../child-records';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CRM_COMMENT_MAX_LENGTH,
  CRM_USER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PARTICIPANT_ZIP_MAX_LENGTH,
} from '../constants';
import {
  integerRule,
  maxLengthRule,
  optionalDate,
  optionalEmail,
  optionalReferenceCode,
  optionalText,
  optionalYesNo,
  requiredDate,
  requiredReferenceCode,
  requiredRuleTextSchema,
  requiredText,
} from '../field-rules';
import { MSG } from '../messages';
import { documentShape } from '../file/schemas';
import { phoneNumberSchema } from '../primarycontact/schemas';

/**
 * What an amendment holds in its grids (spec 2 "Amendment participant", "Amendment CRM entry",
 * section 5 "Participant row" and "CRM row"): child kinds (shared/src/child-records.ts) of the
 * amendment, with the spec's call names. The account's participants and CRM notes (the accounts
 * issue) take the same shapes under their own parent.
 */

/** The amendment as a parent: agents read its grids, editors change them; 'c' before its children's fields in its change log. */
export const CONTRACT_PARENT = {
  resource: 'contract',
  type: 'contract',
  ref: 'contract',
  logPrefix: 'c',
  read: 'signedIn',
  write: 'editor',
} as const;

/**
 * A participant: a contact on the record (once: 'This participant has already been added'), with
 * the contact's details as they stand on this record (editable inline). Required: first and last
 * name, address, city, state, zip, phone; zip and phone digits; email optional but valid.
 */
export const PARTICIPANT_SHAPE = {
  contactId: objectRefSchema.shape.objectId,
  role: optionalReferenceCode('primaryContactRoles'),
  firstName: requiredText(CONTACT_NAME_MAX_LENGTH),
  lastName: requiredText(CONTACT_NAME_MAX_LENGTH),
  address: requiredText(ADDRESS_LINE_MAX_LENGTH),
  city: requiredText(CITY_MAX_LENGTH),
  zip: requiredRuleTextSchema(integerRule, maxLengthRule(PARTICIPANT_ZIP_MAX_LENGTH)),
  state: requiredReferenceCode('states'),
  email: optionalEmail(EMAIL_MAX_LENGTH),
  phoneNumber: phoneNumberSchema,
  identifier: optionalText(IDENTIFIER_MAX_LENGTH),
  isActive: optionalYesNo(),
};
export const PARTICIPANT_SORT_FIELDS = ['lastName', 'firstName', 'contactId', 'role', 'city', 'state', 'zip', 'email', 'phoneNumber', 'identifier', 'address'] as const;

/**
 * A CRM note: a type, a non-empty comment (at most 300) and a date. The server keeps reportedBy
 * (who added it), updatedDate (its last change), and resolvedBy and resolvedDate (set when it is
 * ticked Resolved, cleared when unticked); what a client sends for those four is ignored. Notes
 * are never deleted (the spec's CRM grid has no Delete): they are the record's history.
 */
export const crmShape = (types: string) => ({
  crmType: requiredReferenceCode(types),
  comment: requiredText(CRM_COMMENT_MAX_LENGTH),
  date: requiredDate(),
  reportedBy: optionalText(CRM_USER_MAX_LENGTH),
  updatedDate: optionalDate(),
  isResolved: optionalYesNo(),
  resolvedBy: optionalText(CRM_USER_MAX_LENGTH),
  resolvedDate: optionalDate(),
});
export const CRM_SORT_FIELDS = ['date', 'crmType', 'comment', 'reportedBy', 'updatedDate', 'isResolved', 'resolvedBy', 'resolvedDate'] as const;
/** The fields of a CRM note the server sets. */
export const CRM_SERVER_FIELDS = ['reportedBy', 'updatedDate', 'resolvedBy', 'resolvedDate'] as const;

export const CONTRACT_PARTICIPANTS = defineChildKind({
  name: 'Participant',
  entity: 'participant',
  parent: CONTRACT_PARENT,
  shape: PARTICIPANT_SHAPE,
  sortFields: PARTICIPANT_SORT_FIELDS,
  defaultSort: { field: 'lastName', direction: 'Ascending' },
  logPrefix: 'participant',
  labelField: 'lastName',
  actions: { list: 'GetParticipants', add: 'CreateParticipant', update: 'UpdateParticipant', delete: 'DeleteParticipant' },
});

export const CONTRACT_CRMS = defineChildKind({
  name: 'Crm',
  entity: 'crm',
  parent: CONTRACT_PARENT,
  shape: crmShape('amendmentCrmTypes'),
  sortFields: CRM_SORT_FIELDS,
  defaultSort: { field: 'date', direction: 'Descending' },
  logPrefix: 'crm',
  labelField: 'crmType',
  actions: { list: 'GetCrms', add: 'CreateCrm', update: 'UpdateCrm', delete: false },
});

/** An amendment's documents (spec 2 "Documents popup"): registered by Upload, listed by GetDocuments, removed by DeleteDocuments. */
export const CONTRACT_DOCUMENTS = defineChildKind({
  name: 'Document',
  entity: 'file',
  parent: CONTRACT_PARENT,
  shape: documentShape(),
  sortFields: ['fileName', 'uploadDate', 'size'],
  defaultSort: { field: 'uploadDate', direction: 'Descending' },
  logPrefix: 'docs',
  labelField: 'fileName',
});

export type ContractParticipant = ChildRecord<typeof CONTRACT_PARTICIPANTS>;
export type ContractCrm = ChildRecord<typeof CONTRACT_CRMS>;

/** ExportCrms?id&objectIds: the amendment and, optionally, the chosen notes (comma-separated; none = all). */
export const crmExportQuerySchema = z.object({
  id: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
  objectIds: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [] as number[];
      const ids = v.split(',').map((x) => Number(x.trim()));
      if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidInput });
        return z.NEVER;
      }
      return ids;
    }),
});

/** A participant's fields (what its rows edit). */
export type ParticipantFields = z.output<z.ZodObject<typeof PARTICIPANT_SHAPE>>;

/** Which of the contact's address, phone and email a participant takes (else the first of each, in their lists' order). */
export interface ParticipantChoice {
  addressId?: number | null;
  phoneId?: number | null;
  emailId?: number | null;
}

/**
 * A new participant from a contact and its addresses, phones and emails: the names, role and
 * identifier of the contact, the chosen (or first) address, phone and email. Used by the Add of the
 * participants grid (a new row, completed before Save) and by ContactAddUpdate.
 */
export function participantFromContact(
  data: {
    primaryContact: { objectId: number; firstName?: string | null; lastName?: string | null; role?: string | null; identifier?: string | null; status?: string | null };
    addresses: readonly { objectId: number; addressLine?: string | null; city?: string | null; state?: string | null; zipCode?: string | null }[];
    phones: readonly { objectId: number; phoneNumber?: string | null }[];
    emails: readonly { objectId: number; emailAddress?: string | null }[];
  },
  choice: ParticipantChoice = {},
): Record<keyof ParticipantFields, unknown> {
  const pick = <T extends { objectId: number }>(rows: readonly T[], id: number | null | undefined): T | undefined =>
    id ? rows.find((r) => r.objectId === id) : rows[0];
  const c = data.primaryContact;
  const address = pick(data.addresses, choice.addressId);
  return {
    contactId: c.objectId,
    role: c.role ?? null,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    address: address?.addressLine ?? null,
    city: address?.city ?? null,
    zip: address?.zipCode ?? null,
    state: address?.state ?? null,
    email: pick(data.emails, choice.emailId)?.emailAddress ?? null,
    phoneNumber: pick(data.phones, choice.phoneId)?.phoneNumber ?? null,
    identifier: c.identifier ?? null,
    isActive: c.status ? c.status === 'Active' : true,
  };
}

/**
 * ContactAddUpdate: a contact put on (or, with objectId, refreshed on) an amendment from the
 * contact's own records: { contract, contact, address?, phone?, email? } as { objectId }s.
 */
export const contactAddUpdateBodySchema = z.object({
  objectId: objectRefSchema.shape.objectId.optional(),
  version: z.number().int().positive().optional(),
  contract: objectRefSchema,
  contact: objectRefSchema,
  address: objectRefSchema.optional(),
  phone: objectRefSchema.optional(),
  email: objectRefSchema.nullish(),
});
export type ContactAddUpdateBody = z.infer<typeof contactAddUpdateBodySchema>;

/** GetParticipant?id&participantId: the amendment and its participant. */
export const participantQuerySchema = z.object({
  id: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
  participantId: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
});
