import { ACCOUNT_DEFAULT_SORT, rceOf, type AccountListFilter } from '@eb/shared/account/schemas';
import { CONTRACT_DEFAULT_SORT, type AmendmentListFilter } from '@eb/shared/amendment/schemas';
import {
  HOME_BATCHES,
  HOME_ENDING_MONTHS,
  HOME_QUEUE_ROWS,
  HOME_QUEUE_SEARCH,
  HOME_RECENT_EVENTS,
  HOME_RENEWAL_WINDOWS,
  HOME_SIGNED_MONTHS,
  SENT_TO_UTILITY_STALE_DAYS,
  type HomeBatch,
  type HomePage,
  type HomeQueue,
  type HomeQueueId,
  type HomeRecent,
} from '@eb/shared/home';
import { orderByOf } from '@eb/shared/paging';
import { isAdmin, isAgent, type UserType } from '@eb/shared/roles';
import { visibleToUser } from '@eb/shared/agent-hidden';
import { accountFilterPredicate, accounts, toRow as toAccountRow } from '../account/service';
import { amendments, amendmentFilterPredicate, toRow as toAmendmentRow } from '../amendment/service';
import { listChangeLogsOfActor } from '../lib/change-log';
import { rowStore } from '../upload/service';

/**
 * GET home/Get (issue 31, docs/home.md): the work queues and charts of the home page in one answer.
 * Every queue is the filter Accounts Search or Contracts Search builds from the queue's URL query
 * (HOME_QUEUE_SEARCH), run through the same predicate (accountFilterPredicate,
 * amendmentFilterPredicate), so its count is the search's total. One pass over each list answers
 * every queue of it and the chart tallies (ListEngine.queryMany). A queue's first rows are the
 * search's first page (its default sort).
 */

/** The account filters of the account queues: the bodies Accounts Search sends for the queues' URLs. */
export const ACCOUNT_QUEUE_FILTERS: [HomeQueueId, AccountListFilter][] = [
  ...HOME_RENEWAL_WINDOWS.map((d): [HomeQueueId, AccountListFilter] => [`renewals${d}` as HomeQueueId, { renewalWithinDays: d }]),
  ['pendingAccounts', { status: 'Pending' }],
  ['staleSentToUtility', { status: 'Sent to Utility', statusOlderThanDays: SENT_TO_UTILITY_STALE_DAYS }],
];
/** The contract filters of the amendment queues: the bodies Contracts Search sends for the queues' URLs. */
export const CONTRACT_QUEUE_FILTERS: [HomeQueueId, AmendmentListFilter][] = [
  ['pricingValidation', { awaitingValidation: 'pricing' }],
  ['operationsValidation', { awaitingValidation: 'operations' }],
];

const month = (d: Date) => d.toISOString().slice(0, 7);
function months(from: Date, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(month(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1))));
  return out;
}

function tally(labels: string[]): { counts: Map<string, number>; series: () => { labels: string[]; values: number[] } } {
  const counts = new Map(labels.map((l) => [l, 0]));
  return { counts, series: () => ({ labels, values: labels.map((l) => Math.round((counts.get(l) ?? 0) * 100) / 100) }) };
}

async function accountPart(now: Date) {
  const statusCount = new Map<string, number>();
  const statusRce = new Map<string, number>();
  const ending = tally(months(now, HOME_ENDING_MONTHS));
  const pages = await accounts().queryMany(
    ACCOUNT_QUEUE_FILTERS.map(([, f]) => ({
      filter: accountFilterPredicate(f),
      limit: HOME_QUEUE_ROWS,
      // Accounts Search's sort for a renewals link: the soonest end first
      orderBy: f.renewalWithinDays ? orderByOf('accountEndDate', 'Ascending') : orderByOf(ACCOUNT_DEFAULT_SORT.field, ACCOUNT_DEFAULT_SORT.direction),
    })),
    (r) => {
      const status = r.accountStatus || '(none)';
      const rce = rceOf(r.annualUsage, r.unitOfMeasure, r.commodity) ?? 0;
      statusCount.set(status, (statusCount.get(status) ?? 0) + 1);
      statusRce.set(status, (statusRce.get(status) ?? 0) + rce);
      const end = r.accountEndDate;
      if (end !== null) {
        const m = end.slice(0, 7);
        const c = ending.counts.get(m);
        if (c !== undefined) ending.counts.set(m, c + rce);
      }
    },
  );
  const statuses = [...statusCount.keys()].sort((a, b) => (statusCount.get(b) ?? 0) - (statusCount.get(a) ?? 0));
  const queues: HomeQueue<ReturnType<typeof toAccountRow>>[] = ACCOUNT_QUEUE_FILTERS.map(([id], i) => ({
    id,
    count: pages[i]!.totalCount,
    rows: pages[i]!.data.map(toAccountRow),
    search: HOME_QUEUE_SEARCH[id],
  }));
  return {
    queues,
    accountsByStatus: { labels: statuses, values: statuses.map((s) => statusCount.get(s) ?? 0) },
    rcesByStatus: { labels: statuses, values: statuses.map((s) => Math.round((statusRce.get(s) ?? 0) * 100) / 100) },
    rcesEndingByMonth: ending.series(),
  };
}

