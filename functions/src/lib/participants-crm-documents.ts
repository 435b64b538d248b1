import type { ChildDeleteBody, ChildFields, ObjectRef, ParentSpec } from '@eb/shared/child-records';
import type { FileType, DocumentUploadBody } from '@eb/shared/file/schemas';
import { MSG } from '@eb/shared/messages';
import { toTransferDate } from '@eb/shared/formats';
import { participantFromContact, type ContactAddUpdateBody, type ParticipantFields, type RecordChildKinds } from '@eb/shared/participants-crm-documents';
import type { Actor } from './change-log';
import { childActions, childKind, type ParentDef } from './child-records';
import { documentsOf } from './documents';
import { actorOf } from './entity';
import { BadRequestError, NotFoundError } from './errors';
import type { ActionContext } from './handler';
import { crmsWorkbook, CRMS_EXPORT_FILENAME } from './crm-export';
import { xlsxResult } from './xlsx';

/**
 * A parent's participants, CRM notes and documents on the server (the shared declaration is
 * shared/src/participants-crm-documents.ts): the three child kinds in the parent's partition (PARTICIPANT#n,
 * CRM#n, DOCUMENT#n, pointer items {pointerPrefix}PARTICIPANT#n, ...), their counters
 * ({counterPrefix}Participant, ...), a contact once per parent, the CRM note's server fields, the
 * documents' file type, and every call of recordChildRoutes as handler actions.
 */
type Query = Record<string, string | undefined>;
const today = () => toTransferDate(new Date());

/**
 * The fields of a CRM note the server keeps: reportedBy is who added it (kept afterwards),
 * updatedDate its last change; ticking Resolved records who and when, unticking clears both, and
 * a note that stays resolved keeps its resolver.
 */
export function crmServerFields<F extends { isResolved?: boolean | null; reportedBy?: string | null; resolvedBy?: string | null; resolvedDate?: string | null }>(
  fields: F,
  previous: F | undefined,
  actor: Actor,
): F {
  const resolved = fields.isResolved === true;
  const wasResolved = previous?.isResolved === true;
  return {
    ...fields,
    isResolved: resolved,
    reportedBy: previous ? (previous.reportedBy ?? null) : actor.name,
    updatedDate: today(),
    resolvedBy: resolved ? (wasResolved ? (previous?.resolvedBy ?? actor.name) : actor.name) : null,
    resolvedDate: resolved ? (wasResolved ? (previous?.resolvedDate ?? today()) : today()) : null,
  };
}

