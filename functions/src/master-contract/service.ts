/**
 * The master contract's use cases other resources call (the amendment's and the account's contract,
 * the uploader's checks): its read, its list and its list spec (joined by the amendments' list), and
 * its creation inside another record's transaction (a new contract with its first amendment).
 */
export { masterContractCreation, masterContractListSpec, masterContracts, requireMasterContract } from './repository';
