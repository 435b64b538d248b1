import { ACCOUNT_DEFAULT_SORT } from '@eb/shared/account/list-keys';
import { rceOf, type AccountListFilter } from '@eb/shared/account/schemas';
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
import { accountQuery, accounts, toRow as toAccountRow, type AccountListRow } from '../account/service';
import { amendmentQuery, amendments, toRow as toAmendmentRow } from '../amendment/service';
import type { TallyCell, TallyDecl } from '../lib/list/tally';
import { listChangeLogsOfActor } from '../lib/change-log';
import { rowStore } from '../upload/service';

/**
 * GET home/Get (issue 31, docs/home.md): the work queues and charts of the home page in one answer.
 * Every queue is the filter Accounts Search or Contracts Search builds from the queue's URL query
 * (HOME_QUEUE_SEARCH), run as the same list query (accountQuery, amendmentQuery: the hints and
 * the predicate), so its count is the search's total and its rows the search's first
 * page (its default sort). Queries with hints read only their candidates (an equality index, a
 * date range); the charts are tallies the list engine keeps up to date with every change
 * (ListEngine.tally), so no call passes over every row.
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
/** The tally declaration of a list's rows (the list by its accessor). */
type TallyOf<L extends () => { tallyLoaded: (name: string, decl: never) => unknown }> = Parameters<ReturnType<L>['tallyLoaded']>[1];
const round2 = (n: number) => Math.round(n * 100) / 100;
/** A chart's series: the labels' sums (0 for a label with none). */
const seriesOf = (labels: string[], cells: Map<string, TallyCell>, pick: (c: TallyCell) => number) => ({ labels, values: labels.map((l) => round2(cells.has(l) ? pick(cells.get(l)!) : 0)) });

/** The account charts' tallies (the RCE reads the territory's commodity: recounted when a territory changes). */
const rce = (r: AccountListRow) => rceOf(r.annualUsage, r.unitOfMeasure, r.commodity) ?? 0;
const BY_STATUS: TallyDecl<AccountListRow> = { joins: ['territoryRef'], of: (r, add) => add(r.accountStatus || '(none)', rce(r)) };
const ENDING_BY_MONTH: TallyDecl<AccountListRow> = { joins: ['territoryRef'], of: (r, add) => r.accountEndDate !== null && add(r.accountEndDate.slice(0, 7), rce(r)) };
/** Amendments signed per month: the agreement date of an amendment past its signature. */
const SIGNED_STATUSES = new Set(['Signed', 'Active', 'Expired']);
const SIGNED_BY_MONTH: TallyOf<typeof amendments> = { of: (r, add) => r.agreementDate !== null && SIGNED_STATUSES.has(r.contractStatus) && add(r.agreementDate.slice(0, 7), 1) };

async function accountPart(now: Date) {
  const list = accounts();
  await list.refresh();
  const pages = ACCOUNT_QUEUE_FILTERS.map(([, f]) =>
    list.queryLoaded({
      ...accountQuery(f),
      limit: HOME_QUEUE_ROWS,
      getTotalCount: true,
      // Accounts Search's sort for a renewals link: the soonest end first
      orderBy: f.renewalWithinDays ? orderByOf('accountEndDate', 'Ascending') : orderByOf(ACCOUNT_DEFAULT_SORT.field, ACCOUNT_DEFAULT_SORT.direction),
    }),
  );
  const byStatus = list.tallyLoaded('home:byStatus', BY_STATUS);
  const statuses = [...byStatus.keys()].sort((a, b) => byStatus.get(b)!.count - byStatus.get(a)!.count || (a < b ? -1 : 1));
  const queues: HomeQueue<ReturnType<typeof toAccountRow>>[] = ACCOUNT_QUEUE_FILTERS.map(([id], i) => ({
    id,
    count: pages[i]!.totalCount,
    rows: pages[i]!.data.map(toAccountRow),
    search: HOME_QUEUE_SEARCH[id],
  }));
  return {
    queues,
    accountsByStatus: seriesOf(statuses, byStatus, (c) => c.count),
    rcesByStatus: seriesOf(statuses, byStatus, (c) => c.sum),
    rcesEndingByMonth: seriesOf(months(now, HOME_ENDING_MONTHS), list.tallyLoaded('home:endingByMonth', ENDING_BY_MONTH), (c) => c.sum),
  };
}

