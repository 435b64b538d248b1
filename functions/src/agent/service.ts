/**
 * The agent's use cases other resources call (the account's agent, the uploader's and the updater's
 * checks): the agent list, its entity and its list spec (joined by the accounts' list).
 */
export { agentDef, agentListSpec, agents } from './repository';
