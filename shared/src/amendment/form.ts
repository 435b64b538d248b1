import type { AmendmentField } from './schemas';
import { TERM_SUGGESTIONS } from '../constants';
import { formField as f, type FormFieldDecl, type FormSectionDecl } from '../form-declaration';

/** The form's fields that are no body field: the validation flags (ticked, stamped by the server) and read-only values. */
export type AmendmentFormOnlyField = 'pricingValidated' | 'operationsValidated' | 'chLawCountry';

type AmendmentFormField = AmendmentField | AmendmentFormOnlyField;

/**
 * Under Usage and Over Usage (spec 2 section 3): the same charge fields under their prefixes (uu, xu;
 * summerUu..., winterXu...), declared once; what only one section has goes in its place (`own`).
 */
function usageChargeFields(
  p: 'uu' | 'xu',
  P: 'Uu' | 'Xu',
  own: { afterIndex?: FormFieldDecl<AmendmentFormField>[]; afterMonthIndicator?: FormFieldDecl<AmendmentFormField>[]; ratePctLength: number },
): FormFieldDecl<AmendmentFormField>[] {
  const seasons = ['summer', 'winter'] as const;
  return [
    f(`${p}ChargeSw`, 'select', 'uuXuChargeSwitches'),
    f(`${p}Index`, 'text', undefined, 80),
    ...(own.afterIndex ?? []),
    f(`${p}IndexType`, 'select', 'indexTypes'),
    f(`${p}MthIndType`, 'select', 'extendedTermMonthIndicatorTypes'),
    ...(own.afterMonthIndicator ?? []),
    f(`${p}TolPct`, 'number', undefined, 8),
    f(`${p}RatePct`, 'number', undefined, own.ratePctLength),
    ...seasons.map((s) => f(`${s}${P}FlatRt`, 'number', undefined, 8)),
    ...seasons.map((s) => f(`${s}${P}FlatMeas`, 'select', 'measures')),
    ...seasons.map((s) => f(`${s}${P}FlatUom`, 'select', 'unitsOfMeasure')),
  ];
}

/**
 * The amendment form as a declaration (spec 2 "Amendment Details", section 3 "Amendment"): each
 * field once, with the control it takes and, for a reference-set value, its set. The screen renders
 * its sections; the uploader's Amendments columns and the updater's field names read it too.
 */
export const AMENDMENT_FORM_DECLARATION: FormSectionDecl<AmendmentFormField, 'main' | 'underUsage' | 'overUsage' | 'billing'>[] = [
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
      f('term', 'number', undefined, 3, { suggestions: TERM_SUGGESTIONS.map(String) }),
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
      // spec 2 section 4: two independent flags; ticking one records the current user and date, then shown
      f('pricingValidated', 'check'),
      f('operationsValidated', 'check'),
    ],
  },
  { key: 'underUsage', title: 'Under Usage', fields: usageChargeFields('uu', 'Uu', { afterIndex: [f('uuPosDiffSw', 'select', 'positionDifferenceSwitches')], afterMonthIndicator: [f('uuLockedInSw', 'select', 'lockedInSwitches')], ratePctLength: 8 }) },
  { key: 'overUsage', title: 'Over Usage', fields: usageChargeFields('xu', 'Xu', { ratePctLength: 4 }) },
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
      // read-only, the server's 'USA'
      f('chLawCountry', 'display'),
    ],
  },
];

