import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { childRoutes, defineChildKind } from '@eb/shared/child-records';
import { optionalText, requiredText } from '@eb/shared/field-rules';
import { pageQuerySchema } from '@eb/shared/page-query';
import { routePath } from '@eb/shared/routes';
import { listChangeLogs, type LogEntity } from './change-log';
import { childKind, entityParent } from './child-records';
import { createEntity, type EntityDef } from './entity';
import { ConflictError, NotFoundError } from './errors';

/**
 * A child kind under a parent that exists only in these tests: the cost of a new child kind under a
 * new parent is the declaration between the two markers (shared half, then server half).
 */
const RUN = randomUUID().slice(0, 8);
interface TestParent {
  objectId: number;
  name: string;
}
const parentDef: EntityDef<TestParent> = {
  type: `testParent${RUN}` as LogEntity,
  key: (id) => ({ pk: `TESTPARENT${RUN}#${id}`, sk: 'TESTPARENT' }),
  idCounter: `testParent${RUN}`,
  fields: ['name'],
};

// ---- the declaration of a new child kind: CRM notes of the test parent ---------------------------
const NOTE_PARENT = { resource: 'contract', type: parentDef.type, ref: 'contract', logPrefix: 'c', read: 'nonAgent', write: 'editor' } as const;
const NOTES = defineChildKind({
  name: 'Note',
  entity: 'crm',
  parent: NOTE_PARENT,
  shape: { subject: requiredText(40), body: optionalText(200) },
  sortFields: ['subject', 'body'],
  defaultSort: { field: 'subject', direction: 'Ascending' },
  logPrefix: 'crm',
  labelField: 'subject',
});
const notes = childKind({ kind: NOTES, parent: entityParent(parentDef, `TN${RUN}`), counter: `testNote${RUN}`, item: 'NOTE' });
// ---- end of the declaration -----------------------------------------------------------------------

const actor = { objectId: 1, name: 'Test Actor' };
const newParent = () => createEntity(parentDef, { name: 'P' }, { actor });

describe('the route-table entries of a child kind', () => {
  it('are the four calls on the parent resource, reads and writes with the parent access', () => {
    // Act
    const routes = childRoutes(NOTES);
    // Assess
    expect(routes.map((r) => [r.method, routePath(r), r.access])).toEqual([
      ['POST', '/api/contract/GetNoteList', 'nonAgent'],
      ['POST', '/api/contract/NoteAdd', 'editor'],
      ['PUT', '/api/contract/NoteUpdate', 'editor'],
      ['DELETE', '/api/contract/NoteDelete', 'editor'],
    ]);
    expect(routes[0].query).toBe(pageQuerySchema);
    expect(routes[1].body.safeParse({ subject: 'Call', body: null, contract: { objectId: 5 } }).success).toBe(true);
    expect(routes[1].body.safeParse({ subject: 'Call', body: null }).success).toBe(false);
    expect(routes[2].body.safeParse({ subject: 'Call', body: '', version: 1 }).data).toEqual({ subject: 'Call', body: null, version: 1 });
    expect(routes[3].body.safeParse([{ objectId: 1 }, { objectId: 1 }]).success).toBe(false);
  });
});

