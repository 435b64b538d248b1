import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentFieldsSchema } from '@eb/shared/agent/schemas';
import { createTestUser } from '../../../test/support/users';
import { createAgent } from '../agent/repository';
import { createBusinessEntity } from '../business-entity/repository';
import { dynamo } from '../lib/aws';
import { listChangeLogs } from '../lib/change-log';
import { getItem, keys, table } from '../lib/db';
import { SYSTEM_ACTOR } from '../users/repository';
import { migrateStoredReferenceCodes } from './codes-migration';

/** Store values as a version before the codes convention did. */
async function storeRaw(key: Record<string, unknown>, values: Record<string, unknown>) {
  const names = Object.fromEntries(Object.keys(values).map((k, i) => [`#f${i}`, k]));
  const vals = Object.fromEntries(Object.values(values).map((v, i) => [`:v${i}`, v]));
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `SET ${Object.keys(values).map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: vals,
    }),
  );
}

describe('stored reference values rewritten as codes', () => {
  it('rewrites the objectIds of users, business entities and agents as codes, with no version bump and no log', { timeout: 120_000 }, async () => {
    // Prepare: three records as an older version stored them
    const user = await createTestUser('viewOnly');
    const entity = await createBusinessEntity({ legalName: `Legacy ${randomUUID().slice(0, 8)}`, companyType: 'LLC', type: 'Industrial', isActive: true }, SYSTEM_ACTOR);
    const agent = await createAgent(agentFieldsSchema.parse({ code: `Legacy ${randomUUID().slice(0, 8)}`, upsellAgentType: 'master' }), SYSTEM_ACTOR);
    await storeRaw(keys.user(user.objectId), { type: 3 });
    await storeRaw(keys.businessEntity(entity.objectId), { companyType: 2, type: 2 });
    await storeRaw(keys.agent(agent.objectId), { upsellAgentType: 1, downsellAgentType: 3, entityStateId: 31 });
    const logsBefore = (await listChangeLogs({ entity: 'businessEntity', id: entity.objectId })).length;
    // Act
    const changed = await migrateStoredReferenceCodes();
    const again = await migrateStoredReferenceCodes();
    // Assess
    expect(changed).toBeGreaterThanOrEqual(3);
    expect(again).toBe(0);
    expect(await getItem(keys.user(user.objectId))).toMatchObject({ type: 'viewOnly', version: 1 });
    expect(await getItem(keys.businessEntity(entity.objectId))).toMatchObject({ companyType: 'LLC', type: 'Industrial', version: 1 });
    expect(await getItem(keys.agent(agent.objectId))).toMatchObject({ upsellAgentType: 'master', downsellAgentType: 'subagent', entityStateId: 'NJ', version: 1 });
    expect(await listChangeLogs({ entity: 'businessEntity', id: entity.objectId })).toHaveLength(logsBefore);
  });
});
