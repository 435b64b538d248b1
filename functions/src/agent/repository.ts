import {
  AGENT_DEFAULT_ORDER,
  AGENT_FIELD_KINDS,
  AGENT_FIELDS,
  AGENT_HIDDEN_FROM_AGENTS,
  AGENT_HIDDEN_FROM_STAFF,
  type Agent,
  type AgentFields,
  type AgentInfo,
} from '@eb/shared/agent/schemas';
import { MAX_RECORD_COUNT, TYPEAHEAD_LIMIT } from '@eb/shared/constants';
import type { PagedResult } from '@eb/shared/paging';
import { referenceItem, toReferenceCode } from '@eb/shared/reference/codes';
import { isAdmin, isAgent, type UserType } from '@eb/shared/roles';
import type { Actor } from '../lib/change-log';
import { keys } from '../lib/db';
import { createEntity, deleteEntity, requireEntity, updateEntity, type EntityDef } from '../lib/entity';
import { listEngine, pageParams, type ListSpec } from '../lib/list-engine';

/**
 * Agents (spec 2 "Agent", "Agents grid"): versioned entities (type 'agent', key AGENT#id) with
 * their change log, listed, searched, sorted and exported through the generic list engine.
 */
type AgentRecord = AgentFields & { objectId: number };

export const agentDef: EntityDef<AgentRecord> = {
  type: 'agent',
  key: keys.agent,
  idCounter: 'agent',
  fields: AGENT_FIELDS,
  label: (a) => a.name || a.code,
};

/** A stored item as the API answers it: every field present (empty is null). */
export function toAgent(stored: object): Agent {
  const item = stored as Record<string, unknown>;
  const out: Record<string, unknown> = { objectId: Number(item.objectId), version: Number(item.version ?? 1) };
  for (const f of AGENT_FIELDS) {
    const v = item[f];
    if (v === undefined || v === null || v === '') out[f] = null;
    else if (AGENT_FIELD_KINDS[f] === 'commission') out[f] = Number(v);
    // reference-set values are codes; items written before the codes convention hold objectIds
    else if (AGENT_FIELD_KINDS[f] === 'agentType') out[f] = toReferenceCode('agentTypes', v) ?? null;
    else if (AGENT_FIELD_KINDS[f] === 'state') out[f] = toReferenceCode('states', v) ?? null;
    else if (AGENT_FIELD_KINDS[f] === 'yesNo') out[f] = v === true;
    else out[f] = String(v);
  }
  out.code = out.code ?? '';
  return out as unknown as Agent;
}

export const agentListSpec: ListSpec<Agent> = {
  type: 'agent',
  project: toAgent,
  id: (r) => r.objectId,
  searchText: (r) =>
    [r.code, r.name, r.master, r.subagent, r.contactName, r.companyName, r.managingAgent, r.salesChannel, r.status]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  // spec 2 section 3: agentId, name, master, agent, subagent, upsellAgentTypeId, downsellAgentTypeId
  sortKeys: {
    agentId: (r) => r.objectId,
    name: (r) => r.name,
    master: (r) => r.master,
    agent: (r) => r.code,
    subagent: (r) => r.subagent,
    // in the set's order (master, agent, subagent), as the ids sorted
    upsellAgentTypeId: (r) => referenceItem('agentTypes', r.upsellAgentType)?.objectId ?? null,
    downsellAgentTypeId: (r) => referenceItem('agentTypes', r.downsellAgentType)?.objectId ?? null,
  },
  defaultSort: { field: 'agent', direction: 'Ascending' },
};

export const agents = () => listEngine(agentListSpec);

/** What a caller of this user type may see of an agent (see AGENT_HIDDEN_FROM_*). */
export function visibleTo(userType: UserType | undefined): (a: Agent) => Agent {
  if (isAdmin(userType)) return (a) => a;
  const hidden = isAgent(userType) ? AGENT_HIDDEN_FROM_AGENTS : AGENT_HIDDEN_FROM_STAFF;
  return (a) => {
    const copy: Record<string, unknown> = { ...a };
    for (const f of hidden) delete copy[f];
    return copy as unknown as Agent;
  };
}

export async function getAgent(id: number): Promise<Agent> {
  return toAgent(await requireEntity(agentDef, id));
}

/** GET agent/GetList: one page, sorted (default: Agent Name ascending), with the exact total. */
export async function listAgentPage(query: Record<string, string | undefined>): Promise<PagedResult<Agent>> {
  return agents().query({ ...pageParams(query), keyword: query.keyword });
}

/** Every agent matching the keyword, in the asked order, up to MAX_RECORD_COUNT (the export). */
export async function allAgents(query: { keyword?: string; orderBy?: string }): Promise<Agent[]> {
  return agents().all({ keyword: query.keyword, orderBy: query.orderBy || AGENT_DEFAULT_ORDER }, MAX_RECORD_COUNT);
}

/**
 * The type-ahead (POST agent/GetAgentInfoList): agents whose Agent Name or name starts with the
 * keyword (case-insensitive; an empty keyword matches every agent), by Agent Name, at most
 * TYPEAHEAD_LIMIT (or the smaller limit asked for).
 */
export async function agentInfoList(keyword: string, limit: number | undefined): Promise<AgentInfo[]> {
  const k = keyword.trim().toLowerCase();
  const max = Math.max(0, Math.min(limit ?? TYPEAHEAD_LIMIT, TYPEAHEAD_LIMIT));
  const starts = (v: string | null) => !!v && v.toLowerCase().startsWith(k);
  const page = await agents().query({
    filter: k ? (a) => starts(a.code) || starts(a.name) : undefined,
    orderBy: AGENT_DEFAULT_ORDER,
    limit: max,
    getTotalCount: false,
  });
  return page.data.map((a) => ({ objectId: a.objectId, code: a.code, name: a.name ?? a.code }));
}

export async function createAgent(fields: AgentFields, actor: Actor): Promise<Agent> {
  return toAgent(await createEntity(agentDef, fields, { actor }));
}

export async function updateAgent(id: number, version: number, fields: AgentFields, actor: Actor): Promise<Agent> {
  return toAgent(await updateEntity(agentDef, id, version, fields, { actor }));
}

export async function deleteAgent(id: number, version: number | undefined, actor: Actor): Promise<void> {
  await deleteEntity(agentDef, id, version, { actor });
}