async function contractPart(now: Date) {
  const signed = tally(months(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (HOME_SIGNED_MONTHS - 1), 1)), HOME_SIGNED_MONTHS));
  const pages = await amendments().queryMany(
    CONTRACT_QUEUE_FILTERS.map(([, f]) => ({
      filter: amendmentFilterPredicate(f),
      limit: HOME_QUEUE_ROWS,
      orderBy: orderByOf(CONTRACT_DEFAULT_SORT.field, CONTRACT_DEFAULT_SORT.direction),
    })),
    (r) => {
      // signed: the agreement date of an amendment past its signature
      if (r.agreementDate && (r.contractStatus === 'Signed' || r.contractStatus === 'Active' || r.contractStatus === 'Expired')) {
        const m = r.agreementDate.slice(0, 7);
        const c = signed.counts.get(m);
        if (c !== undefined) signed.counts.set(m, c + 1);
      }
    },
  );
  return {
    queues: CONTRACT_QUEUE_FILTERS.map(([id], i) => ({ id, count: pages[i]!.totalCount, rows: pages[i]!.data.map(toAmendmentRow), search: HOME_QUEUE_SEARCH[id] })),
    amendmentsSignedByMonth: signed.series(),
  };
}

/** Batches of either pipeline with rows still holding exceptions, newest first (admins). */
async function batchPart(): Promise<HomeBatch[]> {
  const out: HomeBatch[] = [];
  for (const kind of ['upload', 'update'] as const) {
    const byBatch = new Map<number, HomeBatch>();
    await rowStore(kind)
      .rows()
      .queryMany([], (r) => {
        if (r.rowState !== 'withExceptions') return;
        const b = byBatch.get(r.batchId);
        if (b) b.openExceptions++;
        else byBatch.set(r.batchId, { kind, batchId: r.batchId, rowType: r.rowType, date: r.date, openExceptions: 1 });
      });
    out.push(...[...byBatch.values()].sort((a, b) => b.batchId - a.batchId).slice(0, HOME_BATCHES));
  }
  return out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The user's own latest changes of amendments and accounts, their children's included (one entry per record, newest first). */
async function recentPart(userId: number): Promise<HomeRecent[]> {
  const events = await listChangeLogsOfActor({ actorId: userId, limit: HOME_RECENT_EVENTS });
  const seen = new Set<string>();
  const out: HomeRecent[] = [];
  for (const e of events) {
    // a participant's or CRM note's change is a change of its amendment or account
    const own = e.entity === 'contract' || e.entity === 'account';
    const entity = own ? e.entity : e.parent;
    const objectId = own ? e.entityId : e.parentId;
    if ((entity !== 'contract' && entity !== 'account') || objectId === null || (own && e.action === 'deleted')) continue;
    const key = `${entity}#${objectId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ entity, objectId, label: String((own && e.entityName) || objectId), action: own ? e.action : 'updated', actionDate: e.actionDate });
    if (out.length >= HOME_QUEUE_ROWS * 2) break;
  }
  return out;
}

/**
 * A list's part of the page, kept until the list (or a list it joins) changes or the day turns: a
 * pass over 500,000 accounts takes most of a second (docs/home.md), and the page is what every user
 * opens first. The list is brought up to date before its version is read, so a write committed
 * before the call is always in the answer.
 */
const parts = new Map<string, { key: string; value: Promise<unknown> }>();
async function keptUntilChanged<T>(name: string, list: { refresh(): Promise<void>; deepVersion(): string }, now: Date, compute: () => Promise<T>): Promise<T> {
  await list.refresh();
  const key = `${list.deepVersion()}|${now.toISOString().slice(0, 10)}`;
  const kept = parts.get(name);
  if (kept?.key === key) return kept.value as Promise<T>;
  const value = compute();
  parts.set(name, { key, value });
  value.catch(() => parts.get(name)?.value === value && parts.delete(name));
  return value;
}

export async function homePage(user: { objectId: number; userType?: UserType }): Promise<HomePage> {
  const now = new Date();
  const admin = isAdmin(user.userType);
  const agent = isAgent(user.userType);
  const [a, c, batches, recent] = await Promise.all([
    keptUntilChanged('accounts', accounts(), now, () => accountPart(now)),
    keptUntilChanged('amendments', amendments(), now, () => contractPart(now)),
    admin ? batchPart() : Promise.resolve(undefined),
    agent ? Promise.resolve(undefined) : recentPart(user.objectId),
  ]);
  return {
    today: now.toISOString().slice(0, 10),
    accountQueues: a.queues.map((q) => ({ ...q, rows: q.rows.map((r) => visibleToUser('account', user.userType, r)) })),
    contractQueues: c.queues,
    ...(batches ? { batches } : {}),
    ...(recent ? { recentlyChanged: recent } : {}),
    charts: {
      accountsByStatus: a.accountsByStatus,
      rcesByStatus: a.rcesByStatus,
      rcesEndingByMonth: a.rcesEndingByMonth,
      amendmentsSignedByMonth: c.amendmentsSignedByMonth,
      ...(batches ? { exceptionsByBatch: { labels: batches.map((b) => `${b.kind === 'upload' ? 'Upload' : 'Update'} ${b.batchId}`), values: batches.map((b) => b.openExceptions) } } : {}),
    },
  };
}
