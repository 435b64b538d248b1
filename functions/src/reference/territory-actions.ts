import type { TerritoryFields, TerritoryUpdateBody } from '@eb/shared/reference/territory';
import { listChangeLogs } from '../lib/change-log';
import { actorOf } from '../lib/entity';
import type { ActionContext, Actions } from '../lib/handler';
import { createTerritory, listTerritoryPage, updateTerritory } from './repository';

/** The territory actions of the reference Lambda (Data Administration, spec 1 section 7). */
export const territoryActions = {
  /** GET Reference/TerritoryGetList?limit&skip&orderBy&getTotalCount -> { data, totalCount } */
  'GET territorygetlist': ({ query }: ActionContext<Record<string, string | undefined>>) => listTerritoryPage(query),
  /** POST Reference/TerritoryCreate -> the new territory (its new id is objectId) */
  'POST territorycreate': ({ body, user }: ActionContext<unknown, TerritoryFields>) => createTerritory(body, actorOf(user!)),
  /** PUT Reference/TerritoryUpdate?id, body: the territory and its version -> the saved territory (409 when stale) */
  'PUT territoryupdate': ({ query, body, user }: ActionContext<{ id: number }, TerritoryUpdateBody>) =>
    updateTerritory(query.id, body, actorOf(user!)),
  /** GET Reference/ChangeLogs[?id] -> the territories' change-log entries, newest first */
  'GET changelogs': ({ query }: ActionContext<{ id?: number }>) => listChangeLogs({ entity: 'territory', id: query.id }),
} satisfies Partial<Actions<'reference'>>;
