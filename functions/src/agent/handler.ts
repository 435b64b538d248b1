import type { AgentFields, AgentListQuery } from '@eb/shared/agent/schemas';
import { listChangeLogs } from '../lib/change-log';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import { EXPORT_FILENAME, agentsWorkbook } from './export';
import {
  agentInfoList,
  allAgents,
  createAgent,
  deleteAgent,
  getAgent,
  listAgentPage,
  updateAgent,
  visibleTo,
} from './repository';

/** The agent Lambda (spec 1 section 7 "Agents", spec 2 "Agents grid"). */
export const handler = resourceHandler('agent', {
  /** GET agent/Get?id -> the agent */
  'GET get': async ({ query, user }: ActionContext<{ id: number }>) => visibleTo(user?.userType)(await getAgent(query.id)),
  /** GET agent/GetList?limit&skip&orderBy&getTotalCount[&keyword] -> { data, totalCount } */
  'GET getlist': async ({ query, user }: ActionContext<AgentListQuery>) => {
    const page = await listAgentPage(query);
    return { data: page.data.map(visibleTo(user?.userType)), totalCount: page.totalCount };
  },
  /** POST agent/GetAgentInfoList?limit, body {keyword} -> { data: [{ objectId, code, name }] } (at most 10) */
  'POST getagentinfolist': async ({ query, body }: ActionContext<{ limit?: string }, { keyword: string }>) => ({
    data: await agentInfoList(body.keyword, query.limit === undefined ? undefined : Number(query.limit)),
  }),
  /** POST agent/Create -> the new agent (its new id is objectId) */
  'POST create': ({ body, user }: ActionContext<unknown, AgentFields>) => createAgent(body, actorOf(user!)),
  /** PUT agent/Update?id, body: the agent and its version -> the saved agent (409 when stale) */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, AgentFields & { version: number }>) => {
    const { version, ...fields } = body;
    return updateAgent(query.id, version, fields, actorOf(user!));
  },
  /** DELETE agent/Delete?id[, body {version}] -> 204 */
  'DELETE delete': async ({ query, body, user }: ActionContext<{ id: number }, { version?: number }>) => {
    await deleteAgent(query.id, body.version, actorOf(user!));
  },
  /** GET agent/ChangeLogs[?id] -> the agents' change-log entries, newest first */
  'GET changelogs': ({ query }: ActionContext<{ id?: number }>) => listChangeLogs({ entity: 'agent', id: query.id }),
  /** GET agent/Export?keyword&orderBy -> agents.xlsx (every match, up to MAX_RECORD_COUNT) */
  'GET export': async ({ query }: ActionContext<AgentListQuery>) =>
    xlsxResult(await agentsWorkbook(await allAgents({ keyword: query.keyword, orderBy: query.orderBy })), EXPORT_FILENAME),
});
