import {
  businessEntityCreateBodySchema,
  businessEntityUpdateBodySchema,
  type BusinessEntity,
  type BusinessEntityCreateBody,
  type BusinessEntityUpdateBody,
} from '@eb/shared/business-entity/schemas';
import { LEGAL_NAME_MAX_LENGTH } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { DeclaredSection } from '../../components/declared-fields';
import { zodErrors } from '../../components/use-form';
import { BUSINESS_ENTITY_COLUMNS as C, BUSINESS_ENTITY_TEXTS } from './business-entity-texts';

/**
 * The business entity form's model (spec 3 sections 4 and 5, spec 2 section 5 "Business entity"):
 * a businessEntityId (integer, from Generate) and a legalName (required, at most 40) are needed to
 * save; the rules are the shared zod schemas the server applies too. When editing, Save stays
 * disabled until a value differs from the loaded one.
 */
export type BusinessEntityFormMode = 'create' | 'edit';

export interface BusinessEntityFormValues {
  legalName: string;
  /** a `businessEntityCompanyTypes` code */
  companyType: string | null;
  /** a `businessEntityTypes` code */
  type: string | null;
  isActive: boolean;
}
export type BusinessEntityFormField = keyof BusinessEntityFormValues | 'businessEntityId';
export type BusinessEntityFormErrors = Partial<Record<BusinessEntityFormField, string>>;

/**
 * The form's fields (spec 3 section 4): Business Entity ID (read-only; a new entity's reserved by
 * Generate), Legal Name (its length beside the label), Company Type, Business Entity Type, and
 * Status only when editing (a new one is active). Required: BUSINESS_ENTITY_REQUIRED.
 */
export function businessEntityFormSections(mode: BusinessEntityFormMode): DeclaredSection<BusinessEntityFormField>[] {
  const select = { kind: 'select', placeholder: BUSINESS_ENTITY_TEXTS.selectPlaceholder } as const;
  return [
    {
      key: 'entity',
      title: mode === 'edit' ? BUSINESS_ENTITY_TEXTS.editTitle : BUSINESS_ENTITY_TEXTS.addNew,
      fields: [
        { field: 'businessEntityId', kind: 'display', label: C.businessEntityId },
        { field: 'legalName', kind: 'text', label: C.legalName, maxLength: LEGAL_NAME_MAX_LENGTH, counter: true, autoComplete: 'off' },
        { field: 'companyType', ...select, itemType: 'businessEntityCompanyTypes', label: C.companyType },
        { field: 'type', ...select, itemType: 'businessEntityTypes', label: C.type },
        ...(mode === 'edit' ? [{ field: 'isActive', kind: 'toggle', label: C.isActive, className: 'eb-be-form__status' } as const] : []),
      ],
    },
  ];
}
export const BUSINESS_ENTITY_REQUIRED: ReadonlySet<string> = new Set(['legalName']);

/** A new entity: empty, active. */
export const EMPTY_BUSINESS_ENTITY_FORM: BusinessEntityFormValues = { legalName: '', companyType: null, type: null, isActive: true };

export const formOf = (e: BusinessEntity): BusinessEntityFormValues => ({
  legalName: e.legalName,
  companyType: e.companyType,
  type: e.type,
  isActive: e.isActive,
});

/** The first message of each invalid field (empty when the form may be saved). */
export function validateBusinessEntityForm(
  values: BusinessEntityFormValues,
  businessEntityId: number | undefined,
  mode: BusinessEntityFormMode,
): BusinessEntityFormErrors {
  const errors: BusinessEntityFormErrors =
    mode === 'create'
      ? zodErrors(businessEntityCreateBodySchema, { ...values, businessEntityId }, { depth: 1 })
      : zodErrors(businessEntityUpdateBodySchema, { ...values, businessEntityId, version: 1 }, { depth: 1 });
  // Needed to save (spec), though the server would generate one for a create without it.
  if (businessEntityId === undefined && !errors.businessEntityId) errors.businessEntityId = MSG.required;
  return errors;
}

/** Has anything changed from the loaded entity? (Legal Name compared as it will be saved: trimmed.) */
export function isChanged(values: BusinessEntityFormValues, loaded: BusinessEntity): boolean {
  return (
    values.legalName.trim() !== loaded.legalName ||
    values.companyType !== loaded.companyType ||
    values.type !== loaded.type ||
    values.isActive !== loaded.isActive
  );
}

export const createBody = (v: BusinessEntityFormValues, businessEntityId: number): BusinessEntityCreateBody => ({
  businessEntityId,
  legalName: v.legalName,
  companyType: v.companyType,
  type: v.type,
  isActive: true, // spec 3 section 4: a new one defaults to active (Status shows only when editing)
});

export const updateBody = (v: BusinessEntityFormValues, loaded: BusinessEntity): BusinessEntityUpdateBody => ({
  businessEntityId: loaded.businessEntityId,
  legalName: v.legalName,
  companyType: v.companyType,
  type: v.type,
  isActive: v.isActive,
  version: loaded.version,
});
