import type { AmendmentCreateInput, AmendmentUpdateInput, ContractListFilter } from '@eb/shared/contract/schemas';
import type { ObjectRef } from '@eb/shared/child-records';
import type { ChildDeleteBody } from '@eb/shared/child-records';
import type { ContactAddUpdateBody, ParticipantFields } from '@eb/shared/contract/children';
import type { DocumentUploadBody } from '@eb/shared/file/schemas';
import { childActions } from '../lib/child-records';
import { actorOf } from '../lib/entity';
import { NotFoundError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import { contactAddUpdate, contractCrms, contractDocuments, contractParticipants, copyParticipants } from './children';
import { exportLink, startContractsExport } from './export-job';
import { CONTRACTS_EXPORT_FILENAME, CRMS_EXPORT_FILENAME, contractsWorkbook, crmsWorkbook } from './export';
import {
  allContracts,
  amendmentChangeLogs,
  createAmendment,
  deleteAmendment,
  getAmendment,
  legacyIdOf,
  lightList,
  listContracts,
  updateAmendment,
} from './repository';

type Query = Record<string, string | undefined>;

/**
 * The contract Lambda: amendments (spec 2 section 7 "Resource 'contract'"). Agents may search and
 * view; they do not write, export or read the change log (the route table).
 */
export const handler = resourceHandler('contract', {
  /** GET contract/Get?id -> the amendment with its contract number, business entity and primary contact */
  'GET get': ({ query }: ActionContext<{ id: number }>) => getAmendment(query.id),
  /** POST contract/GetList?limit&skip&orderBy&getTotalCount, body: the contract filter -> { data, totalCount } */
  'POST getlist': ({ query, body }: ActionContext<Query, ContractListFilter>) => listContracts(body, query),
  /** POST contract/Create, body: the amendment and its masterContract -> the new amendment */
  'POST create': async ({ body, user }: ActionContext<unknown, AmendmentCreateInput>) => {
    const created = await createAmendment(body, actorOf(user!));
    // Clone Amendment: the participants come along (CRM notes and documents do not)
    if (body.cloneOf) await copyParticipants(body.cloneOf.objectId, created.objectId, actorOf(user!));
    return created;
  },
  /** PUT contract/Update?id, body: the amendment and its version -> the saved amendment; 409 when stale */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, AmendmentUpdateInput>) => updateAmendment(query.id, body, actorOf(user!)),
  /** DELETE contract/Delete?id, body: { version? } -> 204 */
  'DELETE delete': async ({ query, body, user }: ActionContext<{ id: number }, { version?: number }>) => {
    await deleteAmendment(query.id, body?.version, actorOf(user!));
  },
  /** GET contract/ChangeLogs?id -> the amendment's change log, newest first */
  'GET changelogs': ({ query }: ActionContext<{ id: number }>) => amendmentChangeLogs(query.id),
  /** POST contract/GetLightList, body: [{ objectId }] -> those amendments' list rows */
  'POST getlightlist': ({ body }: ActionContext<unknown, ObjectRef[]>) => lightList(body),
  /** GET contract/GetLegacyId?id -> { legacyId } */
  'GET getlegacyid': ({ query }: ActionContext<{ id: number }>) => legacyIdOf(query.id),
  /** POST contract/Export?orderBy, body: the filter (contractRefs: the selection) -> contracts.xlsx */
  'POST export': async ({ query, body }: ActionContext<Query, ContractListFilter>) =>
    xlsxResult(await contractsWorkbook(await allContracts(body, query.orderBy)), CONTRACTS_EXPORT_FILENAME),

  /** POST contract/ExportAll?orderBy, body: the filter -> the job writing every row of it to an .xlsx */
  'POST exportall': ({ query, body, user }: ActionContext<Query, ContractListFilter>) => startContractsExport(body, query.orderBy, user!.objectId),
  /** GET contract/GetExportLink?id -> { downloadInfo: { link } } of a finished Export all (its starter only) */
  'GET getexportlink': ({ query, user }: ActionContext<{ id: string }>) => exportLink(query.id, user!.objectId),

  // participants: GetParticipants, CreateParticipant, UpdateParticipant?id, DeleteParticipant
  ...childActions(contractParticipants),
  /** GET contract/GetParticipant?id&participantId -> the participant (404 unless it is that amendment's) */
  'GET getparticipant': async ({ query }: ActionContext<{ id: number; participantId: number }>) => {
    const participant = await contractParticipants.get(query.participantId);
    if (participant.contract.objectId !== query.id) throw new NotFoundError();
    return participant;
  },
  /** POST contract/ContactAddUpdate, body: { contract, contact, address?, phone?, email?, objectId? } -> the participant */
  'POST contactaddupdate': ({ body, user }: ActionContext<unknown, ContactAddUpdateBody<'contract'>>) => contactAddUpdate(body, actorOf(user!)),
  /** POST contract/ContactGetList, body: { contract } -> a page of its participants */
  'POST contactgetlist': ({ query, body }: ActionContext<Query, { contract: ObjectRef }>) => contractParticipants.list(body.contract.objectId, query),
  /** PUT contract/ContactDetailsUpdate?id, body: the participant's fields and version */
  'PUT contactdetailsupdate': ({ query, body, user }: ActionContext<{ id: number }, ParticipantFields & { version: number }>) => {
    const { version, ...fields } = body;
    return contractParticipants.update(query.id, version, fields, actorOf(user!));
  },
  /** DELETE contract/ContactDelete, body: [{ objectId, version? }] -> 204 */
  'DELETE contactdelete': async ({ body, user }: ActionContext<unknown, ChildDeleteBody>) => {
    await contractParticipants.remove(body, actorOf(user!));
  },

  // CRM notes: GetCrms, CreateCrm, UpdateCrm?id (never deleted)
  ...childActions(contractCrms),
  /** GET contract/ExportCrms?id&objectIds -> crm.xlsx of the chosen notes (all when none) */
  'GET exportcrms': async ({ query }: ActionContext<{ id: number; objectIds: number[] }>) => {
    const all = await contractCrms.all(query.id);
    const chosen = query.objectIds.length ? all.filter((c) => query.objectIds.includes(c.objectId)) : all;
    return xlsxResult(await crmsWorkbook(chosen), CRMS_EXPORT_FILENAME);
  },

  // documents
  /** POST contract/Upload?documentParentId, body { files } -> presigned forms; body { uploaded } -> the registered documents */
  'POST upload': ({ query, body, user }: ActionContext<{ documentParentId: number }, DocumentUploadBody>) =>
    contractDocuments.upload(query.documentParentId, body, actorOf(user!)),
  /** GET contract/GetDocuments?documentParentId -> the amendment's documents, newest first */
  'GET getdocuments': ({ query }: ActionContext<{ documentParentId: number }>) => contractDocuments.list(query.documentParentId),
  /** POST contract/DeleteDocuments?documentParentId, body [{ objectId, version? }] -> 204 */
  'POST deletedocuments': async ({ query, body, user }: ActionContext<{ documentParentId: number }, ChildDeleteBody>) => {
    await contractDocuments.remove(query.documentParentId, body, actorOf(user!));
  },
});
