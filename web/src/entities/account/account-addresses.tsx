import { useMemo } from 'react';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH, CONTRACT_SUB_GRID_PAGE_SIZE, COUNTY_MAX_LENGTH } from '@eb/shared/constants';
import { ACCOUNT_ADDRESSES, type AccountAddress } from '@eb/shared/account/children';
import { MSG } from '@eb/shared/messages';
import { childRecordCalls } from '../../lib/child-records';
import type { EditableColumn } from '../../components/EditableGrid';
import { digitsEditor } from '../../components/grid-editors';
import type { SubRecordSpec } from '../../components/SubRecordGrid';
import { zodErrors } from '../../components/use-form';
import { useZipLookup } from '../contact/use-contact-options';
import { codeOptions, useReferenceSets } from '../reference/reference-options';

const L = { addressType: 'Type', addressLine: 'Address', zipCode: 'Zip', zipAppendix: 'Zip +4', county: 'County', city: 'City', state: 'State', territory: 'Territory' } as const;

/**
 * The account's Addresses grid (spec 2 "Account address", section 5 "Account address row"): type,
 * address line, zip (a 5-digit zip fills state, city and county), +4, county, city, state,
 * territory; 10 a page by address line; Delete asks 'Are you sure you want to delete this address?'.
 */
export function useAccountAddressSpec(): SubRecordSpec<AccountAddress> {
  const sets = useReferenceSets();
  const lookupZip = useZipLookup();
  return useMemo(() => {
    const types = codeOptions(sets, 'accountAddressTypes');
    const states = codeOptions(sets, 'states', 'code');
    return {
      kind: 'address',
      columns: (editing) => {
        const onZip = (zip: string) => {
          if (zip.length !== 5) return;
          void lookupZip(zip).then((found) => {
            const draft = editing.draft();
            if (!found || !draft || draft.zipCode !== zip) return;
            editing.update({ state: found.state, city: found.city, county: found.county ?? draft.county });
          });
        };
        const cols: EditableColumn<AccountAddress>[] = [
          { field: 'addressType', header: L.addressType, required: true, sortable: true, width: 120, editor: { type: 'select', options: types } },
          { field: 'addressLine', header: L.addressLine, required: true, sortable: true, maxLength: ADDRESS_LINE_MAX_LENGTH, width: 220 },
          { field: 'zipCode', header: L.zipCode, required: true, sortable: true, width: 90, editor: digitsEditor<AccountAddress>(5, onZip) },
          { field: 'zipAppendix', header: L.zipAppendix, width: 80, editor: digitsEditor<AccountAddress>(4) },
          { field: 'county', header: L.county, required: true, sortable: true, maxLength: COUNTY_MAX_LENGTH, width: 130 },
          { field: 'city', header: L.city, required: true, sortable: true, maxLength: CITY_MAX_LENGTH, width: 140 },
          { field: 'state', header: L.state, required: true, sortable: true, width: 90, editor: { type: 'select', options: states, pattern: /[A-Za-z]/ } },
          { field: 'territory', header: L.territory, maxLength: 50, width: 120 },
        ];
        return cols;
      },
      emptyRow: (accountId) =>
        ({ objectId: 0, version: 0, account: { objectId: accountId }, addressType: null, addressLine: '', zipCode: '', zipAppendix: null, county: '', city: '', state: null, territory: null }) as unknown as AccountAddress,
      errors: (row) => zodErrors(ACCOUNT_ADDRESSES.fieldsSchema, row) as Record<string, string>,
      requiredNow: () => ['addressType', 'addressLine', 'zipCode', 'county', 'city', 'state'],
      fieldLabels: L,
      rowText: (row) => row.addressLine ?? '',
      defaultSort: { ...ACCOUNT_ADDRESSES.defaultSort },
      pageSize: CONTRACT_SUB_GRID_PAGE_SIZE,
      texts: {
        title: 'Addresses',
        newRow: 'the new address',
        rowLabel: (row) => `address ${row.objectId}`,
        none: 'None',
        deleteHeader: 'Delete',
        deleteRow: 'Delete',
        deleteTitle: 'Delete address',
        deleteConfirm: MSG.addressDeleteConfirm,
        saved: MSG.allChangesSavedShort,
      },
      calls: childRecordCalls<AccountAddress>(ACCOUNT_ADDRESSES, [['account', 'GetAddressList'], ['account', 'ChangeLogs']]),
    };
  }, [sets, lookupZip]);
}