describe('a child kind declared under a new parent', () => {
  it('adds, gets, lists (sorted, paged, exact total) and updates its records, versioned', async () => {
    // Prepare
    const parent = await newParent();
    // Act
    const added = [];
    for (const subject of ['b', 'C', 'a']) added.push(await notes.add(parent.objectId, { subject, body: null }, actor));
    const updated = await notes.update(added[0]!.objectId, 1, { subject: 'd', body: 'text' }, actor);
    // Assess
    expect(added[0]).toEqual({ subject: 'b', body: null, objectId: added[0]!.objectId, version: 1, contract: { objectId: parent.objectId } });
    expect(updated).toMatchObject({ subject: 'd', body: 'text', version: 2 });
    expect(await notes.get(added[0]!.objectId)).toEqual(updated);
    const page = await notes.list(parent.objectId, { limit: '2', orderBy: 'subject Descending' });
    expect(page.totalCount).toBe(3);
    expect(page.data.map((n) => n.subject)).toEqual(['d', 'C']);
    expect((await notes.all(parent.objectId)).map((n) => n.subject)).toEqual(['a', 'C', 'd']);
  });

  it('logs every change under the parent, with the parent letter and the kind prefix', async () => {
    // Prepare
    const parent = await newParent();
    const note = await notes.add(parent.objectId, { subject: 'Call', body: null }, actor);
    // Act
    await notes.update(note.objectId, 1, { subject: 'Visit', body: null }, actor);
    await notes.remove([{ objectId: note.objectId }], actor);
    // Assess
    const log = await listChangeLogs({ entity: parentDef.type, id: parent.objectId });
    expect(log.map((e) => [e.action, e.entity, e.fieldName, e.oldValue, e.newValue, e.fieldPrefix])).toEqual([
      ['deleted', 'crm', '', null, null, 'c.crm'],
      ['updated', 'crm', 'subject', 'Call', 'Visit', 'c.crm'],
      ['added', 'crm', '', null, null, 'c.crm'],
      ['added', parentDef.type, '', null, null, undefined],
    ]);
    expect(log.slice(0, 3).every((e) => e.parent === parentDef.type && e.parentId === parent.objectId)).toBe(true);
    // each change names the record as users know it (its label field, as written)
    expect(log.slice(0, 3).map((e) => e.entityName)).toEqual(['Visit', 'Visit', 'Call']);
  });

  it('refuses a stale update (409) and an unknown parent or record (404), changing nothing', async () => {
    // Prepare
    const parent = await newParent();
    const note = await notes.add(parent.objectId, { subject: 'Call', body: null }, actor);
    await notes.update(note.objectId, 1, { subject: 'Visit', body: null }, actor);
    // Act / Assess
    await expect(notes.update(note.objectId, 1, { subject: 'Stale', body: null }, actor)).rejects.toBeInstanceOf(ConflictError);
    await expect(notes.add(987_654_321, { subject: 'x', body: null }, actor)).rejects.toBeInstanceOf(NotFoundError);
    await expect(notes.list(987_654_321, {})).rejects.toBeInstanceOf(NotFoundError);
    await expect(notes.update(987_654_321, 1, { subject: 'x', body: null }, actor)).rejects.toBeInstanceOf(NotFoundError);
    expect(await notes.get(note.objectId)).toMatchObject({ subject: 'Visit', version: 2 });
  });

  it('deletes all listed records in one transaction, or none of them', async () => {
    // Prepare
    const parent = await newParent();
    const a = await notes.add(parent.objectId, { subject: 'a', body: null }, actor);
    const b = await notes.add(parent.objectId, { subject: 'b', body: null }, actor);
    // Act (both refusals awaited together: one left waiting while the other is awaited would count
    // as an unhandled rejection if it came first)
    const unknown = notes.remove([{ objectId: a.objectId }, { objectId: 987_654_321 }], actor);
    const stale = notes.remove([{ objectId: a.objectId }, { objectId: b.objectId, version: 5 }], actor);
    // Assess
    await Promise.all([expect(unknown).rejects.toBeInstanceOf(NotFoundError), expect(stale).rejects.toBeInstanceOf(ConflictError)]);
    expect((await notes.all(parent.objectId)).length).toBe(2);
    await notes.remove([{ objectId: a.objectId }, { objectId: b.objectId, version: 1 }], actor);
    expect(await notes.all(parent.objectId)).toEqual([]);
    await expect(notes.get(a.objectId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("writes its records in the parent's own create transaction (both or neither)", async () => {
    // Prepare
    const parentId = Number(`${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`);
    const noteId = await notes.nextId();
    const write = await notes.puts(parentId, noteId, { subject: 'First', body: null }, actor);
    // Act
    await createEntity(parentDef, { name: 'P' }, { actor, extra: write.actions }, { objectId: parentId });
    const again = createEntity(parentDef, { name: 'P' }, { actor, extra: (await notes.puts(parentId, await notes.nextId(), { subject: 'Second', body: null }, actor)).actions }, { objectId: parentId });
    // Assess
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    expect((await notes.all(parentId)).map((n) => n.subject)).toEqual(['First']);
  });
});
