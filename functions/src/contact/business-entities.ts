import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { MSG } from '@eb/shared/messages';
import type { BusinessEntityLink } from '@eb/shared/contact/schemas';
import { businessEntityDef, toBusinessEntity } from '../business-entity/service';
import { getEntity } from '../lib/entity';
import { BadRequestError } from '../lib/errors';

/**
 * The business entity side of a contact. A contact stores only its business entity's objectId
 * (`businessEntityRef`); the Business Entity ID and Legal Name it shows are read from the business
 * entities when answering, never copied into the contact. A renamed business entity therefore shows
 * its new name in every contact list at once, with no fan-out write to keep copies in step (and no
 * transaction limit to hit when an entity has thousands of contacts).
 *
 * The contacts' list joins the entity's columns through a join declared on its list spec (see
 * contactListSpec in repository.ts: the business entity list engine of this container, refreshed by
 * one counter read per query, so a rename is read back at once); single reads use a consistent GetItem.
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