export function recordChildren<P extends ParentSpec>(options: {
  kinds: RecordChildKinds<P>;
  parent: ParentDef;
  counterPrefix: string;
  fileType: FileType;
  crmTypes: string;
  /** a contact with its addresses, phones and emails (the primarycontact resource's reference data) */
  contactData: (contactId: number) => Promise<Parameters<typeof participantFromContact>[0]>;
}) {
  const { kinds, parent } = options;
  const ref = kinds.participants.parent.ref as string;
  const participants = childKind({
    kind: kinds.participants,
    parent,
    counter: `${options.counterPrefix}Participant`,
    item: 'PARTICIPANT',
    unique: { field: 'contactId', message: MSG.participantAlreadyAdded },
    derive: (fields) => ({ ...fields, isActive: fields.isActive ?? true }),
  });
  const crms = childKind({ kind: kinds.crms, parent, counter: `${options.counterPrefix}Crm`, item: 'CRM', derive: crmServerFields });
  const documents = documentsOf({
    records: childKind({ kind: kinds.documents, parent, counter: `${options.counterPrefix}Document`, item: 'DOCUMENT' }),
    fileType: options.fileType,
  });
  const parentIdOf = (body: unknown) => (body as Record<string, ObjectRef>)[ref]!.objectId;

  /**
   * ContactAddUpdate: the contact on the record as a participant, from the contact's own records
   * (the chosen address, phone and email, else its first ones); with objectId, that participant is
   * refreshed from them (its role and identifier kept). 400 when the contact lacks what a
   * participant needs (an address or a phone), 409 when it is already on the record.
   */
  async function contactAddUpdate(body: ContactAddUpdateBody, actor: Actor) {
    const data = await options.contactData(body.contact.objectId);
    const composed = participantFromContact(data, { addressId: body.address?.objectId, phoneId: body.phone?.objectId, emailId: body.email?.objectId });
    const parsed = kinds.participants.fieldsSchema.safeParse(composed);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      throw new BadRequestError(MSG.invalidInput, fieldErrors);
    }
    if (body.objectId === undefined) return participants.add(parentIdOf(body), parsed.data, actor);
    const current = await participants.get(body.objectId);
    const fields = { ...parsed.data, role: current.role, identifier: current.identifier } as ParticipantFields;
    return participants.update(body.objectId, body.version ?? current.version, fields as never, actor);
  }

  /** A clone's participants: the source record's, with new ids (the same contacts). */
  async function copyParticipants(fromId: number, toId: number, actor: Actor): Promise<void> {
    for (const p of await participants.all(fromId)) {
      const { objectId: _id, version: _v, ...rest } = p as unknown as Record<string, unknown>;
      delete rest[ref];
      await participants.add(toId, rest as ChildFields<typeof kinds.participants>, actor);
    }
  }

  /** The handler actions of recordChildRoutes. */
  const actions = {
    // participants: GetParticipants, CreateParticipant, UpdateParticipant?id, DeleteParticipant
    ...childActions(participants),
    /** GET GetParticipant?id&participantId -> the participant (404 unless it is that record's) */
    'GET getparticipant': async ({ query }: ActionContext<{ id: number; participantId: number }>) => {
      const participant = await participants.get(query.participantId);
      if (parentIdOf(participant) !== query.id) throw new NotFoundError();
      return participant;
    },
    /** POST ContactAddUpdate, body: { [ref], contact, address?, phone?, email?, objectId? } -> the participant */
    'POST contactaddupdate': ({ body, user }: ActionContext<unknown, ContactAddUpdateBody>) => contactAddUpdate(body, actorOf(user!)),
    /** POST ContactGetList, body: { [ref] } -> a page of its participants */
    'POST contactgetlist': ({ query, body }: ActionContext<Query, unknown>) => participants.list(parentIdOf(body), query),
    /** PUT ContactDetailsUpdate?id, body: the participant's fields and version */
    'PUT contactdetailsupdate': ({ query, body, user }: ActionContext<{ id: number }, ParticipantFields & { version: number }>) => {
      const { version, ...fields } = body;
      return participants.update(query.id, version, fields as never, actorOf(user!));
    },
    /** DELETE ContactDelete, body: [{ objectId, version? }] -> 204 */
    'DELETE contactdelete': async ({ body, user }: ActionContext<unknown, ChildDeleteBody>) => {
      await participants.remove(body, actorOf(user!));
    },
    // CRM notes: GetCrms, CreateCrm, UpdateCrm?id (never deleted)
    ...childActions(crms),
    /** GET ExportCrms?id&objectIds -> crm.xlsx of the chosen notes (all when none) */
    'GET exportcrms': async ({ query }: ActionContext<{ id: number; objectIds: number[] }>) => {
      const all = await crms.all(query.id);
      const chosen = query.objectIds.length ? all.filter((c) => query.objectIds.includes(c.objectId)) : all;
      return xlsxResult(await crmsWorkbook(chosen as never, options.crmTypes), CRMS_EXPORT_FILENAME);
    },
    // documents
    /** POST Upload?documentParentId, body { files } -> presigned forms; body { uploaded } -> the registered documents */
    'POST upload': ({ query, body, user }: ActionContext<{ documentParentId: number }, DocumentUploadBody>) => documents.upload(query.documentParentId, body, actorOf(user!)),
    /** GET GetDocuments?documentParentId -> the record's documents, newest first */
    'GET getdocuments': ({ query }: ActionContext<{ documentParentId: number }>) => documents.list(query.documentParentId),
    /** POST DeleteDocuments?documentParentId, body [{ objectId, version? }] -> 204 */
    'POST deletedocuments': async ({ query, body, user }: ActionContext<{ documentParentId: number }, ChildDeleteBody>) => {
      await documents.remove(query.documentParentId, body, actorOf(user!));
    },
  };

  return { participants, crms, documents, contactAddUpdate, copyParticipants, actions };
}
