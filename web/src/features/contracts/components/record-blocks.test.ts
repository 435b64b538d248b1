import { describe, expect, it } from 'vitest';
import { contactBlock, rememberPicked, shownOf } from './record-blocks';

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

describe('the Primary Contact block', () => {
  it('shows the name, the status, the address with city, state and zip, the phone and the email', () => {
    const shown = contactBlock(
      { firstName: 'Ada', lastName: 'Byron', status: 'Inactive', emailAddress: 'ada@example.com', phoneNumber: '555-0100' },
      { addressLine: '1 Main St', city: 'Albany', state: 'NY', zipCode: '12207' },
    );
    expect(shown).toEqual({
      text: 'Ada Byron',
      inactive: true,
      details: ['Status: Inactive', '1 Main St, Albany, NY 12207', '555-0100 · ada@example.com'],
    });
    expect(contactBlock({ firstName: 'Bo', lastName: 'Li', status: 'Active' }, null).details).toEqual(['Status: Active']);
  });
});
