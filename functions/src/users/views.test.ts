import { describe, expect, it } from 'vitest';
import { SAVED_VIEWS_MAX, SAVED_VIEW_TEXTS, type SavedView } from '@eb/shared/users/views';
import { ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';

/** Saved views of a list screen against the local emulators: each user's own, by name, bounded. */
const U = '/api/users';
const [mine, other] = signedInBeforeAll('agent', 'viewOnly');

describe('saved views', () => {
  it("saves a view by name, replaces it when saved again, deletes it, and never shows another user's", async () => {
    // Prepare
    const view = { list: 'contracts', name: 'Signed this year', query: 'status=Signed&from=2026-01-01', columns: ['contractId', 'status'] };
    // Act
    await ok(mine.put(`${U}/SaveView`, view));
    const replaced = await ok<SavedView[]>(mine.put(`${U}/SaveView`, { ...view, query: 'status=Active' }));
    const others = await ok<SavedView[]>(other.get(`${U}/GetViews`, { list: 'contracts' }));
    const accounts = await ok<SavedView[]>(mine.get(`${U}/GetViews`, { list: 'accounts' }));
    const afterDelete = await ok<SavedView[]>(mine.del(`${U}/DeleteView`, { list: 'contracts', name: 'Signed this year' }));
    // Assess
    expect(replaced).toEqual([{ name: 'Signed this year', query: 'status=Active', columns: ['contractId', 'status'], savedAt: expect.any(String) }]);
    expect(others).toEqual([]);
    expect(accounts).toEqual([]);
    expect(afterDelete).toEqual([]);
  });

  it('refuses a view without a name or of an unknown list, and more than the limit of views', async () => {
    // Act
    const noName = await mine.put(`${U}/SaveView`, { list: 'contracts', name: ' ', query: '', columns: [] });
    const unknown = await mine.put(`${U}/SaveView`, { list: 'nope', name: 'x', query: '', columns: [] });
    for (let i = 0; i < SAVED_VIEWS_MAX; i++) await ok(mine.put(`${U}/SaveView`, { list: 'accounts', name: `View ${i}`, query: '', columns: [] }));
    const tooMany = await mine.put(`${U}/SaveView`, { list: 'accounts', name: 'One more', query: '', columns: [] });
    const again = await mine.put(`${U}/SaveView`, { list: 'accounts', name: 'View 3', query: 'x=1', columns: [] });
    // Assess
    expect([noName.status, unknown.status, tooMany.status, again.status]).toEqual([400, 400, 400, 200]);
    expect(tooMany.body.message).toBe(SAVED_VIEW_TEXTS.tooMany);
  });
});
