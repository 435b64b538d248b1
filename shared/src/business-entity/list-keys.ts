/** The business entity list's status filter and default sort (zod-free, for the screens as well as the schemas). */

/**
 * The status filter of GetList (chosen: the spec's "status" search field, as 'active' or
 * 'inactive'; absent or null: both). Capitalised values ('Active') are accepted too.
 */
export const BUSINESS_ENTITY_STATUSES = ['active', 'inactive'] as const;
export type BusinessEntityStatus = (typeof BUSINESS_ENTITY_STATUSES)[number];

/** Spec 3 section 7: "ordered by businessEntityId ascending". */
export const BUSINESS_ENTITY_DEFAULT_SORT = { field: 'businessEntityId', direction: 'Ascending' } as const;
