import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SEED_TERRITORIES, STATIC_REFERENCE_SETS, type ReferenceSet } from '@eb/shared/reference/data';
import { toTransferDate } from '@eb/shared/validation';
import { dynamo } from '../lib/aws';
import { keys, nextId, table, transact } from '../lib/db';

export interface TerritoryItem {
  objectId: number;
  code: string;
  name: string;
  state: string;
  commodity: string;
  measureUnit: string;
  billMethodId: string;
  taxRate: string;
  version: number;
}

export async function listTerritories(): Promise<TerritoryItem[]> {
  const out: TerritoryItem[] = [];
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
    out.push(...((r.Items ?? []) as TerritoryItem[]));
    start = r.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.code.localeCompare(b.code));
}

/** Every reference data set: the fixed sets plus the territories table. */
export async function getReferences(): Promise<ReferenceSet[]> {
  const territories = await listTerritories();
  return [
    ...STATIC_REFERENCE_SETS,
    {
      itemType: 'territories',
      items: territories.map(({ objectId, code, name, state, commodity, measureUnit, billMethodId, taxRate }) => ({
        objectId, code, name, state, commodity, measureUnit, billMethodId, taxRate,
      })),
    },
  ];
}

/** Seed the territories of a fresh stack (nothing happens when any territory exists). */
export async function seedTerritories(): Promise<number> {
  if ((await listTerritories()).length > 0) return 0;
  const first = (await nextId('territory', SEED_TERRITORIES.length)) - SEED_TERRITORIES.length + 1;
  const now = toTransferDate(new Date());
  await transact(
    SEED_TERRITORIES.map((t, i) => ({
      Put: {
        TableName: table(),
        Item: {
          ...keys.territory(first + i),
          gsi1pk: 'TERRITORY',
          gsi1sk: t.code,
          objectId: first + i,
          ...t,
          version: 1,
          created: now,
          updated: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
  );
  return SEED_TERRITORIES.length;
}
