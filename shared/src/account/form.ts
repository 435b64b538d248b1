import type { AccountField } from './schemas';
import { formField as f, type FormSectionDecl } from '../form-declaration';

/**
 * The read-only values the form shows where the spec puts them (kind 'display'): derived or joined
 * by the server (account/Get) and recomputed by the form as the user types where they follow the
 * typed fields (upload rate, totals, commission start, the agent's names).
 */
export type AccountDisplayField =
  | 'referenceAmendment' | 'distributor' | 'uniqueId' | 'agentMaster' | 'agentSubagent' | 'uploadRate' | 'totalBillRate' | 'totalIndexRate'
  | 'commissionStartDate' | 'totalCommission' | 'commissionMasterLabel' | 'commissionAgentLabel' | 'commissionSubAgentLabel';

/**
 * The Account Detail form as a declaration (spec 2 "Account Detail", section 3 "Account"): the
 * Account Details, Commission (staff only), Pricing and Usage sections, each field once with its
 * control. The screen renders it; the uploader's Accounts columns and the updater's field names read
 * it too. The rules are the shared schema's (accountFieldsSchema).
 */
export const ACCOUNT_FORM_DECLARATION: FormSectionDecl<AccountField | AccountDisplayField, 'details' | 'commission' | 'pricing' | 'usage'>[] = [
  {
    key: 'details',
    title: 'Account Details',
    fields: [
      f('name', 'text', undefined, 200),
      f('shortName', 'text', undefined, 25),
      f('type', 'select', 'accountTypes'),
      f('accountStatus', 'select', 'accountStatuses'),
      f('referenceAmendment', 'display'),
      f('territory', 'ref', 'territories'),
      f('distributor', 'display'),
      f('ldcAccountNum', 'text', undefined, 30),
      f('uniqueId', 'display'),
      f('prevAccountNum', 'text', undefined, 30),
      f('serviceClass', 'text', undefined, 50),
      f('revenueClass', 'select', 'revenueClasses'),
      f('taxExemption', 'select', 'taxExemptions'),
      f('taxExemptNum', 'number', undefined, 10),
      f('taxExemptPercent', 'number', undefined, 6),
      f('requestedStartDate', 'date'),
      f('contractStartDate', 'date'),
      f('term', 'number', undefined, 3),
      f('flowDate', 'date'),
      f('dropDate', 'date'),
      f('futureDropDate', 'date'),
      f('receivedDate', 'date'),
      f('processedDate', 'date'),
      f('statusDate', 'date'),
      f('unitOfMeasure', 'select', 'unitsOfMeasure'),
      f('billingAcctUom', 'select', 'unitsOfMeasure'),
      f('billMethod', 'select', 'billMethods'),
      f('billingAcctPattern', 'select', 'billingAccountPatternTypes'),
      f('billMeasureAcct', 'select', 'measures'),
      f('billCalculation', 'select', 'billCalculationTypes'),
      f('autoRenewalType', 'select', 'autoRenewalTypes'),
      f('billingVolTypeAcct', 'select', 'billingVolumeTypes'),
      f('industryType', 'select', 'industryTypes'),
      f('resetOrder', 'yesNo'),
      f('billingAutopay', 'yesNo'),
      f('porSw', 'yesNo'),
      f('porSwLdc', 'yesNo'),
      f('isUsedAsMailingAddress', 'yesNo'),
      f('serviceZone', 'text', undefined, 5),
      f('gasPoolId', 'text', undefined, 50),
      f('resetOrderGroupingExempt', 'text', undefined, 40),
      f('einNumber', 'text', undefined, 10),
      f('poid', 'text', undefined, 30),
      f('programCode', 'number', undefined, 5),
      f('p2CNumber', 'text', undefined, 50),
      // spec 2: agent (with master, code, subagent): chosen by its Agent Name, its master and sub-agent shown
      f('agent', 'ref', 'agents'),
      f('agentMaster', 'display'),
      f('agentSubagent', 'display'),
    ],
  },
  {
    key: 'commission',
    title: 'Commission',
    fields: [
      f('commissionMasterLabel', 'display'),
      f('commissionMasterUnit', 'number', undefined, 16),
      f('commissionAgentLabel', 'display'),
      f('commissionUnitNum', 'number', undefined, 16),
      f('commissionSubAgentLabel', 'display'),
      f('commissionSubAgentUnit', 'number', undefined, 16),
      f('totalCommission', 'display'),
      f('commissionPlan', 'select', 'commissionPlans'),
      f('commissionStartDate', 'display'),
      f('commissionEndDate', 'date'),
      f('paymentStatus', 'text', undefined, 25),
      f('estimatedPayment', 'number', undefined, 20),
      f('agentRateMeasureUnit', 'select', 'measures'),
      f('managingAgent', 'text', undefined, 64),
      f('agentRateUom', 'select', 'unitsOfMeasure'),
    ],
  },
  {
    key: 'pricing',
    title: 'Pricing',
    fields: [
      f('contractRate', 'number', undefined, 16),
      // contract rate / (1 + the territory's tax rate), as typed
      f('uploadRate', 'display'),
      f('tieredPrice', 'number', undefined, 16),
      f('isSpr', 'yesNo'),
      f('etf', 'number', undefined, 16),
      f('supplyZone', 'text', undefined, 25),
      f('indexAdder', 'number', undefined, 16),
      f('tieredDate', 'date'),
      f('commodityUnit', 'select', 'unitsOfMeasure'),
      f('etfStatus', 'text', undefined, 255),
      f('pricingPlan', 'text', undefined, 50),
      f('priceAdder', 'number', undefined, 16),
      f('autoRenewalRate', 'number', undefined, 16),
      f('swing', 'number', undefined, 16),
      f('fixedChargeAmount', 'number', undefined, 16),
      f('etfDate', 'date'),
      f('totalPassthroughs', 'number', undefined, 16),
      f('arQid', 'text', undefined, 50),
      // spec 2 lists feeType in the Pricing and the Commission blocks: it is edited here, where agents see it too
      f('feeType', 'text', undefined, 25),
      f('totalBillRate', 'display'),
      f('totalIndexRate', 'display'),
    ],
  },
  {
    key: 'usage',
    title: 'Usage',
    fields: [
      f('needUsageChecked', 'select', 'needUsageChecked'),
      f('annualUsage', 'number', undefined, 16),
      f('tripCycle', 'text', undefined, 25),
      f('usageRequestedDate', 'date'),
      f('usageProccesedDate', 'date'),
      f('nextMeterReadDate', 'date'),
      f('batchNumber', 'text', undefined, 50),
    ],
  },
];