async function contractPart(now: Date) {
  const list = amendments();
  await list.refresh();
  const pages = CONTRACT_QUEUE_FILTERS.map(([, f]) =>
    list.queryLoaded({
      ...amendmentQuery(f),
      limit: HOME_QUEUE_ROWS,
      getTotalCount: true,
      orderBy: orderByOf(CONTRACT_DEFAULT_SORT.field, CONTRACT_DEFAULT_SORT.direction),
    }),
  );
  const signedMonths = months(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (HOME_SIGNED_MONTHS - 1), 1)), HOME_SIGNED_MONTHS);
  return {
    queues: CONTRACT_QUEUE_FILTERS.map(([id], i) => ({ id, count: pages[i]!.totalCount, rows: pages[i]!.data.map(toAmendmentRow), search: HOME_QUEUE_SEARCH[id] })),
    amendmentsSignedByMonth: seriesOf(signedMonths, list.tallyLoaded('home:signedByMonth', SIGNED_BY_MONTH), (c) => c.count),
  };
}

/** Open exceptions per batch of either pipeline's rows (a tally: key = the batch's id, row type and date). */
const EXCEPTIONS_BY_BATCH: TallyOf<() => ReturnType<ReturnType<typeof rowStore>['rows']>> = { of: (r, add) => r.rowState === 'withExceptions' && add(JSON.stringify([r.batchId, r.rowType, r.date]), 1) };

/** Batches of either pipeline with rows still holding exceptions, newest first (admins). */
async function batchPart(): Promise<HomeBatch[]> {
  // both lists refreshed at once (their counters read with the other lists' in one request)
  const kinds = ['upload', 'update'] as const;
  const tallies = await Promise.all(kinds.map((kind) => rowStore(kind).rows().tally('home:exceptionsByBatch', EXCEPTIONS_BY_BATCH)));
  const out = kinds.flatMap((kind, i) =>
    [...tallies[i]!]
      .map(([key, c]): HomeBatch => {
        const [batchId, rowType, date] = JSON.parse(key) as [number, string, string];
        return { kind, batchId, rowType, date, openExceptions: c.count };
      })
      .sort((a, b) => b.batchId - a.batchId)
      .slice(0, HOME_BATCHES),
  );
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
 * An amendment among the recent changes named as its record tab names it (its contract and
 * number), from the amendments list as contractPart brought it up to date in the same call.
 */
function namedAmendments(recent: HomeRecent[]): HomeRecent[] {
  const ids = recent.filter((r) => r.entity === 'contract').map((r) => r.objectId);
  if (ids.length === 0) return recent;
  const rows = new Map(amendments().rowsOfLoaded(ids).map((r) => [r.objectId, r]));
  return recent.map((r) => {
    const row = r.entity === 'contract' ? rows.get(r.objectId) : undefined;
    return row ? { ...r, contractId: row.contractId, amendmentNumber: row.amendmentNumber } : r;
  });
}

export async function homePage(user: { objectId: number; userType?: UserType }): Promise<HomePage> {
  const now = new Date();
  const admin = isAdmin(user.userType);
  const agent = isAgent(user.userType);
  const [a, c, batches, recent] = await Promise.all([
    accountPart(now),
    contractPart(now),
    admin ? batchPart() : Promise.resolve(undefined),
    agent ? Promise.resolve(undefined) : recentPart(user.objectId),
  ]);
  return {
    today: now.toISOString().slice(0, 10),
    accountQueues: a.queues.map((q) => ({ ...q, rows: q.rows.map((r) => visibleToUser('account', user.userType, r)) })),
    contractQueues: c.queues,
    ...(batches ? { batches } : {}),
    ...(recent ? { recentlyChanged: namedAmendments(recent) } : {}),
    charts: {
      accountsByStatus: a.accountsByStatus,
      rcesByStatus: a.rcesByStatus,
      rcesEndingByMonth: a.rcesEndingByMonth,
      amendmentsSignedByMonth: c.amendmentsSignedByMonth,
      ...(batches ? { exceptionsByBatch: { labels: batches.map((b) => `${b.kind === 'upload' ? 'Upload' : 'Update'} ${b.batchId}`), values: batches.map((b) => b.openExceptions) } } : {}),
    },
  };
}
