import { z } from 'zod';
import { childDeleteBodySchema, childRoutes, defineChildKind, objectRefSchema, type ChildRecord, type ObjectRef, type ParentSpec } from './child-records';
import { res, type FileResponse, type NoContent } from './route-def';
import { type PagedResult } from './paging';
import { pageQuerySchema } from './page-query';
import { idQuerySchema } from './validation';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CRM_COMMENT_MAX_LENGTH,
  CRM_USER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PARTICIPANT_ZIP_MAX_LENGTH,
} from './constants';
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
} from './field-rules';
import { MSG } from './messages';
import {
  documentDeleteBodySchema,
  documentParentQuerySchema,
  documentShape,
  documentUploadBodySchema,
  type DocumentRecord,
  type DocumentUploadAnswer,
} from './file/schemas';
import { phoneNumberSchema } from './contact/schemas';

/**
 * What an amendment and an account hold in their grids (spec 2 "Amendment participant", "Amendment
 * CRM entry", "Account contact", "Account CRM", "Document", section 5 "Participant row" and "CRM
 * row"): the same three child kinds (shared/src/child-records.ts) under each parent, with the
 * spec's call names, declared once here (`recordChildKinds`) with their extra routes
 * (`recordChildRoutes`).
 */

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

/** The participants, CRM notes (of the parent's CRM types) and documents of a parent. */
export function recordChildKinds<const P extends ParentSpec>(parent: P, crmTypes: string) {
  return {
    participants: defineChildKind({
      name: 'Participant',
      entity: 'participant',
      parent,
      shape: PARTICIPANT_SHAPE,
      sortFields: PARTICIPANT_SORT_FIELDS,
      defaultSort: { field: 'lastName', direction: 'Ascending' },
      logPrefix: 'participant',
      labelField: 'lastName',
      actions: { list: 'GetParticipants', add: 'CreateParticipant', update: 'UpdateParticipant', delete: 'DeleteParticipant' },
    }),
    crms: defineChildKind({
      name: 'Crm',
      entity: 'crm',
      parent,
      shape: crmShape(crmTypes),
      sortFields: CRM_SORT_FIELDS,
      defaultSort: { field: 'date', direction: 'Descending' },
      logPrefix: 'crm',
      labelField: 'crmType',
      actions: { list: 'GetCrms', add: 'CreateCrm', update: 'UpdateCrm', delete: false },
    }),
    /** registered by Upload, listed by GetDocuments, removed by DeleteDocuments (spec 2 "Documents popup") */
    documents: defineChildKind({
      name: 'Document',
      entity: 'file',
      parent,
      shape: documentShape(),
      sortFields: ['fileName', 'uploadDate', 'size'],
      defaultSort: { field: 'uploadDate', direction: 'Descending' },
      logPrefix: 'docs',
      labelField: 'fileName',
    }),
  };
}
export type RecordChildKinds<P extends ParentSpec = ParentSpec> = ReturnType<typeof recordChildKinds<P>>;

export type Participant<P extends ParentSpec = ParentSpec> = ChildRecord<RecordChildKinds<P>['participants']>;
export type Crm<P extends ParentSpec = ParentSpec> = ChildRecord<RecordChildKinds<P>['crms']>;


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
 * ContactAddUpdate: a contact put on (or, with objectId, refreshed on) a record from the contact's
 * own records: { [parent ref], contact, address?, phone?, email? } as { objectId }s.
 */
export const contactAddUpdateBodySchema = <R extends string>(parentRef: R) =>
  z.object({
    objectId: objectRefSchema.shape.objectId.optional(),
    version: z.number().int().positive().optional(),
    contact: objectRefSchema,
    address: objectRefSchema.optional(),
    phone: objectRefSchema.optional(),
    email: objectRefSchema.nullish(),
  }).extend({ [parentRef]: objectRefSchema } as { [K in R]: typeof objectRefSchema });
export type ContactAddUpdateBody<R extends string = string> = {
  objectId?: number;
  version?: number;
  contact: ObjectRef;
  address?: ObjectRef;
  phone?: ObjectRef;
  email?: ObjectRef | null;
} & { [K in R]: ObjectRef };

/** GetParticipant?id&participantId: the amendment and its participant. */
export const participantQuerySchema = z.object({
  id: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
  participantId: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
});

/**
 * The routes of a parent's participants, CRM notes and documents, on its resource: the child
 * kinds' own (GetParticipants, CreateParticipant, UpdateParticipant, DeleteParticipant; GetCrms,
 * CreateCrm, UpdateCrm), GetParticipant, the contact-shaped ContactAddUpdate, ContactGetList,
 * ContactDetailsUpdate, ContactDelete, the CRM download ExportCrms, and the documents' Upload,
 * GetDocuments, DeleteDocuments. Reads are the parent's read access; writes its write access;
 * downloads staff's.
 */
export function recordChildRoutes<const P extends ParentSpec>(parent: P, kinds: RecordChildKinds<NoInfer<P>>) {
  const resource: P['resource'] = parent.resource;
  const read: P['read'] = parent.read;
  const write: P['write'] = parent.write;
  const ref: P['ref'] = parent.ref;
  return [
    ...childRoutes(kinds.participants),
    { method: 'GET', resource, action: 'GetParticipant', access: read, query: participantQuerySchema, response: res<Participant<P>>() },
    { method: 'POST', resource, action: 'ContactAddUpdate', access: write, body: contactAddUpdateBodySchema(ref), response: res<Participant<P>>() },
    { method: 'POST', resource, action: 'ContactGetList', access: read, query: pageQuerySchema, body: z.object({ [ref]: objectRefSchema } as { [K in P['ref']]: typeof objectRefSchema }), response: res<PagedResult<Participant<P>>>() },
    { method: 'PUT', resource, action: 'ContactDetailsUpdate', access: write, query: idQuerySchema, body: kinds.participants.updateBodySchema, response: res<Participant<P>>() },
    { method: 'DELETE', resource, action: 'ContactDelete', access: write, body: childDeleteBodySchema, response: res<NoContent>() },
    // CRM notes (never deleted): GetCrms, CreateCrm, UpdateCrm
    { method: 'POST', resource, action: 'GetCrms', access: read, query: pageQuerySchema, body: kinds.crms.listBodySchema, response: res<PagedResult<Crm<P>>>() },
    { method: 'POST', resource, action: 'CreateCrm', access: write, body: kinds.crms.addBodySchema, response: res<Crm<P>>() },
    { method: 'PUT', resource, action: 'UpdateCrm', access: write, query: idQuerySchema, body: kinds.crms.updateBodySchema, response: res<Crm<P>>() },
    { method: 'GET', resource, action: 'ExportCrms', access: 'nonAgent', query: crmExportQuerySchema, response: res<FileResponse>() },
    { method: 'POST', resource, action: 'Upload', access: write, query: documentParentQuerySchema, body: documentUploadBodySchema, response: res<DocumentUploadAnswer>() },
    { method: 'GET', resource, action: 'GetDocuments', access: read, query: documentParentQuerySchema, response: res<DocumentRecord[]>() },
    { method: 'POST', resource, action: 'DeleteDocuments', access: write, query: documentParentQuerySchema, body: documentDeleteBodySchema, response: res<NoContent>() },
  ] as const;
}
