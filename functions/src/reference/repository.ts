import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_RECORD_COUNT } from '@eb/shared/constants';
import { SEED_TERRITORIES, STATIC_REFERENCE_SETS, type ReferenceSet } from '@eb/shared/reference/data';
import {
  TERRITORY_DEFAULT_ORDER,
  TERRITORY_FIELDS,
  type Territory,
  type TerritoryFields,
  type TerritoryUpdateBody,
} from '@eb/shared/reference/territory';
import type { PagedResult } from '@eb/shared/paging';
import { dynamo } from '../lib/aws';
import type { Actor } from '../lib/change-log';
import { keys, table } from '../lib/db';
import { createEntity, updateEntity, type EntityDef, type Stored } from '../lib/entity';
import { feedAttributes, nextSeq } from '../lib/feed';
import { listEngine, pageParams, type ListSpec } from '../lib/list-engine';

/**
 * Territories: versioned entities (type 'territory', key TERRITORY#id) with their change log, listed
 * by the generic list engine. The engine is the one source of the territory list: the Data
 * Administration grid (TerritoryGetList) and the reference data's 'territories' set read it.
 */
type TerritoryRecord = TerritoryFields & { objectId: number };

export const territoryDef: EntityDef<TerritoryRecord> = {
  type: 'territory',
  key: keys.territory,
  idCounter: 'territory',
  fields: TERRITORY_FIELDS,
  label: (t) => t.code,
};

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/** A stored item (or a list projection) as the API answers it. */
export function toTerritory(stored: object): Territory {
  const item = stored as Record<string, unknown>;
  return {
    objectId: Number(item.objectId),
    version: Number(item.version ?? 1),
    code: str(item.code),
    name: str(item.name),
    state: str(item.state),
    commodity: str(item.commodity),
    measureUnit: str(item.measureUnit),
    billMethodId: str(item.billMethodId),
    taxRate: strOrNull(item.taxRate),
    ldcPattern: strOrNull(item.ldcPattern),
    ldcFormatDescription: strOrNull(item.ldcFormatDescription),
    ldcMismatch: item.ldcMismatch === 'Block' || item.ldcMismatch === 'Warn' ? item.ldcMismatch : null,
  };
}

export const territoryListSpec: ListSpec<Territory> = {
  type: 'territory',
  project: toTerritory,
  id: (r) => r.objectId,
  searchText: (r) => `${r.code} ${r.name} ${r.state} ${r.commodity}`.toLowerCase(),
  sortKeys: {
    objectId: (r) => r.objectId,
    code: (r) => r.code,
    name: (r) => r.name,
    state: (r) => r.state,
    commodity: (r) => r.commodity,
    measureUnit: (r) => r.measureUnit,
    billMethodId: (r) => r.billMethodId,
    taxRate: (r) => r.taxRate,
    ldcPattern: (r) => r.ldcPattern ?? null,
    ldcFormatDescription: (r) => r.ldcFormatDescription ?? null,
    ldcMismatch: (r) => r.ldcMismatch ?? null,
  },
  defaultSort: { field: 'code', direction: 'Ascending' },
};

export const territories = () => listEngine(territoryListSpec);

/** GET Reference/TerritoryGetList: one page, sorted, with the exact total. */
export async function listTerritoryPage(query: Record<string, string | undefined>): Promise<PagedResult<Territory>> {
  return territories().query({ ...pageParams(query) });
}

export async function createTerritory(fields: TerritoryFields, actor: Actor): Promise<Territory> {
  return toTerritory(await createEntity(territoryDef, fields, { actor }));
}

export async function updateTerritory(id: number, body: TerritoryUpdateBody, actor: Actor): Promise<Territory> {
  const { version, ...fields } = body;
  const saved: Stored<TerritoryRecord> = await updateEntity(territoryDef, id, version, fields, { actor });
  return toTerritory(saved);
}

/**
 * Every reference data set: the fixed sets plus the territories (spec: the territory cache holds
 * up to the maximum record count), sorted by code.
 */
export async function getReferences(): Promise<ReferenceSet[]> {
  const all = await territories().all({ orderBy: TERRITORY_DEFAULT_ORDER }, MAX_RECORD_COUNT);
  return [
    ...STATIC_REFERENCE_SETS,
    {
      itemType: 'territories',
      items: all.map(({ objectId, code, name, state, commodity, measureUnit, billMethodId, taxRate, ldcPattern, ldcFormatDescription, ldcMismatch }) => ({
        objectId, code, name, state, commodity, measureUnit, billMethodId, taxRate, ldcPattern, ldcFormatDescription, ldcMismatch,
      })),
    },
  ];
}

/** The system as the change log names it (seeding at start-up). */
export const SYSTEM_ACTOR: Actor = { objectId: 0, name: 'System' };

/**
 * Seed the territories of a fresh stack, each a versioned entity with a 'created' log entry by the
 * system (nothing happens when any territory exists). Territories stored by an earlier release
 * as plain items (gsi1 'TERRITORY', no feed stamp) are stamped for the list engine instead.
 * Answers how many territories were created or stamped.
 */
export async function seedTerritories(): Promise<number> {
  if ((await territories().query({ limit: 1, getTotalCount: true })).totalCount > 0) return 0;
  const legacy = await legacyTerritories();
  if (legacy.length > 0) {
    for (const item of legacy) await stampLegacy(item);
    return legacy.length;
  }
  for (const t of SEED_TERRITORIES) await createTerritory(t, SYSTEM_ACTOR);
  return SEED_TERRITORIES.length;
}

async function legacyTerritories(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': 'TERRITORY' },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start);
  return out.filter((i) => i.seq === undefined);
}

async function stampLegacy(item: Record<string, unknown>): Promise<void> {
  const id = Number(item.objectId);
  const feed = feedAttributes(territoryDef.type, id, await nextSeq(territoryDef.type));
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.territory(id),
      UpdateExpression: 'SET feedpk = :f, seq = :s, etype = :e, version = if_not_exists(version, :one) REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(seq)',
      ExpressionAttributeValues: { ':f': feed.feedpk, ':s': feed.seq, ':e': feed.etype, ':one': 1 },
    }),
  );
}
