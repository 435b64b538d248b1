import { ScanCommand, UpdateCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { toReferenceCode } from '@eb/shared/reference/codes';
import { dynamo } from '../lib/aws';
import { table } from '../lib/db';
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
 */
const STORED_REFERENCE_FIELDS: readonly { sk: string; fields: Readonly<Record<string, string>> }[] = [
  { sk: 'PROFILE', fields: { type: 'userTypes' } },
  { sk: 'BUSINESSENTITY', fields: { companyType: 'businessEntityCompanyTypes', type: 'businessEntityTypes' } },
  { sk: 'AGENT', fields: { upsellAgentType: 'agentTypes', downsellAgentType: 'agentTypes', entityStateId: 'states' } },
];
const PK_PREFIX: Record<string, string> = { PROFILE: 'USER#', BUSINESSENTITY: 'BUSINESSENTITY#', AGENT: 'AGENT#' };

/** Rewrite stored reference-set objectIds as codes; answers how many items changed. */
export async function migrateStoredReferenceCodes(): Promise<number> {
  let changed = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: table(),
        ConsistentRead: true,
        FilterExpression: 'sk IN (:u, :b, :a)',
        ExpressionAttributeValues: { ':u': 'PROFILE', ':b': 'BUSINESSENTITY', ':a': 'AGENT' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const kind = STORED_REFERENCE_FIELDS.find((k) => k.sk === item.sk && String(item.pk).startsWith(PK_PREFIX[k.sk]!));
      if (!kind || item.deleted) continue;
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
    start = page.LastEvaluatedKey;
  } while (start);
  if (changed) log.info('stored reference values rewritten as codes', { changed });
  return changed;
}
