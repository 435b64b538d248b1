/** The business entity's fields and their labels, zod-free so that screens can load them alone. */

/** The logged (and compared) fields, in the form's order. */
export const BUSINESS_ENTITY_FIELDS = ['businessEntityId', 'legalName', 'companyType', 'type', 'isActive'] as const;
export type BusinessEntityField = (typeof BUSINESS_ENTITY_FIELDS)[number];

/** Labels of the fields (form, grid, change log): the spec's field names. */
export const BUSINESS_ENTITY_LABELS: Record<BusinessEntityField, string> = {
  businessEntityId: 'Business Entity ID',
  legalName: 'Legal Name',
  companyType: 'Company Type',
  type: 'Business Entity Type',
  isActive: 'Status',
};
