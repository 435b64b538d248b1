import { describe, expect, it } from 'vitest';
import { rememberPicked, shownOf } from './record-blocks';

describe("the amendment's record blocks", () => {
  it("show the record the user picked after a reload whose own record is another (the conflict view's Apply)", () => {
    // Prepare: the user picked entity 7; the reloaded amendment still holds entity 3
    rememberPicked('entity', 7, { text: 'Picked LLC (BE-7)', inactive: false });
    const stored = { objectId: 3, shown: { text: 'Stored Inc (BE-3)', inactive: false } };
    // Act / Assess
    expect(shownOf('entity', { objectId: 7 }, stored)?.text).toBe('Picked LLC (BE-7)');
    expect(shownOf('entity', { objectId: 3 }, stored)?.text).toBe('Stored Inc (BE-3)');
    expect(shownOf('entity', null, stored)).toBeNull();
    // a contact with the same objectId is another record
    expect(shownOf('contact', { objectId: 7 }, null)?.text).toBe('7');
  });
});
