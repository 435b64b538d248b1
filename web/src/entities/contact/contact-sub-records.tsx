import { useMemo } from 'react';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_SUB_GRID_PAGE_SIZE,
  COUNTY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SUPPLY_ZONE_MAX_LENGTH,
} from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import {
  CONTACT_ADDRESSES,
  CONTACT_EMAILS,
  CONTACT_PHONES,
  SERVICE_ADDRESS_TYPE,
  type ContactAddress,
  type ContactEmail,
  type ContactPhone,
} from '@eb/shared/contact/schemas';
import { childRecordCalls } from '../../lib/child-records';
import type { EditableColumn } from '../../components/EditableGrid';
import { digitsEditor } from '../../components/grid-editors';
import type { SubRecordSpec, SubRecordTexts } from '../../components/SubRecordGrid';
import { CONTACT_KEYS } from './api';
import { subRecordErrors } from './contact-form';
import { CONTACT_FIELD_LABELS as L, CONTACT_TEXTS, SUB_RECORD_TEXTS } from './contact-texts';
import { useContactOptions, useZipLookup, type ContactOptions } from './use-contact-options';

/**
 * The contact's three child kinds as sub-grid specs (spec 2 "Primary contact sub-rows", section 4
 * "Sub-grids"): addresses, phones and emails of one contact, 5 a page sorted by address line, phone
 * number or email address; typing a 5-digit zip fills state, city and county. Rendered by the
 * generic `SubRecordGrid`.
 */
export interface ContactSubRecordSpecs {
  address: SubRecordSpec<ContactAddress>;
  phone: SubRecordSpec<ContactPhone>;
  email: SubRecordSpec<ContactEmail>;
}

const textsOf = (kind: keyof typeof SUB_RECORD_TEXTS): SubRecordTexts => ({
  title: SUB_RECORD_TEXTS[kind].title,
  newRow: `the new ${SUB_RECORD_TEXTS[kind].noun}`,
  rowLabel: (row) => `${SUB_RECORD_TEXTS[kind].noun} ${row.objectId}`,
  none: CONTACT_TEXTS.none,
  deleteHeader: CONTACT_TEXTS.deleteHeader,
  deleteRow: CONTACT_TEXTS.deleteRow,
  deleteTitle: SUB_RECORD_TEXTS[kind].deleteTitle,
  deleteConfirm: MSG.primaryContactDeleteConfirm,
  saved: MSG.allChangesSavedShort,
});

const parent = { objectId: 0, version: 0 };
const primaryContact = (contactId: number) => ({ primaryContact: { objectId: contactId } });
/**
 * What the three specs share: rules, labels, sort, page size, texts, and the calls of the kind's
 * four routes (Get{Name}List, {Name}Add, {Name}Update, {Name}Delete); a change reloads every
 * contact query.
 */
type ContactChildKind = typeof CONTACT_ADDRESSES | typeof CONTACT_PHONES | typeof CONTACT_EMAILS;
function common<T extends ContactAddress | ContactPhone | ContactEmail>(kind: 'address' | 'phone' | 'email', child: ContactChildKind) {
  return {
    kind,
    errors: (row: T) => subRecordErrors(kind, row),
    fieldLabels: L,
    defaultSort: { ...child.defaultSort },
    pageSize: CONTACT_SUB_GRID_PAGE_SIZE,
    texts: textsOf(kind),
    calls: childRecordCalls<T>(child, CONTACT_KEYS),
  };
}

function specs(options: ContactOptions, lookupZip: (zip: string) => Promise<{ state: string; city: string; county: string | null } | null>): ContactSubRecordSpecs {
  const address: SubRecordSpec<ContactAddress> = {
    ...common<ContactAddress>('address', CONTACT_ADDRESSES),
    columns: (editing) => {
      const onZip = (zip: string) => {
        if (zip.length !== 5) return;
        void lookupZip(zip).then((found) => {
          const draft = editing.draft();
          if (!found || !draft || draft.zipCode !== zip) return;
          editing.update({ state: found.state, city: found.city, county: found.county });
        });
      };
      const cols: EditableColumn<ContactAddress>[] = [
        { field: 'addressType', header: L.addressType, required: true, sortable: true, width: 130, editor: { type: 'select', options: options.addressTypes } },
        { field: 'addressLine', header: L.addressLine, required: true, sortable: true, maxLength: ADDRESS_LINE_MAX_LENGTH, width: 220 },
        { field: 'zipCode', header: L.zipCode, sortable: true, width: 100, editor: digitsEditor<ContactAddress>(5, onZip) },
        { field: 'zipAppendix', header: L.zipAppendix, width: 80, editor: digitsEditor<ContactAddress>(4) },
        { field: 'city', header: L.city, required: true, sortable: true, maxLength: CITY_MAX_LENGTH, width: 150 },
        { field: 'state', header: L.state, required: true, sortable: true, width: 100, editor: { type: 'select', options: options.states, pattern: /[A-Za-z]/ } },
        { field: 'county', header: L.county, sortable: true, maxLength: COUNTY_MAX_LENGTH, width: 130 },
        { field: 'supplyZone', header: L.supplyZone, maxLength: SUPPLY_ZONE_MAX_LENGTH, width: 120 },
      ];
      return cols;
    },
    emptyRow: (contactId) => ({
      ...parent,
      ...primaryContact(contactId),
      addressType: null as unknown as string,
      addressLine: '',
      county: null,
      city: '',
      state: null as unknown as string,
      zipCode: null,
      zipAppendix: null,
      supplyZone: null,
    }),
    // a Service address needs its county and zip code: say so before they are typed
    requiredNow: (row) => (row.addressType === SERVICE_ADDRESS_TYPE ? ['county', 'zipCode'] : []),
    rowText: (row) => row.addressLine,
  };
  const phone: SubRecordSpec<ContactPhone> = {
    ...common<ContactPhone>('phone', CONTACT_PHONES),
    columns: () => [
      { field: 'phoneNumber', header: L.phoneNumber, required: true, sortable: true, width: 200, editor: digitsEditor<ContactPhone>(PHONE_MAX_LENGTH) },
      { field: 'type', header: L.type, required: true, sortable: true, width: 160, editor: { type: 'select', options: options.phoneTypes } },
    ],
    emptyRow: (contactId) => ({ ...parent, ...primaryContact(contactId), phoneNumber: '', type: null as unknown as string }),
    rowText: (row) => row.phoneNumber,
  };
  const email: SubRecordSpec<ContactEmail> = {
    ...common<ContactEmail>('email', CONTACT_EMAILS),
    columns: () => [
      { field: 'emailAddress', header: L.emailAddress, required: true, sortable: true, maxLength: EMAIL_MAX_LENGTH, width: 320 },
      { field: 'type', header: L.type, required: true, sortable: true, width: 160, editor: { type: 'select', options: options.emailTypes } },
    ],
    emptyRow: (contactId) => ({ ...parent, ...primaryContact(contactId), emailAddress: '', type: null as unknown as string }),
    rowText: (row) => row.emailAddress,
  };
  return { address, phone, email };
}

/** The three specs with the reference choices of the session and the zip lookup. */
export function useContactSubRecordSpecs(): ContactSubRecordSpecs {
  const options = useContactOptions();
  const lookupZip = useZipLookup();
  return useMemo(() => specs(options, lookupZip), [options, lookupZip]);
}
