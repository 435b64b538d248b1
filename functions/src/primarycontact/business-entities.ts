import type { BusinessEntity } from '@eb/shared/businessentity/schemas';
import { MSG } from '@eb/shared/messages';
import type { BusinessEntityLink } from '@eb/shared/primarycontact/schemas';
import { businessEntities, businessEntityDef, toBusinessEntity } from '../businessentity/repository';
import { getEntity } from '../lib/entity';
import { BadRequestError } from '../lib/errors';

/**
 * The business entity side of a contact. A contact stores only its business entity's objectId
 * (`businessEntityRef`); the Business Entity ID and Legal Name it shows are read from the business
 * entities when answering, never copied into the contact. A renamed business entity therefore shows
 * its new name in every contact list at once, with no fan-out write to keep copies in step (and no
 * transaction limit to hit when an entity has thousands of contacts).
 *
 * Lists join in memory against the business entity list engine of this container (its projection
 * is refreshed by one counter read before each list query, so a rename is read back at once);
 * single reads use a consistent GetItem.
 */

export const linkOf = (be: Pick<BusinessEntity, 'objectId' | 'businessEntityId' | 'legalName'>): BusinessEntityLink => ({
  objectId: be.objectId,
  businessEntityId: be.businessEntityId,
  legalName: be.legalName,
});

/** The business entity of a contact (consistent read); a reference to a missing one answers ids only. */
export async function businessEntityLink(objectId: number | null | undefined): Promise<BusinessEntityLink | null> {
  if (objectId === null || objectId === undefined) return null;
  const item = await getEntity(businessEntityDef, objectId);
  return item ? linkOf(toBusinessEntity(item)) : { objectId, businessEntityId: null, legalName: null };
}

/** A business entity chosen for a contact must exist (400 on the businessEntity field otherwise). */
export async function requireBusinessEntity(objectId: number): Promise<void> {
  if (!(await getEntity(businessEntityDef, objectId))) {
    throw new BadRequestError(MSG.businessEntityMissing, { businessEntity: MSG.businessEntityMissing });
  }
}

/** A read-only view of the business entities, current as of `load()`. */
export interface BusinessEntityView {
  /** The entities with these objectIds (absent ids are left out). */
  byIds(ids: Iterable<number>): Map<number, BusinessEntity>;
  /** Every entity (for sorting contacts by a business entity column). */
  all(): Map<number, BusinessEntity>;
  /** The objectIds of the entities whose Business Entity ID or Legal Name matches one keyword word. */
  matching(word: string, fullText: boolean): Set<number>;
}

/** Bring the business entity projection up to date and answer a view of it. */
export async function loadBusinessEntities(): Promise<BusinessEntityView> {
  const engine = businessEntities();
  await engine.refresh();
  const ids = (data: BusinessEntity[]) => new Map(data.map((r) => [r.objectId, r]));
  return {
    byIds(wanted) {
      const set = new Set(wanted);
      if (set.size === 0) return new Map();
      return ids(engine.queryLoaded({ filter: (r) => set.has(r.objectId), limit: set.size, getTotalCount: false }).data);
    },
    all() {
      return ids(engine.queryLoaded({ limit: Number.POSITIVE_INFINITY, getTotalCount: false }).data);
    },
    matching(word, fullText) {
      const rows = engine.queryLoaded({ keyword: word, fullText, limit: Number.POSITIVE_INFINITY, getTotalCount: false }).data;
      return new Set(rows.map((r) => r.objectId));
    },
  };
}
