import {
  ACCOUNT_DEFAULT_SORT,
  ACCOUNT_SORT_KEYS,
  AMENDMENT_ACCOUNT_DEFAULT_SORT,
  AMENDMENT_ACCOUNT_SORT_KEYS,
  type AmendmentAccountSortKey,
} from '@eb/shared/account/list-keys';
import {
  ACCOUNT_FIELDS,
  accountDefaults,
  accountFieldsSchema,
  accountUnitCascade,
  accountAnnualUsage,
  accountTotals,
  accountUniqueId,
  accountUsageUnit,
  rceOf,
  uploadRateOf,
  type Account,
  type AccountCreateInput,
  type AccountField,
  type AccountListFilter,
  type AccountRow,
  type AccountRces,
  type AccountUpdateInput,
} from '@eb/shared/account/schemas';
import type { ObjectRef } from '@eb/shared/child-records';
import { ACCOUNT_PAGE_SIZE, AMENDMENT_ACCOUNTS_PAGE_SIZE, MAX_RECORD_COUNT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { SortFieldError, orderByOf, parseOrderBy, type PagedResult } from '@eb/shared/paging';
import { toTransferDate } from '@eb/shared/formats';
import { amendmentDef, amendmentListSpec } from '../amendment/service';
import { listChangeLogs, type Actor, type ChangeLogEntry } from '../lib/change-log';
import { nextId, type TransactItem } from '../lib/db';
import { sharedRead } from '../lib/bulk-scope';
import { createEntity, deleteEntity, requireEntity, updateEntity, type EntityDef, type Stored } from '../lib/entity';
import { AppError, BadRequestError, ConflictError } from '../lib/errors';
import { listEngine, pageParams, type ListQuery, type ListSpec } from '../lib/list-engine';
import { inPeriod, matchesText } from '../lib/list/filters';
import { requireMasterContract } from '../master-contract/service';
import { territoryDef, territoryListSpec, toTerritory } from '../reference/service';
import { agentDef, agentListSpec } from '../agent/service';
import { ldcFormatBlock, termsOverlap, type LdcFormat } from '@eb/shared/account/ldc-formats';
import { accountStatusRefusal } from '@eb/shared/account/status-rules';
import { volumeLogChanges } from '@eb/shared/account/volume';
import { ldcEnrollment, ldcRelease } from './ldc-markers';
import { columnFilterChecks, columnFilterHints, joinedColumnsOf, listColumnsVersion, ownRowOf, rowCellsOf, type ListJoinedRowOf, type ListOwnRowOf } from '@eb/shared/list-columns';
import { ACCOUNT_LIST_COLUMNS } from '@eb/shared/account/list-columns';

/**
 * Utility accounts (spec 2 "Accounts Search", "Account Detail", section 3 "Account"): versioned
 * entities (type 'account', key ACCOUNT#objectId) with their change log, listed by the list engine.
 * An account references its amendment (contractRef), that amendment's master contract
 * (masterContractRef: an amendment never moves to another contract, so it is stored), its territory
 * (territoryRef) and optionally an agent (agentRef), by objectId; the list joins the amendment's
 * current numbers, ticket, legacy id, type and legal name, the contract id and the territory code.
 * The server fills the defaults of spec 2 sections 4 and 5 (accountDefaults) and derives the upload
 * rate from the contract rate and the territory's tax rate.
 */
type AccountRecord = Omit<Record<AccountField, unknown>, 'territory' | 'agent'> & {
  objectId: number;
  contractRef: number;
  masterContractRef: number;
  territoryRef: number;
  agentRef: number | null;
  uploadRate: number | null;
  enteredBy: string | null;
  enteredOn: string | null;
};

const STORED_FIELDS = [
  ...ACCOUNT_FIELDS.map((f) => (f === 'territory' ? 'territoryRef' : f === 'agent' ? 'agentRef' : f)),
  'uploadRate',
  // set once at create
  'contractRef',
  'masterContractRef',
  'enteredBy',
  'enteredOn',
] as (keyof AccountRecord & string)[];

export const accountDef: EntityDef<AccountRecord> = {
  type: 'account',
  key: (id: number) => ({ pk: `ACCOUNT#${id}`, sk: 'ACCOUNT' }),
  idCounter: 'account',
  fields: STORED_FIELDS,
  label: (a) => String(a.ldcAccountNum ?? a.objectId),
  // a volume change is logged as the months (and block fields) that changed (issue 28)
  logParts: { accountVolume: volumeLogChanges },
};

const textOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
const refOf = (v: unknown): ObjectRef | null => (v === undefined || v === null ? null : { objectId: Number(v) });

// ---- the list -------------------------------------------------------------------------------------

/** An account as the list engine keeps it: its own declared columns (ACCOUNT_LIST_COLUMNS), the references and the fields beyond the grid. */
type AccountOwnRow = Omit<AccountRow, 'contract' | 'masterContract' | 'commodity' | keyof ListJoinedRowOf<typeof ACCOUNT_LIST_COLUMNS>> & {
  contractRef: number;
  masterContractRef: number;
  territoryRef: number;
  contractStartDate: string | null;
  annualUsage: number | null;
  unitOfMeasure: string | null;
  // for the P2C report (report/p2c.ts): pricing, commission and the agent
  agentRef: number | null;
  contractRate: number | null;
  uploadRate: number | null;
  indexAdder: number | null;
  priceAdder: number | null;
  commissionPlan: string | null;
  commissionMasterUnit: number | null;
  commissionUnitNum: number | null;
  commissionSubAgentUnit: number | null;
};
/** A list row: its own columns and the joined ones (the declared ones, and those other screens and reports read). */
export type AccountListRow = AccountOwnRow & ListJoinedRowOf<typeof ACCOUNT_LIST_COLUMNS> & {
  amendmentType: string | null;
  commodity: string | null;
  contractStatus: string | null;
  amendmentStartDate: string | null;
  amendmentEndDate: string | null;
  agentName: string | null;
};

function toOwnRow(s: Record<string, unknown>): AccountOwnRow {
  return {
    // the declared own columns (ACCOUNT_LIST_COLUMNS), then the fields beyond the grid
    ...(ownRowOf(ACCOUNT_LIST_COLUMNS, s) as ListOwnRowOf<typeof ACCOUNT_LIST_COLUMNS>),
    contractRef: Number(s.contractRef),
    masterContractRef: Number(s.masterContractRef),
    territoryRef: Number(s.territoryRef ?? 0),
    contractStartDate: textOrNull(s.contractStartDate),
    // the typed annual usage, else the volumes' latest full year (issue 28)
    annualUsage: accountAnnualUsage(s),
    unitOfMeasure: accountUsageUnit(s),
    agentRef: numberOrNull(s.agentRef),
    contractRate: numberOrNull(s.contractRate),
    uploadRate: numberOrNull(s.uploadRate),
    indexAdder: numberOrNull(s.indexAdder),
    priceAdder: numberOrNull(s.priceAdder),
    commissionPlan: textOrNull(s.commissionPlan),
    commissionMasterUnit: numberOrNull(s.commissionMasterUnit),
    commissionUnitNum: numberOrNull(s.commissionUnitNum),
    commissionSubAgentUnit: numberOrNull(s.commissionSubAgentUnit),
    dropDate: textOrNull(s.dropDate),
    statusDate: textOrNull(s.statusDate),
    version: Number(s.version ?? 1),
  };
}

export const accountListSpec: ListSpec<AccountListRow, AccountOwnRow> = {
  type: accountDef.type,
  // 2: the annual usage and unit come from accountAnnualUsage / accountUsageUnit (the volumes count); with the declared columns
  version: listColumnsVersion(ACCOUNT_LIST_COLUMNS, 2),
  project: toOwnRow,
  id: (r) => r.objectId,
  searchText: (r) => [r.objectId, r.ldcAccountNumber, r.prevAccountNum, r.accountName].filter((v) => v !== null && v !== '').join(' ').toLowerCase(),
  // the spec's account sort keys, and those the amendment's Accounts section adds (AMENDMENT_ACCOUNT_SORT_KEYS)
  sortKeys: { ...ACCOUNT_SORT_KEYS, objectId: 'objectId', serviceType: 'commodity', statusDate: 'statusDate' },
  joins: [
    {
      on: 'contractRef',
      list: () => amendmentListSpec as never,
      // the declared columns joined from the amendment, and those the other screens and reports read
      columns: {
        ...joinedColumnsOf(ACCOUNT_LIST_COLUMNS, 'contractRef'),
        amendmentType: 'type',
        contractStatus: 'contractStatus',
        amendmentStartDate: 'startDate',
        amendmentEndDate: 'endDate',
      },
      search: true,
    },
    { on: 'agentRef', list: () => agentListSpec as never, columns: { agentName: 'code' } },
    { on: 'territoryRef', list: () => territoryListSpec as never, columns: { ...joinedColumnsOf(ACCOUNT_LIST_COLUMNS, 'territoryRef'), commodity: 'commodity' } },
  ],
  defaultSort: ACCOUNT_DEFAULT_SORT,
};
export const accounts = () => listEngine(accountListSpec);
/** Every stored account's row (the LDC markers' first registration reads them). */
export const storedAccounts = () => accounts().all({}, Number.MAX_SAFE_INTEGER);

export function toRow(r: AccountListRow): AccountRow {
  return rowCellsOf(ACCOUNT_LIST_COLUMNS, r, {
    contract: { objectId: r.contractRef },
    masterContract: { objectId: r.masterContractRef },
    dropDate: r.dropDate,
    statusDate: r.statusDate,
    commodity: r.commodity ?? null,
    version: r.version,
  }) as AccountRow;
}

/**
 * The row checks an account filter leaves after its hints (accountQueryHints: the amendment, the
 * declared filters' equalities and date periods, the renewal window and the status age, which the
 * list engine answers itself); undefined when none is left.
 */
function accountFilterPredicate(f: AccountListFilter): ((r: AccountListRow) => boolean) | undefined {
  const any = f.fullTextSearch === true;
  const refs = f.accountRefs ? new Set(f.accountRefs.map((r) => r.objectId)) : undefined;
  const checks: ((r: AccountListRow) => boolean)[] = [];
  if (refs) checks.push((r) => refs.has(r.objectId));
  // the declared columns' filters (ACCOUNT_LIST_COLUMNS)
  checks.push(...columnFilterChecks<AccountListRow>(ACCOUNT_LIST_COLUMNS, f, any, { text: matchesText, period: inPeriod }, true));
  if (f.amendmentType) checks.push((r) => r.amendmentType === f.amendmentType);
  if (f.dropDatePeriod) checks.push((r) => inPeriod(r.dropDate, f.dropDatePeriod));
  if (f.accountEndDatePeriod) checks.push((r) => inPeriod(r.accountEndDate, f.accountEndDatePeriod));
  if (checks.length === 1) return checks[0];
  return checks.length ? (r) => checks.every((c) => c(r)) : undefined;
}

/** The days of a renewal window: an end date from today to `days` days from now, both included. */
function renewalWindow(days: number): { from: string; to: string } {
  const now = Date.now();
  return { from: new Date(now).toISOString().slice(0, 10), to: new Date(now + days * 86_400_000).toISOString().slice(0, 10) };
}

/** The days of a status older than `days` days: a status date up to the day before `days` days ago. */
function statusOlderThan(days: number): { to: string } {
  return { to: new Date(Date.now() - (days + 1) * 86_400_000).toISOString().slice(0, 10) };
}

/**
 * What lets the list engine answer the filter from its indexes (ListQuery.equals, .range), each an
 * exact condition the predicate then leaves out (accountFilterPredicate): the
 * amendment's accounts and the declared filters' equalities, the declared date periods, the
 * renewal window and the status age by a binary search over the date's order.
 */
export function accountQueryHints(f: AccountListFilter): Pick<ListQuery<AccountListRow>, 'equals' | 'range'> {
  const { equals, ranges } = columnFilterHints(ACCOUNT_LIST_COLUMNS, f);
  if (f.amendmentId !== undefined) equals.unshift({ column: 'contractRef', value: f.amendmentId });
  if (f.renewalWithinDays !== undefined) ranges.unshift({ column: 'accountEndDate', ...renewalWindow(f.renewalWithinDays) });
  if (f.statusOlderThanDays !== undefined) ranges.push({ column: 'statusDate', ...statusOlderThan(f.statusOlderThanDays) });
  return { ...(equals.length ? { equals } : {}), ...(ranges.length ? { range: ranges } : {}) };
}

/** The list engine's query of an account filter: its hints and the checks they leave (every account query goes through it). */
export function accountQuery(f: AccountListFilter): Pick<ListQuery<AccountListRow>, 'filter' | 'keyword' | 'fullText' | 'equals' | 'range'> {
  return { keyword: f.keyword, fullText: f.fullTextSearch, filter: accountFilterPredicate(f), ...accountQueryHints(f) };
}

/** POST account/GetList: the filter (AND), the keyword, sort (default the account id descending), page, exact total. */
export async function listAccounts(filter: AccountListFilter, query: Record<string, string | undefined>): Promise<PagedResult<AccountRow>> {
  const page = pageParams({ ...query, limit: query.limit ?? String(ACCOUNT_PAGE_SIZE) });
  const result = await accounts().query({
    ...page,
    orderBy: page.orderBy ?? orderByOf(ACCOUNT_DEFAULT_SORT.field, ACCOUNT_DEFAULT_SORT.direction),
    ...accountQuery(filter),
  });
  return { data: result.data.map(toRow), totalCount: result.totalCount };
}

/**
 * GET contract/GetAccounts?id&limit&skip&orderBy&getTotalCount: the amendment's Accounts section
 * (spec 2), sorted by the section's keys (AMENDMENT_ACCOUNT_SORT_KEYS, default the name ascending;
 * another key answers 400), 10 a page unless asked. 404 for an unknown amendment.
 */
export async function amendmentAccounts(amendmentId: number, query: Record<string, string | undefined>): Promise<PagedResult<AccountRow>> {
  await requireEntity(amendmentDef, amendmentId);
  let sort;
  try {
    sort = parseOrderBy(query.orderBy, Object.keys(AMENDMENT_ACCOUNT_SORT_KEYS) as AmendmentAccountSortKey[], AMENDMENT_ACCOUNT_DEFAULT_SORT);
  } catch (e) {
    if (e instanceof SortFieldError) throw new BadRequestError(e.message, { orderBy: e.fieldMessage });
    throw e;
  }
  return listAccounts(
    { amendmentId },
    { ...query, limit: query.limit ?? String(AMENDMENT_ACCOUNTS_PAGE_SIZE), orderBy: orderByOf(AMENDMENT_ACCOUNT_SORT_KEYS[sort.field], sort.direction) },
  );
}

/** The ids of every row of a filter in the given order (Export all). */
export function accountIds(filter: AccountListFilter, orderBy?: string): Promise<number[]> {
  return accounts().idsOf({
    orderBy: orderBy ?? orderByOf(ACCOUNT_DEFAULT_SORT.field, ACCOUNT_DEFAULT_SORT.direction),
    ...accountQuery(filter),
  });
}

/** The list rows of these accounts, in the order given. */
export async function accountRowsOf(ids: readonly number[]): Promise<AccountRow[]> {
  return (await accounts().rowsOf(ids)).map(toRow);
}

/** Every row of a filter in the given order, up to MAX_RECORD_COUNT (Export). */
export async function allAccounts(filter: AccountListFilter, orderBy?: string): Promise<AccountRow[]> {
  return (await listAccounts(filter, { limit: String(MAX_RECORD_COUNT), orderBy, getTotalCount: 'false' })).data;
}

// ---- one account ---------------------------------------------------------------------------------

/** The territory of an account (400 with the field text unless it exists) and its tax rate. */
async function territoryOf(objectId: number) {
  try {
    // read once per chunk of an import (lib/bulk-scope.ts)
    return toTerritory(await sharedRead(`territory#${objectId}`, () => requireEntity(territoryDef, objectId)));
  } catch {
    throw new AppError(400, MSG.invalidInput, { territory: MSG.invalidInput });
  }
}

type AccountJoined = Pick<Account, 'contractId' | 'amendmentNumber' | 'referenceAmendment' | 'amendmentStatus' | 'territoryCode' | 'commodity' | 'distributor' | 'agentObject'>;
function toAccount(stored: Stored<AccountRecord>, joined: AccountJoined): Account {
  const a = stored as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const f of ACCOUNT_FIELDS) {
    if (f === 'territory') fields[f] = refOf(a.territoryRef);
    else if (f === 'agent') fields[f] = refOf(a.agentRef);
    else fields[f] = a[f] === undefined ? null : a[f];
  }
  const start = textOrNull(a.contractStartDate);
  const end = textOrNull(a.contractEndDate);
  return {
    ...(fields as unknown as Account),
    objectId: Number(a.objectId),
    version: Number(a.version ?? 1),
    contract: { objectId: Number(a.contractRef) },
    masterContract: { objectId: Number(a.masterContractRef) },
    ...joined,
    ...accountTotals(a),
    uniqueId: accountUniqueId(joined.territoryCode, a.ldcAccountNum),
    uploadRate: numberOrNull(a.uploadRate),
    rce: rceOf(accountAnnualUsage(a), accountUsageUnit(a), joined.commodity),
    contractLengthDays: start && end ? Math.round((Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`)) / 86_400_000) + 1 : null,
    enteredBy: textOrNull(a.enteredBy),
    enteredOn: textOrNull(a.enteredOn),
  };
}

/** GET account/Get?id: the account with its contract id, amendment numbers and status, territory code and commodity. */
export async function getAccount(objectId: number): Promise<Account> {
  const stored = await requireEntity(accountDef, objectId);
  const [amendment, master, territory, agent] = await Promise.all([
    requireEntity(amendmentDef, stored.contractRef).catch(() => null),
    requireMasterContract(stored.masterContractRef).catch(() => null),
    requireEntity(territoryDef, stored.territoryRef).then(toTerritory).catch(() => null),
    stored.agentRef ? requireEntity(agentDef, stored.agentRef).catch(() => null) : null,
  ]);
  const agentItem = agent as unknown as Record<string, unknown> | null;
  return toAccount(stored, {
    contractId: master?.contractId ?? null,
    amendmentNumber: numberOrNull(amendment?.amendmentNumber),
    referenceAmendment: numberOrNull(amendment?.referenceAmendment),
    amendmentStatus: textOrNull((amendment as { contractStatus?: unknown } | null)?.contractStatus),
    territoryCode: territory?.code ?? null,
    commodity: territory?.commodity ?? null,
    distributor: territory?.name || null,
    agentObject: agentItem ? { objectId: Number(agentItem.objectId), code: String(agentItem.code ?? ''), master: textOrNull(agentItem.master), subagent: textOrNull(agentItem.subagent) } : null,
  });
}

/**
 * The enrollment checks (issue 9): the LDC account number fits its territory's format when
 * that format blocks (a territory's data, issue 28; a warning is the form's), and no other account with the same number has a term overlapping this one's
 * ('Overlapping dates on base accounts'); both answer 400 with the text on ldcAccountNum. The other
 * accounts' terms come from the number's marker (ldc-markers.ts); the answer is the marker writes
 * for the account's own transaction.
 */
async function checkEnrollment(fields: Record<string, unknown>, territory: LdcFormat, accountId: number, before?: string | null): Promise<TransactItem[]> {
  const ldc = String(fields.ldcAccountNum ?? '');
  const format = ldcFormatBlock(territory, ldc);
  if (format) throw new BadRequestError(format, { ldcAccountNum: format });
  const term = [textOrNull(fields.contractStartDate), textOrNull(fields.contractEndDate)] as const;
  const { others, writes } = await ldcEnrollment(storedAccounts, accountId, ldc, term, before);
  if (others.some((o) => termsOverlap(term, o))) {
    throw new BadRequestError(MSG.overlappingBaseAccounts, { ldcAccountNum: MSG.overlappingBaseAccounts });
  }
  return writes;
}

/** The stored fields of a body (defaults filled, checked again), with the upload rate of its territory. */
async function storedFields(input: Record<string, unknown>, isNew: boolean, accountId: number, before?: string | null): Promise<{ fields: Partial<AccountRecord>; markers: TransactItem[] }> {
  const filled = accountFieldsSchema.safeParse(accountDefaults(input, isNew, toTransferDate(new Date()).slice(0, 10) + 'T00:00:00'));
  if (!filled.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of filled.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new BadRequestError(MSG.invalidInput, fieldErrors);
  }
  const fields = filled.data as Record<string, unknown>;
  const territory = await territoryOf((fields.territory as ObjectRef).objectId);
  const markers = await checkEnrollment(fields, territory, accountId, before);
  const out: Record<string, unknown> = {};
  for (const f of ACCOUNT_FIELDS) {
    if (f === 'territory') out.territoryRef = territory.objectId;
    else if (f === 'agent') out.agentRef = (fields.agent as ObjectRef | null)?.objectId ?? null;
    else out[f] = fields[f] ?? null;
  }
  out.uploadRate = uploadRateOf(fields.contractRate as number | null, territory.taxRate);
  return { fields: out as Partial<AccountRecord>, markers };
}

/** POST account/Create: a new account of an existing amendment. */
export async function createAccount(input: AccountCreateInput & Record<string, unknown>, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<Account> {
  return getAccount(await createAccountRecord(input, actor, opts));
}

/** The write of createAccount, answering the new objectId (an import reserves the ids of a chunk in one range: `objectId`). */
export async function createAccountRecord(input: AccountCreateInput & Record<string, unknown>, actor: Actor, opts: { extra?: TransactItem[]; source?: string; objectId?: number } = {}): Promise<number> {
  let amendment;
  try {
    amendment = await sharedRead(`contract#${input.contract.objectId}`, () => requireEntity(amendmentDef, input.contract.objectId));
  } catch {
    throw new AppError(404, MSG.notFound, { contract: MSG.notFound });
  }
  const { contract: _c, ...fields } = input;
  const objectId = opts.objectId ?? (await nextId(accountDef.idCounter));
  const { fields: stored0, markers } = await storedFields(fields, true, objectId);
  const stored = await createEntity(
    accountDef,
    {
      ...(stored0 as Omit<AccountRecord, 'objectId'>),
      contractRef: amendment.objectId,
      masterContractRef: Number(amendment.masterContractRef),
      enteredBy: actor.name,
      enteredOn: toTransferDate(new Date()),
    },
    { actor, extra: [...markers, ...(opts.extra ?? [])], ...(opts.source ? { source: opts.source } : {}) },
    { objectId },
  );
  return stored.objectId;
}

/** PUT account/Update?id: the fields, if `version` is still the stored one (409 otherwise). */
export async function updateAccount(objectId: number, input: AccountUpdateInput & Record<string, unknown>, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<Account> {
  // a new status on Account Detail: the statuses its amendment's state allows, as in the grid (400 on accountStatus)
  const current = await requireEntity(accountDef, objectId);
  if (input.accountStatus !== undefined && input.accountStatus !== current.accountStatus) {
    const refusal = await statusRefusal(Number(current.contractRef), current.accountStatus as string | null, String(input.accountStatus));
    if (refusal) throw new BadRequestError(refusal, { accountStatus: refusal });
  }
  await updateAccountRecord(objectId, input, actor, opts);
  return getAccount(objectId);
}

/** The write of updateAccount (an import does not read the account back). */
export async function updateAccountRecord(objectId: number, input: AccountUpdateInput & Record<string, unknown>, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<void> {
  const current = await requireEntity(accountDef, objectId);
  if (current.version !== input.version) throw new ConflictError();
  const { version, ...fields } = input;
  const stored = await storedFields(fields, false, objectId, (current as unknown as { ldcAccountNum?: string | null }).ldcAccountNum);
  await updateEntity(accountDef, objectId, version, stored.fields, { actor, extra: [...stored.markers, ...(opts.extra ?? [])], ...(opts.source ? { source: opts.source } : {}) }, current);
}

/** Why an account of this amendment may not go from `current` to `next` (shared/src/account/status-rules.ts), or null. */
async function statusRefusal(amendmentId: number, current: string | null, next: string): Promise<string | null> {
  if (next === current) return null;
  const amendment = await requireEntity(amendmentDef, amendmentId);
  return accountStatusRefusal((amendment as unknown as { contractStatus?: string | null }).contractStatus, current, next);
}

/** PUT account/SetAccountStatus?accountId&status: the status alone (the amendment's accounts grid). */
export async function setAccountStatus(objectId: number, status: string, actor: Actor): Promise<AccountRow> {
  const current = await requireEntity(accountDef, objectId);
  const refusal = await statusRefusal(Number(current.contractRef), current.accountStatus as string | null, status);
  if (refusal) throw new BadRequestError(refusal, { status: refusal });
  await updateEntity(accountDef, objectId, current.version, { accountStatus: status, statusDate: toTransferDate(new Date()).slice(0, 10) + 'T00:00:00' } as Partial<AccountRecord>, { actor });
  return (await listAccounts({ accountRefs: [{ objectId }] }, { limit: '1' })).data[0]!;
}

/** DELETE account/Delete?id[&version]. */
export async function deleteAccount(objectId: number, version: number | undefined, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<void> {
  const current = await requireEntity(accountDef, objectId);
  const ldc = (current as unknown as { ldcAccountNum?: string | null }).ldcAccountNum;
  await deleteEntity(accountDef, objectId, version, { actor, extra: [...(ldc ? await ldcRelease(objectId, ldc) : []), ...(opts.extra ?? [])], ...(opts.source ? { source: opts.source } : {}) }, current);
}

/** GET account/ChangeLogs?accountId: the account's log, newest first. */
export async function accountChangeLogs(objectId: number): Promise<ChangeLogEntry[]> {
  await requireEntity(accountDef, objectId);
  return listChangeLogs({ entity: 'account', id: objectId });
}


/** GET account/GetRCEs?accountId: the account's residential customer equivalents (rceOf). */
export async function accountRces(objectId: number): Promise<AccountRces> {
  const account = await getAccount(objectId);
  return { rce: account.rce, commodity: account.commodity };
}


/**
 * An amendment's RCE totals (spec 2 "Amendment": electricityVolume, gasVolume, totalVolume): the
 * sums of its accounts' residential customer equivalents by their territory's commodity.
 */
export async function amendmentRceTotals(amendmentId: number): Promise<{ electricityVolume: number; gasVolume: number; totalVolume: number }> {
  let electric = 0;
  let gas = 0;
  for (const r of await accounts().all(accountQuery({ amendmentId }), Number.MAX_SAFE_INTEGER)) {
    const rce = rceOf(r.annualUsage, r.unitOfMeasure, r.commodity) ?? 0;
    if (r.commodity === 'Gas') gas += rce;
    else electric += rce;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { electricityVolume: round(electric), gasVolume: round(gas), totalVolume: round(electric + gas) };
}

/**
 * An amendment's new unit on each of its accounts (spec 2 section 9, accountUnitCascade): a
 * versioned update with its change-log entry per account that changes. Returns how many changed.
 */
export async function cascadeAmendmentUnit(amendmentId: number, unit: string, actor: Actor): Promise<number> {
  const rows = await accounts().all(accountQuery({ amendmentId }), Number.MAX_SAFE_INTEGER);
  let changed = 0;
  for (const row of rows) {
    for (let attempt = 0; ; attempt++) {
      const current = await requireEntity(accountDef, row.objectId);
      const changes = accountUnitCascade(current as unknown as Record<string, unknown>, unit);
      if (!changes) break;
      try {
        await updateEntity(accountDef, row.objectId, current.version, changes as Partial<AccountRecord>, { actor });
        changed++;
        break;
      } catch (e) {
        // a concurrent edit of the account: read it again and apply the unit to that version
        if (!(e instanceof ConflictError) || attempt >= 3) throw e;
      }
    }
  }
  return changed;
}
