import type { AmendmentCreateInput, AmendmentUpdateInput, AmendmentListFilter } from '@eb/shared/amendment/schemas';
import type { ObjectRef } from '@eb/shared/child-records';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import { visibleToUser } from '@eb/shared/agent-hidden';
import { amendmentAccounts, amendmentRceTotals, cascadeAmendmentUnit } from '../account/service';
import { amendmentChildren, copyParticipants } from './children';
import { exportLink, startContractsExport } from './export-job';
import { contractsDownloadName, contractsWorkbook } from './export';
import {
  allAmendments,
  amendmentChangeLogs,
  createAmendment,
  deleteAmendment,
  getAmendment,
  legacyIdOf,
  lightList,
  listAmendments,
  saveAmendment,
} from './repository';

type Query = Record<string, string | undefined>;

/** The amendment with its read-only RCE totals (the sums over its accounts). */
const withRceTotals = async <A extends { objectId: number }>(amendment: A): Promise<A> => ({ ...amendment, ...(await amendmentRceTotals(amendment.objectId)) });

/**
 * The contract Lambda: amendments (spec 2 section 7 "Resource 'contract'"). Agents may search and
 * view; they do not write, export or read the change log (the route table).
 */
export const handler = resourceHandler('contract', {
  /** GET contract/Get?id -> the amendment with its contract number, business entity and primary contact */
  'GET get': async ({ query }: ActionContext<{ id: number }>) => withRceTotals(await getAmendment(query.id)),
  /** POST contract/GetList?limit&skip&orderBy&getTotalCount, body: the contract filter -> { data, totalCount } */
  'POST getlist': ({ query, body }: ActionContext<Query, AmendmentListFilter>) => listAmendments(body, query),
  /** POST contract/Create, body: the amendment and its masterContract -> the new amendment */
  'POST create': async ({ body, user }: ActionContext<unknown, AmendmentCreateInput>) => {
    const created = await createAmendment(body, actorOf(user!));
    // Clone Amendment: the participants come along (CRM notes and documents do not)
    if (body.cloneOf) await copyParticipants(body.cloneOf.objectId, created.objectId, actorOf(user!));
    return created;
  },
  /** PUT contract/Update?id, body: the amendment and its version -> the saved amendment; 409 when stale */
  'PUT update': async ({ query, body, user }: ActionContext<{ id: number }, AmendmentUpdateInput>) => {
    await saveAmendment(query.id, body, actorOf(user!), { cascadeUnit: cascadeAmendmentUnit });
    return withRceTotals(await getAmendment(query.id));
  },
  /** DELETE contract/Delete?id, body: { version? } -> 204 */
  'DELETE delete': async ({ query, body, user }: ActionContext<{ id: number }, { version?: number }>) => {
    await deleteAmendment(query.id, body?.version, actorOf(user!));
  },
  /** GET contract/ChangeLogs?id -> the amendment's change log, newest first */
  'GET changelogs': ({ query }: ActionContext<{ id: number }>) => amendmentChangeLogs(query.id),
  /** POST contract/GetLightList, body: [{ objectId }] -> those amendments' list rows */
  'POST getlightlist': ({ body }: ActionContext<unknown, ObjectRef[]>) => lightList(body),
  /** GET contract/GetAccounts?id&limit&skip&orderBy&getTotalCount -> the amendment's accounts { data, totalCount } (as the caller may see them) */
  'GET getaccounts': async ({ query, user }: ActionContext<Query & { id: number }>) => {
    const page = await amendmentAccounts(query.id, query);
    return { ...page, data: page.data.map((r) => visibleToUser('account', user!.userType, r)) };
  },
  /** GET contract/GetLegacyId?id -> { legacyId } */
  'GET getlegacyid': ({ query }: ActionContext<{ id: number }>) => legacyIdOf(query.id),
  /** POST contract/Export?orderBy, body: the filter (contractRefs: the selection) -> contracts.xlsx */
  'POST export': async ({ query, body }: ActionContext<Query & { columns?: string }, AmendmentListFilter>) =>
    xlsxResult(await contractsWorkbook(await allAmendments(body, query.orderBy), query.columns), contractsDownloadName()),

  /** POST contract/ExportAll?orderBy[&columns], body: the filter -> the job writing every row of it to an .xlsx */
  'POST exportall': ({ query, body, user }: ActionContext<Query, AmendmentListFilter>) => startContractsExport(body, query.orderBy, user!.objectId, query.columns),
  /** GET contract/GetExportLink?id -> { downloadInfo: { link } } of a finished Export all (its starter only) */
  'GET getexportlink': ({ query, user }: ActionContext<{ id: string }>) => exportLink(query.id, user!.objectId),

  // participants, CRM notes and documents (lib/participants-crm-documents.ts)
  ...amendmentChildren.actions,
});
