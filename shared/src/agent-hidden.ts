import { ACCOUNT_HIDDEN_FROM_AGENTS } from './account/schemas';
import { AGENT_HIDDEN_FROM_AGENTS } from './agent/schemas';
import { isAgent, type UserType } from './roles';

/**
 * What the spec hides from agent users, by entity (issue 26 item 5), in one place: the server
 * leaves these fields out of every answer an agent gets (the screens hiding them was not enough).
 * The account's Commission section (spec 2 section 6) and the agents' commissions and internal
 * notes; the change logs and the downloads are not an agent's at all (the route table: nonAgent).
 * The amendment and its embedded business entity and primary contact hold none of these.
 */
export const HIDDEN_FROM_AGENTS = {
  account: ACCOUNT_HIDDEN_FROM_AGENTS,
  agent: AGENT_HIDDEN_FROM_AGENTS,
} as const satisfies Record<string, readonly string[]>;
export type AgentHiddenEntity = keyof typeof HIDDEN_FROM_AGENTS;

/** A record as a user of this type may see it: for an agent, a copy without the entity's hidden fields. */
export function visibleToUser<T extends object>(entity: AgentHiddenEntity, userType: UserType | undefined, record: T): T {
  if (!isAgent(userType)) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const f of HIDDEN_FROM_AGENTS[entity]) delete copy[f];
  return copy as unknown as T;
}
