import type { Amendment, AmendmentField } from '@eb/shared/amendment/schemas';
import { AMENDMENT_LABELS } from '@eb/shared/amendment/labels';
import { AMENDMENT_FORM_DECLARATION, type AmendmentFormOnlyField } from '@eb/shared/amendment/form';
import { isBodyKind } from '@eb/shared/form-declaration';
import { formatDisplayDate } from '@eb/shared/formats';
import { withLabels, type DeclaredField, type DeclaredSection } from '../../components/declared-fields';

/**
 * The amendment form as a declaration (spec 2 "Amendment Details", section 3 "Amendment"): each
 * field once, with the control it takes and, for a reference-set value, its set. The screen renders
 * the sections from it; the rules are the shared schema's (amendmentFieldsSchema), as on the server.
 */
export type AmendmentFormFieldName = AmendmentField | AmendmentFormOnlyField;
export type AmendmentFormField = DeclaredField<AmendmentFormFieldName>;
export type AmendmentFormSection = DeclaredSection<AmendmentFormFieldName, 'main' | 'underUsage' | 'overUsage' | 'billing'>;

export const AMENDMENT_FORM_SECTIONS: AmendmentFormSection[] = withLabels(AMENDMENT_FORM_DECLARATION, AMENDMENT_LABELS);

/** The form's values: text as typed, dates as transfer strings, selections as codes, yes/no as booleans. */
export type AmendmentFormValues = Record<string, string | boolean | null | { objectId: number }> & {
  pricingValidated: boolean;
  operationsValidated: boolean;
};

/** The body's fields (not the validation flags, which the form sends as pricingValidation/operationsValidation, nor read-only values). */
const FORM_FIELDS = AMENDMENT_FORM_SECTIONS.flatMap((s) => s.fields).filter((d) => isBodyKind(d.kind));

/** A new amendment: the next number, lock-in extension (spec 2 section 2), SPR on. */
export function newAmendmentValues(amendmentNumber: number | null): AmendmentFormValues {
  const values: AmendmentFormValues = { pricingValidated: false, operationsValidated: false, businessEntity: null, primaryContact: null };
  for (const d of FORM_FIELDS) (values as Record<string, unknown>)[d.field] = d.kind === 'text' || d.kind === 'number' ? '' : null;
  values.amendmentNumber = amendmentNumber === null ? '' : String(amendmentNumber);
  values.type = 'LockInExt';
  values.isSpr = true;
  return values;
}

/** The form's values of a stored amendment. */
export function amendmentValues(a: Amendment): AmendmentFormValues {
  const values = newAmendmentValues(null);
  const stored = a as unknown as Record<string, unknown>;
  for (const d of FORM_FIELDS) {
    const v = stored[d.field];
    (values as Record<string, unknown>)[d.field] = d.kind === 'text' || d.kind === 'number' ? (v === null || v === undefined ? '' : String(v)) : ((v as string | boolean | null) ?? null);
  }
  values.businessEntity = a.businessEntity;
  values.primaryContact = a.primaryContact;
  values.pricingValidated = a.pricingValidation.isValidated;
  values.operationsValidated = a.operationsValidation.isValidated;
  return values;
}

/**
 * Clone Amendment: the source's editable fields, the contract's next number, and nothing of what
 * belongs to the source alone (its ids, its validation flags; its CRM notes and documents stay).
 */
export function cloneValues(source: Amendment, amendmentNumber: number): AmendmentFormValues {
  const values = amendmentValues(source);
  values.amendmentNumber = String(amendmentNumber);
  values.pricingValidated = false;
  values.operationsValidated = false;
  return values;
}

/** The Create/Update body of the form's values (the server checks them again). */
export function amendmentBody(values: AmendmentFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const d of FORM_FIELDS) {
    const v = values[d.field];
    body[d.field] = typeof v === 'string' && v.trim() === '' ? null : v;
  }
  body.businessEntity = values.businessEntity;
  body.primaryContact = values.primaryContact;
  body.pricingValidation = { isValidated: values.pricingValidated };
  body.operationsValidation = { isValidated: values.operationsValidated };
  return body;
}

/**
 * What the form shows of its read-only values and beside its validation flags: who ticked a flag
 * and when (as stored; a flag ticked since the last save: the current user and today, as the save will record), the country.
 */
export function amendmentShown(amendment: Amendment | null, values: AmendmentFormValues, field: AmendmentFormFieldName, tickedNow: string): string | null {
  if (field === 'chLawCountry') return amendment?.chLawCountry ?? 'USA';
  if (field !== 'pricingValidated' && field !== 'operationsValidated') return null;
  if (values[field] !== true) return null;
  const stored = field === 'pricingValidated' ? amendment?.pricingValidation : amendment?.operationsValidation;
  if (stored?.isValidated) return [stored.validatedBy, formatDisplayDate(stored.validatedDate)].filter(Boolean).join(', ');
  return tickedNow;
}
