import type { AmendmentField } from './schemas';
import { TERM_SUGGESTIONS } from '../constants';
import { formField as f, type FormSectionDecl } from '../form-declaration';

/** The form's fields that are no body field: the validation flags (ticked, stamped by the server) and read-only values. */
export type AmendmentFormOnlyField = 'pricingValidated' | 'operationsValidated' | 'chLawCountry';

/**
 * The amendment form as a declaration (spec 2 "Amendment Details", section 3 "Amendment"): each
 * field once, with the control it takes and, for a reference-set value, its set. The screen renders
 * its sections; the uploader's Amendments columns and the updater's field names read it too.
 */
export const AMENDMENT_FORM_DECLARATION: FormSectionDecl<AmendmentField | AmendmentFormOnlyField, 'main' | 'underUsage' | 'overUsage' | 'billing'>[] = [
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
      // read-only, the server's 'USA'
      f('chLawCountry', 'display'),
    ],
  },
];

