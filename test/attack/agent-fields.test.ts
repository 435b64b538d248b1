import { beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountRow } from '@eb/shared/account/schemas';
import { HIDDEN_FROM_AGENTS } from '@eb/shared/agent-hidden';
import type { Amendment } from '@eb/shared/amendment/schemas';
import type { PagedResult } from '@eb/shared/paging';
import { newAccount, newAmendment, ok } from '../support/records';
import { signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 5: what the spec hides from agents (spec 2: the account's Commission section, the
 * agents' commissions and notes, the change log) is not sent to them; the screen hiding it was not
 * enough. One list per entity (shared/src/agent-hidden.ts), applied where the answers are made.
 */
const [editor, agent] = signedInBeforeAll('admin', 'agent');
let account: Account;
let amendment: Amendment;
const COMMISSION = {
  commissionMasterUnit: 0.011, commissionUnitNum: 0.022, commissionSubAgentUnit: 0.0033, commissionEndDate: '2027-01-31T00:00:00',
  paymentStatus: 'Paid', estimatedPayment: 125.5, managingAgent: 'SALES-7',
};

/** Every key of a JSON value, at any depth (an embedded object's too). */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

beforeAll(async () => {
  amendment = await newAmendment(editor);
  const { objectId } = await newAccount(editor, amendment.objectId, COMMISSION);
  account = await ok<Account>(editor.get('/api/account/Get', { id: objectId }));
});

describe('fields hidden from agents', () => {
  it('account/Get keeps the commission block from an agent, and staff still get it', async () => {
    expect(account).toMatchObject({ commissionMasterUnit: 0.011, commissionUnitNum: 0.022, managingAgent: 'SALES-7' });
    const asAgent = await ok<Account>(agent.get('/api/account/Get', { id: account.objectId }));
    expect([...keysOf(asAgent)].filter((k) => (HIDDEN_FROM_AGENTS.account as readonly string[]).includes(k))).toEqual([]);
    // the rest of the account is the staff's answer
    const visible = { ...account } as Record<string, unknown>;
    for (const f of HIDDEN_FROM_AGENTS.account) delete visible[f];
    expect(asAgent).toEqual(visible);
  });

  it.each(['GetList', 'GetListWithContracts'])('account/%s rows carry no hidden field for an agent', async (action) => {
    const page = await ok<PagedResult<AccountRow>>(agent.post(`/api/account/${action}`, { amendmentId: amendment.objectId }, { limit: 10, skip: 0, getTotalCount: true }));
    expect(page.data.map((r) => r.objectId)).toContain(account.objectId);
    expect([...keysOf(page)].filter((k) => (HIDDEN_FROM_AGENTS.account as readonly string[]).includes(k))).toEqual([]);
  });

  it("contract/Get's embedded objects carry no field hidden from agents", async () => {
    const asAgent = await ok<Amendment>(agent.get('/api/contract/Get', { id: amendment.objectId }));
    const hidden = new Set<string>(Object.values(HIDDEN_FROM_AGENTS).flat());
    expect([...keysOf(asAgent)].filter((k) => hidden.has(k))).toEqual([]);
  });

  it('agent/Get and agent/GetList keep the commissions and notes from an agent', async () => {
    const page = await ok<PagedResult<Record<string, unknown>>>(agent.get('/api/agent/GetList', { limit: 5, skip: 0 }));
    expect([...keysOf(page)].filter((k) => (HIDDEN_FROM_AGENTS.agent as readonly string[]).includes(k))).toEqual([]);
    const first = page.data[0];
    if (first) {
      const one = await ok<Record<string, unknown>>(agent.get('/api/agent/Get', { id: first.objectId as number }));
      expect([...keysOf(one)].filter((k) => (HIDDEN_FROM_AGENTS.agent as readonly string[]).includes(k))).toEqual([]);
    }
  });

  it('the change logs and the exports are not an agent\'s at all', async () => {
    const calls = await Promise.all([
      agent.get('/api/account/ChangeLogs', { accountId: account.objectId }),
      agent.get('/api/contract/ChangeLogs', { id: amendment.objectId }),
      agent.post('/api/account/Export', { accountRefs: [{ objectId: account.objectId }] }),
      agent.post('/api/account/ExportAll', {}),
      agent.post('/api/report', { reportType: 'Export To P2C' }),
    ]);
    expect(calls.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
  });
});
