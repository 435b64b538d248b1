import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountListBody } from '@eb/shared/account/schemas';
import type { ContractListBody } from '@eb/shared/amendment/schemas';
import { SENT_TO_UTILITY_STALE_DAYS, type HomePage, type HomeQueueId } from '@eb/shared/home';
import type { PagedResult } from '@eb/shared/paging';
import { newAccount, newAmendment, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { changeLogPut } from '../lib/change-log';
import { batchPut } from '../lib/db';

/**
 * GET home/Get (issue 31): each queue's count is the search's total for the same filter, the rows
 * are the search's first rows; an agent sees no change log and no batches, and neither does a
 * non-admin see the batches.
 */
const [admin, common, agent, me] = signedInBeforeAll('superAdmin', 'admin', 'agent', 'admin');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00';

/** The searches' bodies of the queues (what Accounts Search and Contracts Search send for the queues' URLs). */
const ACCOUNT_BODIES: Partial<Record<HomeQueueId, AccountListBody>> = {
  renewals30: { renewalWithinDays: 30 },
  renewals60: { renewalWithinDays: 60 },
  renewals90: { renewalWithinDays: 90 },
  pendingAccounts: { status: 'Pending' },
  staleSentToUtility: { status: 'Sent to Utility', statusOlderThanDays: SENT_TO_UTILITY_STALE_DAYS },
};
const CONTRACT_BODIES: Partial<Record<HomeQueueId, ContractListBody>> = {
  pricingValidation: { awaitingValidation: 'pricing' },
  operationsValidation: { awaitingValidation: 'operations' },
};

beforeAll(async () => {
  // one of each queue at least: an amendment awaiting pricing, one awaiting operations, a renewal due, a pending account, a stale one
  const waiting = await newAmendment(admin, { contractStatus: 'Signed' });
  await newAmendment(admin, { contractStatus: 'Signed', pricingValidation: { isValidated: true } });
  await newAccount(admin, waiting.objectId, { accountStatus: 'Pending' });
  await newAccount(admin, waiting.objectId, { accountStatus: 'Sent to Utility', statusDate: day(-SENT_TO_UTILITY_STALE_DAYS - 5) });
  await newAccount(admin, waiting.objectId, { requestedStartDate: day(-340), contractStartDate: day(-340), term: 12 });
});

describe('home page', () => {
  it("answers each queue with the search's total and first rows for the same filter", async () => {
    // Act + Assess: the page against the searches (other test files write beside this one: compared again until no write came between)
    const mismatches = async () => {
      const page = await ok<HomePage>(admin.get('/api/home/Get'));
      const out: unknown[] = [];
      for (const q of page.accountQueues) {
        const body = ACCOUNT_BODIES[q.id]!;
        const search = await ok<PagedResult<{ objectId: number }>>(admin.post('/api/account/GetList', body, { limit: 5, ...(body.renewalWithinDays ? { orderBy: 'accountEndDate Ascending' } : {}) }));
        const [mine, theirs] = [{ id: q.id, count: q.count, rows: q.rows.map((r) => r.objectId) }, { id: q.id, count: search.totalCount, rows: search.data.map((r) => r.objectId) }];
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) out.push({ mine, theirs });
      }
      for (const q of page.contractQueues) {
        const search = await ok<PagedResult<{ objectId: number }>>(admin.post('/api/contract/GetList', CONTRACT_BODIES[q.id], { limit: 5 }));
        const [mine, theirs] = [{ id: q.id, count: q.count, rows: q.rows.map((r) => r.objectId) }, { id: q.id, count: search.totalCount, rows: search.data.map((r) => r.objectId) }];
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) out.push({ mine, theirs });
      }
      return out;
    };
    await expect.poll(mismatches, { timeout: 60_000, interval: 200 }).toEqual([]);
    const page = await ok<HomePage>(admin.get('/api/home/Get'));
    for (const q of [...page.accountQueues, ...page.contractQueues]) expect(q.count, q.id).toBeGreaterThan(0);
    expect(page.accountQueues.map((q) => q.id)).toEqual(['renewals30', 'renewals60', 'renewals90', 'pendingAccounts', 'staleSentToUtility']);
    expect(page.accountQueues.find((q) => q.id === 'staleSentToUtility')!.search).toEqual({
      path: '/enrollments/accounts',
      query: `status=Sent+to+Utility&statusAge=${SENT_TO_UTILITY_STALE_DAYS}`,
    });
    // (compared again until no write of another file came between the two answers)
    const chartGap = async () => {
      const [again, all] = await Promise.all([ok<HomePage>(admin.get('/api/home/Get')), ok<PagedResult<unknown>>(admin.post('/api/account/GetList', {}, { limit: 1 }))]);
      return again.charts.accountsByStatus.values.reduce((a, b) => a + b, 0) - all.totalCount;
    };
    await expect.poll(chartGap, { timeout: 60_000, interval: 200 }).toBe(0);
    expect(page.charts.rcesEndingByMonth.labels).toHaveLength(18);
    expect(page.charts.amendmentsSignedByMonth.labels).toHaveLength(12);
    expect(page.batches).toBeInstanceOf(Array);
    expect(page.charts.exceptionsByBatch).toBeDefined();
    expect(page.recentlyChanged!.length).toBeGreaterThan(0);
  });

  it('answers a write committed after an earlier answer (each answer is the lists as of the call)', async () => {
    // Prepare: an answer given twice (the second from what was kept); then a pending account of an amendment awaiting pricing
    const pending = (p: HomePage) => p.accountQueues.find((q) => q.id === 'pendingAccounts')!.count;
    const pricing = (p: HomePage) => p.contractQueues.find((q) => q.id === 'pricingValidation')!.count;
    await ok<HomePage>(admin.get('/api/home/Get'));
    const again = await ok<HomePage>(admin.get('/api/home/Get'));
    // Act
    const amendment = await newAmendment(admin, { contractStatus: 'Signed' });
    await newAccount(admin, amendment.objectId, { accountStatus: 'Pending' });
    const after = await ok<HomePage>(admin.get('/api/home/Get'));
    // Assess
    // (other test files write records beside this one: at least the two written here)
    expect(pending(after)).toBeGreaterThanOrEqual(pending(again) + 1);
    expect(pricing(after)).toBeGreaterThanOrEqual(pricing(again) + 1);
  });

  it("lists the user's own changed records, newest first, however many changes others made since", async () => {
    // Prepare: a user adds an amendment and an account of it; then another user's 300 events
    const { user } = me;
    const amendment = await newAmendment(me);
    const account = await newAccount(me, amendment.objectId);
    const others = Array.from({ length: 300 }, (_, i) =>
      changeLogPut({ action: 'updated', entity: 'contract', entityId: 900_000 + i, actor: { objectId: user.objectId + 1_000_000, name: 'Someone Else' } }).Put!.Item!,
    );
    await batchPut(others, 4);
    // Act
    const page = await ok<HomePage>(me.get('/api/home/Get'));
    // Assess
    expect(page.recentlyChanged!.map((r) => [r.entity, r.objectId])).toEqual([
      ['account', account.objectId],
      ['contract', amendment.objectId],
    ]);
    // the amendment with its contract and number, as its record tab names it
    expect([page.recentlyChanged![1]!.contractId, page.recentlyChanged![1]!.amendmentNumber]).toEqual([amendment.contractId, 1]);
    expect(amendment.contractId).toEqual(expect.any(Number));
  });

  it('shows an agent the queues without the change log or the batches, and a non-admin no batches', async () => {
    // Act
    const [forAgent, forCommon, mine] = await Promise.all([ok<HomePage>(agent.get('/api/home/Get')), ok<HomePage>(common.get('/api/home/Get')), ok<HomePage>(admin.get('/api/home/Get'))]);
    // Assess
    expect(forAgent.recentlyChanged).toBeUndefined();
    expect(forAgent.batches).toBeUndefined();
    expect(forAgent.charts.exceptionsByBatch).toBeUndefined();
    expect(forAgent.accountQueues.map((q) => q.count)).toEqual(mine.accountQueues.map((q) => q.count));
    expect(forCommon.batches).toBeUndefined();
    expect(forCommon.charts.exceptionsByBatch).toBeUndefined();
    expect(forCommon.recentlyChanged).toEqual([]);
  });
});
