/**
 * The reference data's use cases other resources call (the account's territory, the uploader's and
 * the updater's checks): the territories' list, entity and list spec (joined by the accounts' list).
 */
export { territories, territoryDef, territoryListSpec, toTerritory } from './repository';
