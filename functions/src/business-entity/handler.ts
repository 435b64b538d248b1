import type {
  BusinessEntityCreateInput,
  BusinessEntityListFilter,
  BusinessEntityUpdateInput,
} from '@eb/shared/business-entity/schemas';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import {
  businessEntityChangeLogs,
  createBusinessEntity,
  generateBusinessEntityId,
  getBusinessEntity,
  listBusinessEntityPage,
  updateBusinessEntity,
} from './repository';

/**
 * The business entity Lambda (spec 3 section 7 "Business entity", spec 2 section 7 "Business
 * entity resource"). Agents are refused every call; viewOnly users read only (the route table).
 */
export const handler = resourceHandler('businessentity', {
  /** GET businessentity/Get?id (objectId) -> the entity, 404 when there is none */
  'GET get': ({ query }: ActionContext<{ id: number }>) => getBusinessEntity(query.id),
  /** POST businessentity/Generate -> { businessEntityId }: a new number, reserved from the atomic counter */
  'POST generate': async () => ({ businessEntityId: await generateBusinessEntityId() }),
  /** POST businessentity/Create, body: the entity (businessEntityId from Generate, or none) -> the new entity; 409 when the number is taken */
  'POST create': ({ body, user }: ActionContext<unknown, BusinessEntityCreateInput>) => createBusinessEntity(body, actorOf(user!)),
  /** PUT businessentity/Update?id, body: the entity and its version -> the saved entity; 409 when stale */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, BusinessEntityUpdateInput>) =>
    updateBusinessEntity(query.id, body, actorOf(user!)),
  /** POST businessentity/GetList?limit&skip&orderBy&getTotalCount, body: the filter -> { data, totalCount } */
  'POST getlist': ({ query, body }: ActionContext<Record<string, string | undefined>, BusinessEntityListFilter>) =>
    listBusinessEntityPage(body, query),
  /** GET businessentity/ChangeLogs[?id] -> change-log entries (with businessEntityId), newest first */
  'GET changelogs': ({ query }: ActionContext<{ id?: number }>) => businessEntityChangeLogs(query.id),
});
