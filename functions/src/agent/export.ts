import { AGENT_FIELD_KINDS, AGENT_FIELDS, AGENT_LABELS, type Agent, type AgentField } from '@eb/shared/agent/schemas';
import { STATIC_REFERENCE_SETS } from '@eb/shared/reference/data';
import { xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';

/**
 * The agents export (GET agent/Export): one row per agent (lib/xlsx.ts), every field but the portal
 * password (chosen: a secret does not go into a file that gets mailed around). Reference values show
 * their names; commissions are numbers, dates Excel dates, yes/no 'Yes'/'No'.
 */
export const EXPORT_FILENAME = 'agents.xlsx';
const EXPORTED_FIELDS: AgentField[] = AGENT_FIELDS.filter((f) => f !== 'portalPassword');
export const EXPORT_HEADERS = ['Agent Id', ...EXPORTED_FIELDS.map((f) => AGENT_LABELS[f])];
const COLUMNS: XlsxColumn[] = [{ header: 'Agent Id' }, ...EXPORTED_FIELDS.map((f) => ({ header: AGENT_LABELS[f], date: AGENT_FIELD_KINDS[f] === 'date' }))];

/** The names of a reference set's items by code (reference-set values are stored as codes). */
const namesOf = (itemType: string) =>
  new Map((STATIC_REFERENCE_SETS.find((s) => s.itemType === itemType)?.items ?? []).map((i) => [i.code, i.name]));

function valueOf(agent: Agent, field: AgentField, agentTypes: Map<string, string>, states: Map<string, string>): unknown {
  const v = agent[field];
  if (v === null || v === undefined) return null;
  switch (AGENT_FIELD_KINDS[field]) {
    case 'commission':
      return Number(v);
    case 'agentType':
      return agentTypes.get(String(v)) ?? null;
    case 'state':
      return states.get(String(v)) ?? null;
    default:
      return v;
  }
}

/** The agents as an .xlsx (streamed through the writer). */
export async function agentsWorkbook(rows: readonly Agent[]): Promise<Buffer> {
  const agentTypes = namesOf('agentTypes');
  const states = namesOf('states');
  return xlsxWorkbook('Agents', COLUMNS, rows.map((a) => [a.objectId, ...EXPORTED_FIELDS.map((f) => valueOf(a, f, agentTypes, states))]));
}
