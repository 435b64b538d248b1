import { describe, expect, it } from 'vitest';
import { childRoutes } from './child-records';
import { CHILD_DELETE_MAX, CONTACT_DELETE_MAX } from './constants';
import { MSG } from './messages';
import { pageQuerySchema } from './page-query';
import { CONTACT_ADDRESSES, CONTACT_EMAILS, CONTACT_PHONES } from './contact/schemas';
import { ROUTES, routePath, type RouteDef } from './routes';

describe("the contact's child kinds in the route table", () => {
  it("produce today's paths, methods and access levels", () => {
    // Act
    const routes: RouteDef[] = [...childRoutes(CONTACT_ADDRESSES), ...childRoutes(CONTACT_PHONES), ...childRoutes(CONTACT_EMAILS)];
    // Assess
    expect(routes.map((r) => `${r.method} ${routePath(r)} ${r.access}`).sort()).toEqual(
      [
        'POST /api/primarycontact/GetAddressList nonAgent',
        'POST /api/primarycontact/GetPhoneList nonAgent',
        'POST /api/primarycontact/GetEmailList nonAgent',
        'POST /api/primarycontact/AddressAdd editor',
        'POST /api/primarycontact/PhoneAdd editor',
        'POST /api/primarycontact/EmailAdd editor',
        'PUT /api/primarycontact/AddressUpdate editor',
        'PUT /api/primarycontact/PhoneUpdate editor',
        'PUT /api/primarycontact/EmailUpdate editor',
        'DELETE /api/primarycontact/AddressDelete editor',
        'DELETE /api/primarycontact/PhoneDelete editor',
        'DELETE /api/primarycontact/EmailDelete editor',
      ].sort(),
    );
    for (const r of routes) expect((ROUTES as readonly RouteDef[]).filter((t) => t.method === r.method && routePath(t) === routePath(r))).toHaveLength(1);
    expect(routes.filter((r) => r.action.startsWith('Get')).every((r) => r.query === pageQuerySchema)).toBe(true);
  });

  it('validate their bodies: fields and parent on Add, fields and version on Update, the id list on Delete', () => {
    const add = CONTACT_ADDRESSES.addBodySchema.safeParse({ addressType: 'Service', addressLine: 'x', city: 'c', state: 'NJ', primaryContact: { objectId: 1 } });
    expect(add.success).toBe(false);
    expect(add.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['county', MSG.required],
      ['zipCode', MSG.required],
    ]);
    expect(CONTACT_PHONES.updateBodySchema.safeParse({ phoneNumber: '12a', type: 'Work', version: 1 }).error!.issues[0]!.message).toBe(MSG.integerNumber);
    expect(CONTACT_EMAILS.listBodySchema.safeParse({ primaryContact: { objectId: 3 } }).success).toBe(true);
    expect(CHILD_DELETE_MAX).toBe(CONTACT_DELETE_MAX);
    const tooMany = Array.from({ length: CHILD_DELETE_MAX + 1 }, (_, i) => ({ objectId: i + 1 }));
    expect(CONTACT_PHONES.deleteBodySchema.safeParse(tooMany).error!.issues[0]!.message).toBe(MSG.tooManyToDelete);
  });
});
