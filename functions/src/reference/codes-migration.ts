import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { toReferenceCode } from '@eb/shared/reference/codes';
import { dynamo } from '../lib/aws';
import { queryAll, table } from '../lib/db';
import { FEED_SHARDS, feedPk } from '../lib/feed';
import { log } from '../lib/log';

/**
 * Stored data of the codes convention (README "Reference data"): items written before it hold a
 * reference-set value as the set's objectId (users' type, a business entity's companyType and
 * type, an agent's upsell/downsell agent types and entity state). Every read normalises them to
 * the code, so this is not needed for correctness; it rewrites them once in place, so that the
 * first edit of such a record does not log an objectId -> code change.
 *
 * The rewrite changes the representation only (same meaning): no version bump, no change-log
 * event, no feed stamp (the list projections already show the code). Each update is conditional on
 * the version it read and on the old value, so a concurrent edit wins.
 *
 * The three kinds are list-engine lists, so each of their items is on its list's feed: the
 * migration reads those feeds (a query per shard) instead of scanning the whole table, which at
 * 500,000 accounts made every start of the local stack read every item.
 */
const STORED_REFERENCE_FIELDS: readonly { feed: string; pk: string; sk: string; fields: Readonly<Record<string, string>> }[] = [
  { feed: 'user', pk: 'USER#', sk: 'PROFILE', fields: { type: 'userTypes' } },
  { feed: 'businessEntity', pk: 'BUSINESSENTITY#', sk: 'BUSINESSENTITY', fields: { companyType: 'businessEntityCompanyTypes', type: 'businessEntityTypes' } },
  { feed: 'agent', pk: 'AGENT#', sk: 'AGENT', fields: { upsellAgentType: 'agentTypes', downsellAgentType: 'agentTypes', entityStateId: 'states' } },
];

/** Rewrite stored reference-set objectIds as codes; answers how many items changed. */
export async function migrateStoredReferenceCodes(): Promise<number> {
  let changed = 0;
  const feeds = STORED_REFERENCE_FIELDS.flatMap((kind) => Array.from({ length: FEED_SHARDS }, (_, shard) => ({ kind, pk: feedPk(kind.feed, shard) })));
  for (const { kind, pk } of feeds) {
    const items = await queryAll({ IndexName: 'feed', KeyConditionExpression: 'feedpk = :p', ExpressionAttributeValues: { ':p': pk } });
    for (const item of items) {
      if (item.sk !== kind.sk || !String(item.pk).startsWith(kind.pk) || item.deleted) continue;
      const updates = Object.entries(kind.fields).flatMap(([field, itemType]) => {
        const value = item[field];
        const code = typeof value === 'number' ? toReferenceCode(itemType, value) : undefined;
        return code ? [{ field, value, code }] : [];
      });
      if (updates.length === 0) continue;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':v': item.version };
      const sets: string[] = [];
      const conds: string[] = [item.version === undefined ? 'attribute_not_exists(version)' : 'version = :v'];
      updates.forEach((u, i) => {
        names[`#f${i}`] = u.field;
        values[`:c${i}`] = u.code;
        values[`:o${i}`] = u.value;
        sets.push(`#f${i} = :c${i}`);
        conds.push(`#f${i} = :o${i}`);
      });
      if (item.version === undefined) delete values[':v'];
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: table(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: conds.join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        changed++;
      } catch (e) {
        // changed meanwhile: the writer stored codes already
        if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
      }
    }
  }
  if (changed) log.info('stored reference values rewritten as codes', { changed });
  return changed;
}
