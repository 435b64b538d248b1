import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../infra/local/demo';
import { amendmentCrms, amendmentParticipants } from './children';
import { listAmendments } from './repository';
import { ldcFormatCheck } from '@eb/shared/account/ldc-formats';
import { SEED_TERRITORIES } from '@eb/shared/reference/data';
import { billingRows } from '../account/billing';
import { getAccount, listAccounts } from '../account/repository';
import { listChangeLogsOfActor } from '../lib/change-log';
import { createTestUser } from '../../../test/support/users';

/**
 * The demo data (`npm run start:demo`) against the local emulators: written once, through the
 * screens' write path, with amendments that have participants and CRM notes.
 */
describe('demo data', () => {
  it('seeds contracts with amendments, accounts, participants and CRM notes once, and nothing the second time', async () => {
    // Prepare: the seeded admin
    const admin = await createTestUser('superAdmin');
    // Act
    const first = await seedDemoData({ generatedContracts: 3, adminEmail: admin.email });
    const second = await seedDemoData({ generatedContracts: 3, adminEmail: admin.email });
    // Assess: the eight written by hand and three generated
    expect(first).toBe(11);
    expect(second).toBe(0);
    const demo = await listAmendments({ freshDescId: 'FD' }, { limit: '100', orderBy: 'contractId Ascending' });
    expect(demo.totalCount).toBeGreaterThanOrEqual(15 + 3);
    const withBlocks = demo.data.filter((r) => r.businessEntityLegalName && r.primaryContactLastName);
    expect(withBlocks.length).toBe(demo.data.length);
    // the first contract written by hand: its amendment has participants and CRM notes
    const [participants, crms] = await Promise.all([amendmentParticipants.all(demo.data[0]!.objectId), amendmentCrms.all(demo.data[0]!.objectId)]);
    expect(participants.length).toBeGreaterThan(0);
    expect(crms.length).toBeGreaterThan(0);
    // its accounts: of its territory's LDC format, with volumes, and a year of billing (it started over a year ago)
    const accounts = await listAccounts({ amendmentId: demo.data[0]!.objectId }, { limit: '10' });
    expect(accounts.totalCount).toBeGreaterThan(0);
    const account = await getAccount(accounts.data[0]!.objectId);
    expect(ldcFormatCheck(SEED_TERRITORIES.find((t) => t.code === account.territoryCode), account.ldcAccountNum)).toBeNull();
    expect(account.accountVolume?.volumeData.length).toBeGreaterThan(0);
    expect(account.contractStartDate! < new Date(Date.now() - 400 * 86_400_000).toISOString()).toBe(true);
    expect((await billingRows(account.objectId)).length).toBe(12);
    // the admin's own follow-up notes on four amendments (their 'My recent changes')
    const own = await listChangeLogsOfActor({ actorId: admin.objectId, limit: 10 });
    expect(new Set(own.map((e) => e.parentId)).size).toBe(4);
  }, 120_000); // eleven contracts through the screens' write path: tens of seconds on a loaded 2-core machine
});
