import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { toTransferDate } from '@eb/shared/formats';
import type { SavedViewBody } from '@eb/shared/users/schemas';
import { SAVED_VIEWS_MAX, SAVED_VIEW_TEXTS, type SavedView, type SavedViewList } from '@eb/shared/users/views';
import { dynamo } from '../lib/aws';
import { keys, queryAll, table } from '../lib/db';
import { BadRequestError } from '../lib/errors';

/**
 * A user's saved views of a list (shared/src/users/views.ts): items VIEW#{list}#{name} in the
 * user's partition (USER#id), read with one strongly consistent Query. Only the signed-in user's
 * own views are read or written (the id comes from the session, never from the request).
 */
const prefix = (list: SavedViewList) => `VIEW#${list}#`;

export async function savedViews(userId: number, list: SavedViewList): Promise<SavedView[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :p AND begins_with(sk, :v)',
    ExpressionAttributeValues: { ':p': keys.user(userId).pk, ':v': prefix(list) },
    ConsistentRead: true,
  });
  return items
    .map((i) => ({ name: String(i.name), query: String(i.query ?? ''), columns: (i.columns as string[]) ?? [], savedAt: String(i.savedAt ?? '') }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Save (or replace) a view by its name; at most SAVED_VIEWS_MAX per list. */
export async function saveView(userId: number, body: SavedViewBody): Promise<SavedView[]> {
  const current = await savedViews(userId, body.list);
  if (!current.some((v) => v.name === body.name) && current.length >= SAVED_VIEWS_MAX) throw new BadRequestError(SAVED_VIEW_TEXTS.tooMany);
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { pk: keys.user(userId).pk, sk: `${prefix(body.list)}${body.name}`, name: body.name, query: body.query, columns: body.columns, savedAt: toTransferDate(new Date()) },
    }),
  );
  return savedViews(userId, body.list);
}

export async function deleteView(userId: number, list: SavedViewList, name: string): Promise<SavedView[]> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: keys.user(userId).pk, sk: `${prefix(list)}${name}` } }));
  return savedViews(userId, list);
}
