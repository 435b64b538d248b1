import { BUSINESS_ENTITY_FIELDS } from '@eb/shared/business-entity/labels';
import { BUSINESS_ENTITY_DEFAULT_SORT } from '@eb/shared/business-entity/list-keys';
import type { BusinessEntity, BusinessEntityListFilter } from '@eb/shared/business-entity/schemas';
import { BUSINESS_ENTITY_PAGE_SIZE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { orderByOf, type PagedResult } from '@eb/shared/paging';
import { toReferenceCode } from '@eb/shared/reference/codes';
import { listChangeLogs, type Actor, type ChangeLogEntry } from '../lib/change-log';
import { getItem, keys, nextId, raiseCounterTo, table, type TransactItem } from '../lib/db';
import { createEntity, requireEntity, updateEntity, type EntityDef } from '../lib/entity';
import { AppError, BadRequestError, ConflictError } from '../lib/errors';
import { listEngine, pageParams, type ListSpec } from '../lib/list-engine';

/**
 * Business entities (spec 3 "Business Entity Management", spec 2 "Business Entity search popup"):
 * versioned entities (type 'businessEntity', key BUSINESSENTITY#objectId) with their change log,
 * listed, searched, sorted and paged by the generic list engine.
 *
 * Two numbers: objectId (the record's own id, what other records reference) and businessEntityId
 * (the number users see, reserved by Generate from the atomic counter `businessEntityId`). A
 * businessEntityId belongs to one entity: the item BUSINESSENTITYID#n is written in the create's
 * transaction on the condition that it does not exist yet, so a second create with the same number
 * answers 409 and writes nothing. The number is read-only afterwards.
 */
type BusinessEntityRecord = Omit<BusinessEntity, 'version'>;
type CreateInput = Omit<BusinessEntityRecord, 'objectId' | 'businessEntityId'> & { businessEntityId?: number };
type UpdateInput = Partial<Omit<BusinessEntityRecord, 'objectId'>> & { version: number };

/** The counter Generate reserves numbers from. */
export const BUSINESS_ENTITY_ID_COUNTER = 'businessEntityId';
/** Generate skips numbers already taken (created with an explicit id); it gives up after this many. */
const GENERATE_ATTEMPTS = 25;

export const businessEntityDef: EntityDef<BusinessEntityRecord> = {
  type: 'businessEntity',
  key: keys.businessEntity,
  idCounter: 'businessEntity',
  fields: BUSINESS_ENTITY_FIELDS,
  label: (b) => (b.businessEntityId === undefined || b.businessEntityId === null ? undefined : String(b.businessEntityId)),
};

/**
 * A stored item as the API answers it. companyType and type are codes; items written before the
 * codes convention hold the set's objectId, read here as its code.
 */
export function toBusinessEntity(stored: object): BusinessEntity {
  const item = stored as Record<string, unknown>;
  return {
    objectId: Number(item.objectId),
    businessEntityId: Number(item.businessEntityId),
    legalName: String(item.legalName ?? ''),
    companyType: toReferenceCode('businessEntityCompanyTypes', item.companyType) ?? null,
    type: toReferenceCode('businessEntityTypes', item.type) ?? null,
    isActive: item.isActive !== false,
    version: Number(item.version ?? 1),
  };
}

export const businessEntityListSpec: ListSpec<BusinessEntity> = {
  type: businessEntityDef.type,
  project: toBusinessEntity,
  id: (r) => r.objectId,
  // the keyword looks in the Business Entity ID and the Legal Name
  searchText: (r) => `${r.businessEntityId} ${r.legalName}`.toLowerCase(),
  sortKeys: {
    businessEntityId: (r) => r.businessEntityId,
    legalName: (r) => r.legalName,
  },
  defaultSort: BUSINESS_ENTITY_DEFAULT_SORT,
};

/** The container's list engine of business entities. */
export const businessEntities = () => listEngine(businessEntityListSpec);

// ---- reads ----------------------------------------------------------------------------------------

export async function getBusinessEntity(objectId: number): Promise<BusinessEntity> {
  return toBusinessEntity(await requireEntity(businessEntityDef, objectId));
}

/** POST businessentity/GetList: filters (AND), keyword, sort (default businessEntityId Ascending), page, exact total. */
export async function listBusinessEntityPage(
  filter: BusinessEntityListFilter,
  query: Record<string, string | undefined>,
): Promise<PagedResult<BusinessEntity>> {
  const page = pageParams({ ...query, limit: query.limit ?? String(BUSINESS_ENTITY_PAGE_SIZE) });
  const { businessEntityId, companyType, type, status } = filter;
  const active = status === undefined ? undefined : status === 'active';
  const filtered = businessEntityId !== undefined || companyType !== undefined || type !== undefined || active !== undefined;
  return businessEntities().query({
    ...page,
    orderBy: page.orderBy ?? orderByOf(BUSINESS_ENTITY_DEFAULT_SORT.field, BUSINESS_ENTITY_DEFAULT_SORT.direction),
    keyword: filter.keyword,
    fullText: filter.fullText,
    filter: filtered
      ? (r) =>
          (businessEntityId === undefined || r.businessEntityId === businessEntityId) &&
          (companyType === undefined || r.companyType === companyType) &&
          (type === undefined || r.type === type) &&
          (active === undefined || r.isActive === active)
      : undefined,
  });
}

/**
 * Business entities by objectId, from the list engine (read-your-writes, one pass over the
 * projection): for lists of other records that show a business entity (primary contacts show
 * businessEntityId and legalName). Unknown ids are absent from the map.
 */
export async function businessEntitiesByIds(objectIds: Iterable<number>): Promise<Map<number, BusinessEntity>> {
  const wanted = new Set(objectIds);
  const out = new Map<number, BusinessEntity>();
  if (wanted.size === 0) return out;
  const page = await businessEntities().query({
    filter: (r) => wanted.has(r.objectId),
    limit: wanted.size,
    getTotalCount: false,
  });
  for (const r of page.data) out.set(r.objectId, r);
  return out;
}

/** One business entity by objectId (undefined when there is none). */
export async function businessEntityById(objectId: number): Promise<BusinessEntity | undefined> {
  return (await businessEntitiesByIds([objectId])).get(objectId);
}

/** The Legal Name of a business entity (undefined when there is none). */
export async function legalNameOf(objectId: number): Promise<string | undefined> {
  return (await businessEntityById(objectId))?.legalName;
}

/** A change-log entry of a business entity, with the entity's businessEntityId (the number users know). */
export type BusinessEntityChangeLogEntry = ChangeLogEntry & { businessEntityId: number | null };

/** GET businessentity/ChangeLogs[?id]: newest first, each entry naming its businessEntityId. */
export async function businessEntityChangeLogs(objectId: number | undefined): Promise<BusinessEntityChangeLogEntry[]> {
  const entries = await listChangeLogs({ entity: 'businessEntity', id: objectId });
  const entities = await businessEntitiesByIds(entries.map((e) => e.entityId));
  return entries.map((e) => ({ ...e, businessEntityId: entities.get(e.entityId)?.businessEntityId ?? null }));
}

// ---- writes ---------------------------------------------------------------------------------------

const numberTaken = async (businessEntityId: number) => !!(await getItem(keys.businessEntityNumber(businessEntityId)));

/** POST businessentity/Generate: the next free number of the atomic counter (reserved: never handed out again). */
export async function generateBusinessEntityId(): Promise<number> {
  for (let i = 0; i < GENERATE_ATTEMPTS; i++) {
    const id = await nextId(BUSINESS_ENTITY_ID_COUNTER);
    if (!(await numberTaken(id))) return id;
  }
  throw new Error('generateBusinessEntityId: no free number found');
}


const duplicateNumber = () =>
  new AppError(409, MSG.businessEntityIdExists, { businessEntityId: MSG.businessEntityIdExists });

/** POST businessentity/Create: with the number from Generate, or a new one; 409 when the number is taken. */
export async function createBusinessEntity(input: CreateInput, actor: Actor): Promise<BusinessEntity> {
  const explicit = input.businessEntityId !== undefined;
  const businessEntityId = input.businessEntityId ?? (await generateBusinessEntityId());
  const objectId = await nextId(businessEntityDef.idCounter);
  const unique: TransactItem = {
    Put: {
      TableName: table(),
      Item: { ...keys.businessEntityNumber(businessEntityId), objectId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  let stored;
  try {
    stored = await createEntity(
      businessEntityDef,
      { businessEntityId, legalName: input.legalName, companyType: input.companyType, type: input.type, isActive: input.isActive },
      { actor, extra: [unique] },
      { objectId },
    );
  } catch (e) {
    // The new objectId is fresh: only the number's uniqueness item can fail its condition.
    if (e instanceof ConflictError) throw duplicateNumber();
    throw e;
  }
  if (explicit) await raiseCounterTo(BUSINESS_ENTITY_ID_COUNTER, businessEntityId);
  return toBusinessEntity(stored);
}

/** PUT businessentity/Update?id: the fields, if `version` is still the stored one (409 otherwise). */
export async function updateBusinessEntity(objectId: number, input: UpdateInput, actor: Actor): Promise<BusinessEntity> {
  const { version, businessEntityId, ...fields } = input;
  if (businessEntityId !== undefined) {
    const current = await requireEntity(businessEntityDef, objectId);
    if (current.businessEntityId !== businessEntityId) {
      throw new BadRequestError(MSG.businessEntityIdReadOnly, { businessEntityId: MSG.businessEntityIdReadOnly });
    }
  }
  return toBusinessEntity(await updateEntity(businessEntityDef, objectId, version, fields, { actor }));
}
