import type { Amendment, AmendmentField } from '@eb/shared/contract/schemas';
import { AMENDMENT_LABELS } from '@eb/shared/contract/labels';
import { declaredField, type DeclaredField, type DeclaredFieldKind, type DeclaredSection } from '../../components/declared-fields';

/**
 * The amendment form as a declaration (spec 2 "Amendment Details", section 3 "Amendment"): each
 * field once, with the control it takes and, for a reference-set value, its set. The screen renders
 * the sections from it; the rules are the shared schema's (amendmentFieldsSchema), as on the server.
 */
export type AmendmentFormField = DeclaredField<AmendmentField>;
export type AmendmentFormSection = DeclaredSection<AmendmentField, 'main' | 'underUsage' | 'overUsage' | 'billing'>;

const f = (field: AmendmentField, kind: DeclaredFieldKind, itemType?: string, maxLength?: number): AmendmentFormField =>
  declaredField(field, AMENDMENT_LABELS[field], kind, itemType, maxLength);

export const AMENDMENT_FORM_SECTIONS: AmendmentFormSection[] = [
  {
    key: 'main',
    title: 'Amendment',
    fields: [
      f('amendmentNumber', 'number', undefined, 4),
      f('referenceAmendment', 'number', undefined, 4),
      f('freshDescId', 'text', undefined, 20),
      f('legacyId', 'text', undefined, 20),
      f('type', 'select', 'contractTypes'),
      f('contractStatus', 'select', 'contractStatuses'),
      f('receivedDate', 'date'),
      f('agreementDate', 'date'),
      f('startDate', 'date'),
      f('term', 'number', undefined, 3),
      f('autoRenewalDate', 'date'),
      f('autoRenewalType', 'select', 'autoRenewalTypes'),
      f('unitOfMeasure', 'select', 'unitsOfMeasure'),
      f('planType', 'select', 'planTypes'),
      f('fixedCommodityAmount', 'number', undefined, 13),
      f('lockInPercent', 'number', undefined, 9),
      f('index', 'select', 'indexValues'),
      f('indexType', 'select', 'indexTypes'),
      f('mthIndexType', 'select', 'extendedTermMonthIndicatorTypes'),
      f('extendedTermIndex', 'text', undefined, 30),
      f('extendedTermIndexType', 'select', 'indexTypes'),
      f('extendedTermMthIndTyp', 'select', 'extendedTermMonthIndicatorTypes'),
      f('isInterruptible', 'yesNo'),
      f('isSpr', 'yesNo'),
      f('enrollmentMethod', 'select', 'enrollmentMethods'),
      f('promotionCode', 'text', undefined, 50),
      f('salesProgram', 'text', undefined, 510),
      f('contractVersion', 'text', undefined, 10),
      f('rewards', 'yesNo'),
      f('organizationName', 'text', undefined, 40),
      f('bookingConfirmation', 'date'),
    ],
  },
  {
    key: 'underUsage',
    title: 'Under Usage',
    fields: [
      f('uuChargeSw', 'select', 'uuXuChargeSwitches'),
      f('uuIndex', 'text', undefined, 80),
      f('uuPosDiffSw', 'select', 'positionDifferenceSwitches'),
      f('uuIndexType', 'select', 'indexTypes'),
      f('uuMthIndType', 'select', 'extendedTermMonthIndicatorTypes'),
      f('uuLockedInSw', 'select', 'lockedInSwitches'),
      f('uuTolPct', 'number', undefined, 8),
      f('uuRatePct', 'number', undefined, 8),
      f('summerUuFlatRt', 'number', undefined, 8),
      f('winterUuFlatRt', 'number', undefined, 8),
      f('summerUuFlatMeas', 'select', 'measures'),
      f('winterUuFlatMeas', 'select', 'measures'),
      f('summerUuFlatUom', 'select', 'unitsOfMeasure'),
      f('winterUuFlatUom', 'select', 'unitsOfMeasure'),
    ],
  },
  {
    key: 'overUsage',
    title: 'Over Usage',
    fields: [
      f('xuChargeSw', 'select', 'uuXuChargeSwitches'),
      f('xuIndex', 'text', undefined, 80),
      f('xuIndexType', 'select', 'indexTypes'),
      f('xuMthIndType', 'select', 'extendedTermMonthIndicatorTypes'),
      f('xuTolPct', 'number', undefined, 8),
      f('xuRatePct', 'number', undefined, 4),
      f('summerXuFlatRt', 'number', undefined, 8),
      f('winterXuFlatRt', 'number', undefined, 8),
      f('summerXuFlatMeas', 'select', 'measures'),
      f('winterXuFlatMeas', 'select', 'measures'),
      f('summerXuFlatUom', 'select', 'unitsOfMeasure'),
      f('winterXuFlatUom', 'select', 'unitsOfMeasure'),
    ],
  },
  {
    key: 'billing',
    title: 'Billing',
    fields: [
      f('billMeasure', 'select', 'measures'),
      f('billUom', 'select', 'unitsOfMeasure'),
      f('billVolMth', 'select', 'billVolumeMonths'),
      f('billVolTyp', 'select', 'billingVolumeTypes'),
      f('billFullReqSw', 'yesNo'),
      f('pymntDay', 'number', undefined, 4),
      f('pymntTerms', 'text', undefined, 20),
      f('daysToPay', 'number', undefined, 8),
    ],
  },
];

/** The form's values: text as typed, dates as transfer strings, selections as codes, yes/no as booleans. */
export type AmendmentFormValues = Record<string, string | boolean | null | { objectId: number }> & {
  pricingValidated: boolean;
  operationsValidated: boolean;
};

const FORM_FIELDS = AMENDMENT_FORM_SECTIONS.flatMap((s) => s.fields);

/** A new amendment: the next number, lock-in extension (spec 2 section 2), SPR on. */
export function newAmendmentValues(amendmentNumber: number | null): AmendmentFormValues {
  const values: AmendmentFormValues = { pricingValidated: false, operationsValidated: false, businessEntity: null, primaryContact: null };
  for (const d of FORM_FIELDS) values[d.field] = d.kind === 'text' || d.kind === 'number' ? '' : null;
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
    values[d.field] = d.kind === 'text' || d.kind === 'number' ? (v === null || v === undefined ? '' : String(v)) : ((v as string | boolean | null) ?? null);
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
