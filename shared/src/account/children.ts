import type { ChildRecord } from '../child-records';
import { defineChildKind } from '../child-records';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH, COUNTY_MAX_LENGTH } from '../constants';
import { optionalText, requiredReferenceCode, requiredText, requiredRuleTextSchema, integerRule, maxLengthRule, ruleTextSchema } from '../field-rules';
import { recordChildKinds } from '../participants-crm-documents';

/**
 * What an account holds: participants, CRM notes (account CRM types) and documents
 * (shared/src/participants-crm-documents.ts), and its addresses (spec 2 "Account address", section 5
 * "Account address row"), under the account as their parent ('a' before their fields in its
 * change log).
 */
export const ACCOUNT_PARENT = {
  resource: 'account',
  type: 'account',
  ref: 'account',
  logPrefix: 'a',
  read: 'signedIn',
  write: 'editor',
} as const;

export const ACCOUNT_CHILDREN = recordChildKinds(ACCOUNT_PARENT, 'crmTypes');

/** Account address row: type, city, state, county, zip, address line required; zip and appendix digits. */
export const ACCOUNT_ADDRESSES = defineChildKind({
  name: 'Address',
  entity: 'address',
  parent: ACCOUNT_PARENT,
  shape: {
    addressType: requiredReferenceCode('accountAddressTypes'),
    addressLine: requiredText(ADDRESS_LINE_MAX_LENGTH),
    zipCode: requiredRuleTextSchema(integerRule, maxLengthRule(5)),
    zipAppendix: ruleTextSchema(integerRule, maxLengthRule(4)),
    county: requiredText(COUNTY_MAX_LENGTH),
    city: requiredText(CITY_MAX_LENGTH),
    state: requiredReferenceCode('states'),
    territory: optionalText(50),
  },
  sortFields: ['addressLine', 'addressType', 'city', 'state', 'zipCode', 'county'],
  defaultSort: { field: 'addressLine', direction: 'Ascending' },
  logPrefix: 'address',
  labelField: 'addressLine',
});
export type AccountAddress = ChildRecord<typeof ACCOUNT_ADDRESSES>;
