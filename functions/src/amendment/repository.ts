import {
  AMENDMENT_FIELDS,
  CONTRACT_DEFAULT_SORT,
  CONTRACT_SORT_KEYS,
  followUnit,
  type Amendment,
  type AmendmentCreateInput,
  type AmendmentField,
  type AmendmentRow,
  type AmendmentUpdateInput,
  type AmendmentValidation,
  type AmendmentListFilter,
  type LegacyId,
} from '@eb/shared/amendment/schemas';
import { termEndDate } from '@eb/shared/term-end-date';
import { CH_LAW_COUNTRY, CONTRACT_PAGE_SIZE, MAX_RECORD_COUNT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { VALIDATION_CLOSED_STATUSES } from '@eb/shared/home';
import { orderByOf, type PagedResult } from '@eb/shared/paging';
import { toTransferDate } from '@eb/shared/formats';
import type { ObjectRef } from '@eb/shared/child-records';
import { businessEntityById, businessEntityListSpec } from '../business-entity/service';
import { listChangeLogs, type Actor, type ChangeLogEntry } from '../lib/change-log';
import { keys, nextId, type TransactItem } from '../lib/db';
import { createEntity, deleteEntity, requireEntity, updateEntity, type EntityDef, type Stored } from '../lib/entity';
import { AppError, BadRequestError, ConflictError } from '../lib/errors';
import { listEngine, pageParams, type ListEquals, type ListNotIn, type ListQuery, type ListSpec } from '../lib/list-engine';
import { inPeriod, matchesText } from '../lib/list/filters';
import { masterContractCreation, masterContractListSpec, requireMasterContract } from '../master-contract/service';
import { bulkScope, sharedRead } from '../lib/bulk-scope';
import { contactListSpec, contactReferenceData, getContact } from '../contact/service';
import { CONTRACT_LIST_COLUMNS } from '@eb/shared/amendment/list-columns';
import { columnFilterChecks, columnFilterHints, joinedColumnsOf, listColumnsVersion, ownRowOf, rowCellsOf, type ListJoinedRowOf, type ListOwnRowOf } from '@eb/shared/list-columns';

/**
 * Amendments (spec 2 "Contracts Search", "Amendment Details", section 3 "Amendment"): versioned
 * entities (type 'contract', the spec's name for the resource; key CONTRACT#objectId) with their
 * change log, listed by the list engine. An amendment references its master contract, and
 * optionally a business entity and a primary contact, by objectId (masterContractRef,
 * businessEntityRef, primaryContactRef); the list joins their current contractId, legal name and
 * contact names (never copied, so a renamed entity shows at once). The server derives endDate,
 * keeps chLawCountry 'USA', records who entered it and when, and who ticked each validation flag
 * and when.
 */

/** The stored amendment: its form fields (references as objectIds) and what the server derives. */
type StoredFields = Omit<Record<AmendmentField, unknown>, 'businessEntity' | 'primaryContact'> & {
  businessEntityRef: number | null;
  primaryContactRef: number | null;
};
type AmendmentRecord = StoredFields & {
  objectId: number;
  masterContractRef: number;
  endDate: string | null;
  enteredBy: string | null;
  enteredOn: string | null;
  pricingValidated: boolean;
  pricingValidatedBy: string | null;
  pricingValidatedDate: string | null;
  operationsValidated: boolean;
  operationsValidatedBy: string | null;
  operationsValidatedDate: string | null;
};

/** The logged (and compared) stored fields, in the form's order, then the derived ones users see. */
const STORED_FIELDS = [
  ...AMENDMENT_FIELDS.map((f) => (f === 'businessEntity' ? 'businessEntityRef' : f === 'primaryContact' ? 'primaryContactRef' : f)),
  'endDate',
  'pricingValidated',
  'pricingValidatedBy',
  'pricingValidatedDate',
  'operationsValidated',
  'operationsValidatedBy',
  'operationsValidatedDate',
  // set once at create (never logged as a change)
  'masterContractRef',
  'enteredBy',
  'enteredOn',
] as (keyof AmendmentRecord & string)[];

export const amendmentDef: EntityDef<AmendmentRecord> = {
  type: 'contract',
  key: keys.contract,
  idCounter: 'contract',
  fields: STORED_FIELDS,
  // the amendment as users know it: its legacy id, else 'amendment n'
  label: (a) => (a.legacyId ? String(a.legacyId) : `amendment ${String(a.amendmentNumber)}`),
};

const textOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
const refOf = (v: unknown): ObjectRef | null => (v === undefined || v === null ? null : { objectId: Number(v) });

// ---- the list -------------------------------------------------------------------------------------

/** An amendment as the list engine keeps it (its own columns: the row's, references as objectIds). */
type AmendmentOwnRow = Omit<AmendmentRow, 'masterContract' | keyof ListJoinedRowOf<typeof CONTRACT_LIST_COLUMNS> | 'businessEntity' | 'primaryContact' | 'primaryContactFirstName' | 'primaryContactLastName'> & {
  masterContractRef: number;
  businessEntityRef: number | null;
  primaryContactRef: number | null;
  /** the validation flags (the home page's validation queues) */
  pricingValidated: boolean;
  operationsValidated: boolean;
};
/** A list row: its own columns and the joined ones. */
export type AmendmentListRow = AmendmentOwnRow & ListJoinedRowOf<typeof CONTRACT_LIST_COLUMNS> & {
  primaryContactFirstName: string | null;
  primaryContactLastName: string | null;
};

function toOwnRow(stored: Record<string, unknown>): AmendmentOwnRow {
  return {
    // the declared own columns (CONTRACT_LIST_COLUMNS), then the references and the fields beyond the grid
    ...(ownRowOf(CONTRACT_LIST_COLUMNS, stored) as ListOwnRowOf<typeof CONTRACT_LIST_COLUMNS>),
    objectId: Number(stored.objectId),
    masterContractRef: Number(stored.masterContractRef),
    term: numberOrNull(stored.term),
    businessEntityRef: numberOrNull(stored.businessEntityRef),
    primaryContactRef: numberOrNull(stored.primaryContactRef),
    version: Number(stored.version ?? 1),
    pricingValidated: stored.pricingValidated === true,
    operationsValidated: stored.operationsValidated === true,
  };
}

/**
 * The contracts list: one row per amendment, with the master contract's contractId, the business
 * entity's legal name and the primary contact's names joined. The keyword's words each match the
 * amendment's own words (number, ticket, legacy id) or a joined record's (contract id, legal name,
 * contact names).
 */
export const amendmentListSpec: ListSpec<AmendmentListRow, AmendmentOwnRow> = {
  type: amendmentDef.type,
  // the declared columns are part of the snapshot's fingerprint
  version: listColumnsVersion(CONTRACT_LIST_COLUMNS),
  project: toOwnRow,
  id: (r) => r.objectId,
  searchText: (r) => [r.amendmentNumber, r.referenceAmendment, r.freshDescId, r.legacyId].filter((v) => v !== null && v !== '').join(' ').toLowerCase(),
  sortKeys: { ...CONTRACT_SORT_KEYS, objectId: 'objectId' },
  joins: [
    { on: 'masterContractRef', list: () => masterContractListSpec as never, columns: joinedColumnsOf(CONTRACT_LIST_COLUMNS, 'masterContractRef'), search: true },
    { on: 'businessEntityRef', list: () => businessEntityListSpec as never, columns: joinedColumnsOf(CONTRACT_LIST_COLUMNS, 'businessEntityRef'), search: true },
    {
      on: 'primaryContactRef',
      list: () => contactListSpec as never,
      columns: { primaryContactFirstName: 'firstName', primaryContactLastName: 'lastName' },
      search: true,
    },
  ],
  defaultSort: CONTRACT_DEFAULT_SORT,
};
export const amendments = () => listEngine(amendmentListSpec);

export function toRow(r: AmendmentListRow): AmendmentRow {
  return rowCellsOf(CONTRACT_LIST_COLUMNS, r, {
    objectId: r.objectId,
    masterContract: { objectId: r.masterContractRef },
    term: r.term,
    businessEntity: r.businessEntityRef === null ? null : { objectId: r.businessEntityRef },
    primaryContact: r.primaryContactRef === null ? null : { objectId: r.primaryContactRef },
    primaryContactFirstName: r.primaryContactFirstName ?? null,
    primaryContactLastName: r.primaryContactLastName ?? null,
    version: r.version,
  }) as AmendmentRow;
}

/**
 * The row checks a contract filter leaves after amendmentQuery's hints (the declared filters'
 * equalities and date periods, which the list engine answers itself); undefined when none is left.
 */
function amendmentFilterPredicate(f: AmendmentListFilter): ((r: AmendmentListRow) => boolean) | undefined {
  const any = f.fullTextSearch === true;
  const refs = f.contractRefs ? new Set(f.contractRefs.map((r) => r.objectId)) : undefined;
  const checks: ((r: AmendmentListRow) => boolean)[] = [];
  if (refs) checks.push((r) => refs.has(r.objectId));
  // the declared columns' filters (CONTRACT_LIST_COLUMNS); a contract id matches from its start unless asked exactly
  checks.push(...columnFilterChecks<AmendmentListRow>(CONTRACT_LIST_COLUMNS, f, any, { text: matchesText, period: inPeriod }, true));
  if (f.contractId !== undefined && f.isContractIdExactMatch) checks.push((r) => r.contractId === f.contractId);
  return checks.length ? (r) => checks.every((c) => c(r)) : undefined;
}

/**
 * A validation queue (awaitingValidation) as exact list hints: its flags, and a status not closed
 * (VALIDATION_CLOSED_STATUSES). Pricing waits while it is not validated; operations, once pricing is.
 */
const AWAITING_HINTS: Record<NonNullable<AmendmentListFilter['awaitingValidation']>, { equals: ListEquals[]; notIn: ListNotIn }> = {
  pricing: { equals: [{ column: 'pricingValidated', value: false }], notIn: { column: 'contractStatus', values: VALIDATION_CLOSED_STATUSES } },
  operations: {
    equals: [
      { column: 'operationsValidated', value: false },
      { column: 'pricingValidated', value: true },
    ],
    notIn: { column: 'contractStatus', values: VALIDATION_CLOSED_STATUSES },
  },
};

/**
 * The list engine's query of a contract filter: its keyword, its hints (the declared filters'
 * equalities and date periods, exact, as accountQuery's; a validation queue's) and the
 * predicate they leave (every amendment query goes through it).
 */
export function amendmentQuery(f: AmendmentListFilter): Pick<ListQuery<AmendmentListRow>, 'filter' | 'keyword' | 'fullText' | 'equals' | 'range' | 'notIn'> {
  const { equals, ranges } = columnFilterHints(CONTRACT_LIST_COLUMNS, f);
  const awaiting = f.awaitingValidation ? AWAITING_HINTS[f.awaitingValidation] : undefined;
  const all = [...equals, ...(awaiting?.equals ?? [])];
  return {
    keyword: f.searchText,
    fullText: f.fullTextSearch,
    filter: amendmentFilterPredicate(f),
    ...(all.length ? { equals: all } : {}),
    ...(ranges.length ? { range: ranges } : {}),
    ...(awaiting?.notIn ? { notIn: awaiting.notIn } : {}),
  };
}

/** POST contract/GetList: the filter (AND), the keyword (searchText), sort (default contractId Descending), page, exact total. */
export async function listAmendments(filter: AmendmentListFilter, query: Record<string, string | undefined>): Promise<PagedResult<AmendmentRow>> {
  const page = pageParams({ ...query, limit: query.limit ?? String(CONTRACT_PAGE_SIZE) });
  const result = await amendments().query({
    ...page,
    orderBy: page.orderBy ?? orderByOf(CONTRACT_DEFAULT_SORT.field, CONTRACT_DEFAULT_SORT.direction),
    ...amendmentQuery(filter),
  });
  return { data: result.data.map(toRow), totalCount: result.totalCount };
}

/** Every row of a filter in the given order, up to MAX_RECORD_COUNT (Export). */
export async function allAmendments(filter: AmendmentListFilter, orderBy?: string): Promise<AmendmentRow[]> {
  return (await listAmendments(filter, { limit: String(MAX_RECORD_COUNT), orderBy, getTotalCount: 'false' })).data;
}

/** The ids of every row of a filter, in the given order, with no cap (Export all: a job pages through them). */
export async function amendmentIds(filter: AmendmentListFilter, orderBy?: string): Promise<number[]> {
  return amendments().idsOf({
    orderBy: orderBy ?? orderByOf(CONTRACT_DEFAULT_SORT.field, CONTRACT_DEFAULT_SORT.direction),
    ...amendmentQuery(filter),
  });
}

/** POST contract/GetLightList: the rows of these amendments (unknown ids left out), in the order asked. */
export async function lightList(refs: readonly ObjectRef[]): Promise<AmendmentRow[]> {
  const wanted = refs.map((r) => r.objectId);
  const set = new Set(wanted);
  const page = await amendments().query({ filter: (r) => set.has(r.objectId), limit: Math.max(wanted.length, 1), getTotalCount: false });
  const byId = new Map(page.data.map((r) => [r.objectId, toRow(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** The amendments of a master contract (its number and id), from the list (read-your-writes). */
async function amendmentsOf(masterContractRef: number): Promise<AmendmentOwnRow[]> {
  return (await amendments().query({ filter: (r) => r.masterContractRef === masterContractRef, limit: MAX_RECORD_COUNT, getTotalCount: false })).data;
}

/** GET mastercontract/getNextAmendmentNumber?id: one more than the contract's highest amendment number (1 for none). */
export async function nextAmendmentNumber(masterContractRef: number): Promise<number> {
  await requireMasterContract(masterContractRef);
  return (await amendmentsOf(masterContractRef)).reduce((max, r) => Math.max(max, r.amendmentNumber), 0) + 1;
}

// ---- one amendment --------------------------------------------------------------------------------

const validationOf = (a: Record<string, unknown>, prefix: 'pricing' | 'operations'): AmendmentValidation => ({
  isValidated: a[`${prefix}Validated`] === true,
  validatedBy: textOrNull(a[`${prefix}ValidatedBy`]),
  validatedDate: textOrNull(a[`${prefix}ValidatedDate`]),
});

/** A stored amendment as Get answers it (the joined blocks filled in by `getAmendment`). */
function toAmendment(stored: Stored<AmendmentRecord>, contractId: number): Amendment {
  const a = stored as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const f of AMENDMENT_FIELDS) {
    if (f === 'businessEntity') fields[f] = refOf(a.businessEntityRef);
    else if (f === 'primaryContact') fields[f] = refOf(a.primaryContactRef);
    else fields[f] = a[f] === undefined ? null : a[f];
  }
  return {
    ...(fields as Amendment),
    objectId: Number(a.objectId),
    version: Number(a.version ?? 1),
    masterContract: { objectId: Number(a.masterContractRef) },
    contractId,
    endDate: textOrNull(a.endDate),
    chLawCountry: CH_LAW_COUNTRY,
    enteredBy: textOrNull(a.enteredBy),
    enteredOn: textOrNull(a.enteredOn),
    pricingValidation: validationOf(a, 'pricing'),
    operationsValidation: validationOf(a, 'operations'),
    // the RCE totals are the sums over the amendment's accounts: 0 until accounts exist
    electricityVolume: 0,
    gasVolume: 0,
    totalVolume: 0,
    businessEntityObject: null,
    primaryContactObject: null,
  };
}

/** The primary contact block of Get: the contact with its first address, phone and email (the contact's reference data). */
async function primaryContactObject(id: number): Promise<Amendment['primaryContactObject']> {
  const { primaryContact: contact, addresses, phones, emails } = await contactReferenceData(id);
  const address = addresses[0];
  return {
    objectId: contact.objectId,
    firstName: contact.firstName,
    lastName: contact.lastName,
    status: contact.status,
    address: address ? { addressLine: address.addressLine ?? null, city: address.city ?? null, zipCode: address.zipCode ?? null, state: address.state ?? null } : null,
    email: emails[0] ? { emailAddress: emails[0].emailAddress ?? null } : null,
    phone: phones[0] ? { phoneNumber: phones[0].phoneNumber ?? null } : null,
  };
}

/** GET contract/Get?id: the amendment with its contract's number, business entity and primary contact blocks. */
export async function getAmendment(objectId: number): Promise<Amendment> {
  const stored = await requireEntity(amendmentDef, objectId);
  const master = await requireMasterContract(stored.masterContractRef);
  const out = toAmendment(stored, master.contractId);
  const [entity, contact] = await Promise.all([
    stored.businessEntityRef === null ? undefined : businessEntityById(stored.businessEntityRef),
    stored.primaryContactRef === null ? undefined : primaryContactObject(stored.primaryContactRef).catch(() => null),
  ]);
  if (entity) out.businessEntityObject = { objectId: entity.objectId, businessEntityId: entity.businessEntityId, legalName: entity.legalName, isActive: entity.isActive };
  out.primaryContactObject = contact ?? null;
  return out;
}

/** The amendment as its update body reads it, in one read: without its business entity's and contact's objects (the updater's checks of many rows). */
export async function amendmentRecord(objectId: number, contractId: number): Promise<Amendment> {
  return toAmendment(await requireEntity(amendmentDef, objectId), contractId);
}

/**
 * GET contract/GetLegacyId?id: the legacy id the amendment should carry. No external signature
 * service exists (spec 2: "fetch the legacy id via the first customer signee event"), so the first
 * signee event is taken to be the contract's earliest amendment that has a legacy id: its legacy id
 * is answered (the amendment's own when it is that one); null when no amendment of the contract has one.
 */
export async function legacyIdOf(objectId: number): Promise<LegacyId> {
  const a = await requireEntity(amendmentDef, objectId);
  const withIds = (await amendmentsOf(a.masterContractRef)).filter((r) => r.legacyId).sort((x, y) => x.amendmentNumber - y.amendmentNumber);
  return { legacyId: withIds[0]?.legacyId ?? null };
}

// ---- writes ---------------------------------------------------------------------------------------

async function checkReferences(input: { businessEntity: ObjectRef | null; primaryContact: ObjectRef | null }): Promise<void> {
  if (input.businessEntity && !(await businessEntityById(input.businessEntity.objectId))) {
    throw new AppError(400, MSG.businessEntityMissing, { businessEntity: MSG.businessEntityMissing });
  }
  if (input.primaryContact) {
    try {
      await getContact(input.primaryContact.objectId);
    } catch {
      throw new AppError(400, MSG.primaryContactMissing, { primaryContact: MSG.primaryContactMissing });
    }
  }
}

/**
 * Refuses an amendment number its contract already has (409). In an import chunk (a bulk scope) the
 * contract's numbers are read once for the chunk and each number the chunk takes is added to them,
 * so a row does not read the amendments list again after the rows written just before it (a list
 * refresh from the feed per row).
 */
async function assertNumberFree(masterContractRef: number, amendmentNumber: number, self?: number): Promise<void> {
  const taken = bulkScope()
    ? numbersOf(await sharedRead('amendmentNumbers', everyContractsNumbers), masterContractRef)
    : new Map((await amendmentsOf(masterContractRef)).map((r) => [r.amendmentNumber, r.objectId]));
  const holder = taken.get(amendmentNumber);
  if (holder !== undefined && holder !== self) throw new AppError(409, MSG.amendmentNumberExists, { amendmentNumber: MSG.amendmentNumberExists });
  if (bulkScope()) taken.set(amendmentNumber, self ?? 0);
}

/**
 * Every contract's amendment numbers (number -> objectId by master contract), read by an import
 * chunk once: one list refresh for the chunk, not one for each contract its rows name (a refresh
 * after the chunk's own writes reads the feed again: 30 contracts, 30 feed reads).
 */
async function everyContractsNumbers(): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  for (const r of await amendments().all({}, Number.MAX_SAFE_INTEGER)) numbersOf(out, r.masterContractRef).set(r.amendmentNumber, r.objectId);
  return out;
}
function numbersOf(all: Map<number, Map<number, number>>, masterContractRef: number): Map<number, number> {
  let numbers = all.get(masterContractRef);
  if (!numbers) all.set(masterContractRef, (numbers = new Map()));
  return numbers;
}

/** The stored fields of a create or update body; the validation flags record who ticked them and when. */
function storedFields(
  input: AmendmentCreateInput | AmendmentUpdateInput,
  actor: Actor,
  current?: Record<string, unknown>,
): Partial<AmendmentRecord> {
  const out: Record<string, unknown> = {};
  for (const f of AMENDMENT_FIELDS) {
    if (f === 'businessEntity') out.businessEntityRef = input.businessEntity?.objectId ?? null;
    else if (f === 'primaryContact') out.primaryContactRef = input.primaryContact?.objectId ?? null;
    else out[f] = (input as Record<string, unknown>)[f] ?? null;
  }
  out.endDate = termEndDate(input.startDate, input.term);
  const now = toTransferDate(new Date());
  for (const prefix of ['pricing', 'operations'] as const) {
    const ticked = input[`${prefix}Validation`].isValidated;
    const was = current?.[`${prefix}Validated`] === true;
    out[`${prefix}Validated`] = ticked;
    out[`${prefix}ValidatedBy`] = ticked ? (was ? current?.[`${prefix}ValidatedBy`] ?? actor.name : actor.name) : null;
    out[`${prefix}ValidatedDate`] = ticked ? (was ? current?.[`${prefix}ValidatedDate`] ?? now : now) : null;
  }
  return out as Partial<AmendmentRecord>;
}

/** POST contract/Create: a new amendment of an existing master contract. */
export async function createAmendment(input: AmendmentCreateInput, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<Amendment> {
  return getAmendment(await createAmendmentRecord(input, actor, opts));
}

/** The write of createAmendment, answering the new objectId (an import reserves the ids of a chunk in one range: `objectId`). */
export async function createAmendmentRecord(input: AmendmentCreateInput, actor: Actor, opts: { extra?: TransactItem[]; source?: string; objectId?: number } = {}): Promise<number> {
  // a new contract with its first amendment: the contract's writes go into the amendment's transaction
  if (input.newMasterContract && input.newMasterContract.objectId !== input.masterContract.objectId) {
    throw new BadRequestError(MSG.invalidInput, { newMasterContract: MSG.invalidInput });
  }
  const creation = input.newMasterContract ? await masterContractCreation(input.newMasterContract, actor) : undefined;
  // an import chunk's amendments read their master contract once (bulk-scope.ts sharedRead), not once a row
  const master = creation?.master ?? (await sharedRead(`masterContract#${input.masterContract.objectId}`, () => requireMasterContract(input.masterContract.objectId)));
  if (input.cloneOf) {
    const source = await requireEntity(amendmentDef, input.cloneOf.objectId);
    if (source.masterContractRef !== master.objectId) throw new AppError(400, MSG.invalidInput, { cloneOf: MSG.invalidInput });
  }
  await checkReferences(input);
  if (!creation) await assertNumberFree(master.objectId, input.amendmentNumber);
  const objectId = opts.objectId ?? (await nextId(amendmentDef.idCounter));
  const extra = [...(creation?.actions ?? []), ...(opts.extra ?? [])];
  const write = () =>
    createEntity(
      amendmentDef,
      {
        ...(storedFields(input, actor) as Omit<AmendmentRecord, 'objectId'>),
        masterContractRef: master.objectId,
        enteredBy: actor.name,
        enteredOn: toTransferDate(new Date()),
      },
      { actor, ...(extra.length ? { extra } : {}), ...(opts.source ? { source: opts.source } : {}) },
      { objectId },
    );
  if (creation) await creation.commit(write);
  else await write();
  return objectId;
}

/**
 * An amendment's update: the fields, if `version` is still the stored one (409 otherwise). Answers
 * the record as it was before (its unit: saveAmendment below, which the
 * form's save and the updater call).
 */
export async function updateAmendmentRecord(objectId: number, input: AmendmentUpdateInput, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<Stored<AmendmentRecord>> {
  const current = await requireEntity(amendmentDef, objectId);
  if (current.version !== input.version) throw new ConflictError();
  await checkReferences(input);
  if (Number(current.amendmentNumber) !== input.amendmentNumber) await assertNumberFree(current.masterContractRef, input.amendmentNumber, objectId);
  // a new unit carries the usage and billing units with it (followUnit)
  const fields = followUnit(storedFields(input, actor, current as unknown as Record<string, unknown>) as Record<string, unknown>, current.unitOfMeasure);
  await updateEntity(amendmentDef, objectId, input.version, fields as Partial<AmendmentRecord>, { actor, ...opts }, current);
  return current;
}

/** Carries an amendment's new unit to its accounts (account/service.ts cascadeAmendmentUnit); returns how many changed. */
export type UnitCascade = (amendmentId: number, unit: string, actor: Actor) => Promise<number>;

/**
 * The amendment's save (PUT contract/Update, the updater): its record, and when its unit changes,
 * every usage and billing unit of its accounts with it (spec 2 section 9). The accounts' writes stay
 * the account's (`cascadeUnit`, passed in by the caller: the account depends on the amendment, not
 * the other way).
 */
export async function saveAmendment(objectId: number, input: AmendmentUpdateInput, actor: Actor, opts: { cascadeUnit: UnitCascade; extra?: TransactItem[]; source?: string }): Promise<void> {
  const { cascadeUnit, ...write } = opts;
  const before = await updateAmendmentRecord(objectId, input, actor, write);
  if (input.unitOfMeasure && input.unitOfMeasure !== before.unitOfMeasure) await cascadeUnit(objectId, input.unitOfMeasure, actor);
}

/** DELETE contract/Delete?id[&version]: the amendment (a tombstone for the list), with its 'deleted' event. */
export async function deleteAmendment(objectId: number, version: number | undefined, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<void> {
  await deleteEntity(amendmentDef, objectId, version, { actor, ...opts });
}

/** GET contract/ChangeLogs?id: the amendment's log (its children's events are logged under it), newest first. */
export async function amendmentChangeLogs(objectId: number): Promise<ChangeLogEntry[]> {
  await requireEntity(amendmentDef, objectId);
  return listChangeLogs({ entity: 'contract', id: objectId });
}
