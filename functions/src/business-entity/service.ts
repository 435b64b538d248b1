/**
 * The business entity's use cases other resources call (the contact's link, the amendment's
 * customer, the uploader's and the updater's checks): reads by id, the list and its spec (joined by
 * the contacts' and amendments' lists).
 */
export { businessEntities, businessEntityById, businessEntityDef, businessEntityListSpec, toBusinessEntity } from './repository';
