import {
  CONTRACT_CRMS,
  CONTRACT_DOCUMENTS,
  CONTRACT_PARTICIPANTS,
  participantFromContact,
  type ContactAddUpdateBody,
  type ContractCrm,
  type ContractParticipant,
  type ParticipantFields,
} from '@eb/shared/contract/children';
import type { ChildFields } from '@eb/shared/child-records';
import { MSG } from '@eb/shared/messages';
import { toTransferDate } from '@eb/shared/formats';
import type { Actor } from '../lib/change-log';
import { childKind, type ParentDef } from '../lib/child-records';
import { documentsOf } from '../lib/documents';
import { keys } from '../lib/db';
import { requireEntity } from '../lib/entity';
import { BadRequestError } from '../lib/errors';
import { contactReferenceData } from '../primarycontact/repository';
import { amendmentDef } from './repository';

/**
 * An amendment's participants and CRM notes (spec 2 "Amendment participant", "Amendment CRM
 * entry"): child kinds (lib/child-records.ts) of the amendment, declared in
 * shared/src/contract/children.ts. They live in the amendment's partition (CONTRACT#id /
 * PARTICIPANT#n, CRM#n) with pointer items CPARTICIPANT#n, CCRM#n, and log under it ('c.participant',
 * 'c.crm').
 */
export const contractParent: ParentDef = { type: 'contract', key: keys.contract, pointerPrefix: 'C', require: (id) => requireEntity(amendmentDef, id) };

const today = () => toTransferDate(new Date());
type CrmFields = ChildFields<typeof CONTRACT_CRMS>;

/**
 * The fields of a CRM note the server keeps: reportedBy is who added it (kept afterwards),
 * updatedDate its last change; ticking Resolved records who and when, unticking clears both, and
 * a note that stays resolved keeps its resolver.
 */
export function crmServerFields(fields: CrmFields, previous: CrmFields | undefined, actor: Actor): CrmFields {
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

export const contractParticipants = childKind({
  kind: CONTRACT_PARTICIPANTS,
  parent: contractParent,
  counter: 'contractParticipant',
  item: 'PARTICIPANT',
  unique: { field: 'contactId', message: MSG.participantAlreadyAdded },
  derive: (fields) => ({ ...fields, isActive: fields.isActive ?? true }),
});

/** An amendment's documents (DOCUMENT#n in its partition; files under contractDocument/{id}/ in the documents bucket). */
export const contractDocuments = documentsOf({
  records: childKind({ kind: CONTRACT_DOCUMENTS, parent: contractParent, counter: 'contractDocument', item: 'DOCUMENT' }),
  fileType: 'contractDocument',
});

export const contractCrms = childKind({ kind: CONTRACT_CRMS, parent: contractParent, counter: 'contractCrm', item: 'CRM', derive: crmServerFields });

/**
 * ContactAddUpdate: the contact on the amendment as a participant, from the contact's own records
 * (the chosen address, phone and email, else its first ones); with objectId, that participant is
 * refreshed from them (its role and identifier kept). 400 when the contact lacks what a
 * participant needs (an address or a phone), 409 when it is already on the amendment.
 */
export async function contactAddUpdate(body: ContactAddUpdateBody<'contract'>, actor: Actor): Promise<ContractParticipant> {
  const data = await contactReferenceData(body.contact.objectId);
  const composed = participantFromContact(data, { addressId: body.address?.objectId, phoneId: body.phone?.objectId, emailId: body.email?.objectId });
  const parsed = CONTRACT_PARTICIPANTS.fieldsSchema.safeParse(composed);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new BadRequestError(MSG.invalidInput, fieldErrors);
  }
  if (body.objectId === undefined) return contractParticipants.add(body.contract.objectId, parsed.data, actor);
  const current = await contractParticipants.get(body.objectId);
  const fields: ParticipantFields = { ...parsed.data, role: current.role, identifier: current.identifier };
  return contractParticipants.update(body.objectId, body.version ?? current.version, fields, actor);
}

export type { ContractCrm };

/** Clone Amendment: the source amendment's participants on the new one (new ids, the same contacts). */
export async function copyParticipants(fromId: number, toId: number, actor: Actor): Promise<void> {
  for (const p of await contractParticipants.all(fromId)) {
    const { objectId: _id, version: _v, contract: _c, ...fields } = p;
    await contractParticipants.add(toId, fields as ParticipantFields, actor);
  }
}
