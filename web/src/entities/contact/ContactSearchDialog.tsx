import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONTACT_POPUP_DEBOUNCE_MS, CONTACT_SEARCH_PAGE_SIZE } from '@eb/shared/constants';
import { contactName } from '@eb/shared/contact/labels';
import { CONTACT_DEFAULT_SORT } from '@eb/shared/contact/list-keys';
import type {
  ContactAddress,
  ContactEmail,
  ContactPhone,
  PrimaryContactReferenceData,
  ContactRow,
} from '@eb/shared/contact/schemas';
import { mayAccess } from '@eb/shared/roles';
import { contactListQuery } from './api';
import { currentUserQuery } from '../users/session';
import { ContactForm, type ContactSaved } from './ContactForm';
import { ContactRecords, type ContactChoice } from './ContactRecords';
import type { ContactFormValues } from './contact-form';
import { CONTACT_FIELD_LABELS as L, CONTACT_TEXTS } from './contact-texts';
import type { GridColumn } from '../../components/DataGrid';
import { SearchPopup, type SearchDialogProps } from '../../components/SearchPopup';
import { labelOf, useContactOptions } from './use-contact-options';
import './contact.css';

/** What the popup hands back: the contact with the chosen address and phone, and the email if one was chosen. */
export interface ContactSelection {
  contact: ContactRow;
  address: ContactAddress;
  phone: ContactPhone;
  email: ContactEmail | null;
}

/**
 * The chosen contact with its address, phone and optional email. Its texts (spec: configurable)
 * default to 'Contact Search', 'Add New Primary Contact' and 'Save and Add to Amendment'.
 */
export interface ContactSearchDialogProps extends SearchDialogProps<ContactSelection> {
  /** spec: configurable; default 'Make Primary Contact' (the confirm button). */
  confirmLabel?: string;
}

/**
 * The Contact Search popup (spec 2 "Contact Search popup"): a keyword search (loading debounced by
 * 100 ms), a grid of Active contacts only (15 a page, by Contact Id ascending, sortable on Contact
 * Id, First Name, Last Name, Business Entity ID, Legal Name, Role, Identifier), one expandable row
 * at a time showing its addresses, phones and emails as radio choices. The confirm button ('Make
 * Primary Contact') is enabled once an address and a phone are chosen (email optional). 'Add New
 * Primary Contact' switches to the contact form, whose 'Save and Add to Amendment' creates the
 * contact and chooses it with its new address, phone and email, used only when the Create answer
 * carries both an address and a phone. Texts are props with the spec's defaults. A `SearchPopup`
 * declared by the entity.
 */
export function ContactSearchDialog(props: ContactSearchDialogProps) {
  const me = useQuery(currentUserQuery()).data;
  const canCreate = props.canCreate ?? mayAccess('editor', me?.userType);
  const options = useContactOptions();
  /** the expanded contact, what is chosen in it, and its records once loaded */
  const [expanded, setExpanded] = useState<ContactRow | null>(null);
  const [choice, setChoice] = useState<ContactChoice>(NO_CHOICE);
  const [records, setRecords] = useState<PrimaryContactReferenceData | null>(null);
  const choose = (selection: ContactSelection) => {
    props.onSelect(selection);
    props.onHide();
  };
  const expand = (row: ContactRow | null) => {
    if (row?.objectId === expanded?.objectId) return;
    setExpanded(row);
    setChoice(NO_CHOICE);
    setRecords(null);
  };
  const onChoice = (next: ContactChoice, data: PrimaryContactReferenceData) => {
    setChoice(next);
    setRecords(data);
  };
  const address = records?.addresses.find((a) => a.objectId === choice.addressId);
  const phone = records?.phones.find((p) => p.objectId === choice.phoneId);
  const email = choice.emailId === null ? null : (records?.emails.find((e) => e.objectId === choice.emailId) ?? null);
  const ready = !!expanded && !!address && !!phone;

  const columns: GridColumn<ContactRow>[] = [
    { field: 'contactId', header: L.contactId, sortable: true, width: '8rem' },
    { field: 'firstName', header: L.firstName, sortable: true },
    { field: 'lastName', header: L.lastName, sortable: true },
    { field: 'businessEntityId', header: L.businessEntityId, sortable: true, width: '11rem' },
    { field: 'legalName', header: L.legalName, sortable: true },
    { field: 'role', header: L.role, sortable: true, body: (r) => labelOf(options.roles, r.role) },
    { field: 'identifier', header: L.identifier, sortable: true },
  ];

  return (
    <SearchPopup
      declaration={{
        className: 'eb-contact-search-dialog',
        prefix: 'eb-contact-search',
        gridClassName: 'eb-contact-grid',
        width: { search: 'min(72rem, 96vw)', create: 'min(58rem, 96vw)' },
        debounceMs: CONTACT_POPUP_DEBOUNCE_MS,
        pageSize: CONTACT_SEARCH_PAGE_SIZE,
        defaultSort: CONTACT_DEFAULT_SORT,
        // Active contacts only
        listQuery: (params) => contactListQuery({ ...params, statusRef: 'Active' }),
        columns,
        texts: { keywordPlaceholder: CONTACT_TEXTS.popupKeywordPlaceholder, keywordLabel: CONTACT_TEXTS.keywordLabel, gridLabel: CONTACT_TEXTS.searchGridLabel },
      }}
      visible={props.visible}
      onHide={props.onHide}
      title={{ search: props.title ?? CONTACT_TEXTS.searchTitle, create: props.addNewLabel ?? CONTACT_TEXTS.searchAddNew }}
      onOpen={() => {
        setExpanded(null);
        setChoice(NO_CHOICE);
        setRecords(null);
      }}
      grid={(rows) => ({
        expansionMax: 1,
        expandedKeys: expanded ? [String(expanded.objectId)] : [],
        onExpandedKeysChange: (keys) => {
          const key = keys[keys.length - 1];
          expand(key === undefined ? null : (rows.find((r) => String(r.objectId) === key) ?? null));
        },
        onRowClick: (row) => expand(row),
        rowClassName: (r) => (r.objectId === expanded?.objectId ? 'eb-contact-row-expanded' : undefined),
        rowExpansionTemplate: (row) => <ContactRecords contactId={row.objectId} choice={choice} onChoiceChange={onChoice} />,
      })}
      footer={{
        selection:
          ready && expanded ? (
            <>
              {CONTACT_TEXTS.selected}: <strong>{contactName(expanded)}</strong> ({expanded.contactId})
            </>
          ) : (
            <span className="eb-contact-search__hint">{CONTACT_TEXTS.chooseHint}</span>
          ),
        cancelLabel: props.cancelLabel ?? CONTACT_TEXTS.cancel,
        onCancel: props.onHide,
        addNewLabel: props.addNewLabel ?? CONTACT_TEXTS.searchAddNew,
        offerAddNew: canCreate,
        confirmLabel: props.confirmLabel ?? CONTACT_TEXTS.searchConfirm,
        confirmDisabled: !ready,
        onConfirm: () => expanded && address && phone && choose({ contact: expanded, address, phone, email }),
      }}
      createForm={({ back, search }) => (
        <ContactForm
          submitLabel={props.saveAndAddLabel ?? CONTACT_TEXTS.searchSaveAndAdd}
          cancelLabel={props.backLabel ?? CONTACT_TEXTS.backToSearch}
          cancelIcon="pi pi-arrow-left"
          onCancel={back}
          onSaved={(saved) => {
            if (saved.mode !== 'create') return;
            const selection = selectionOfCreated(saved);
            // Spec: the result is used only when it carries both an address and a phone; else back to the search for the new contact.
            if (selection) choose(selection);
            else search(String(saved.created.objectId));
          }}
        />
      )}
    />
  );
}

const NO_CHOICE: ContactChoice = { addressId: null, phoneId: null, emailId: null };

/** The selection built from a just-created contact (the form's values and the Create answer's ids). */
function selectionOfCreated(saved: Extract<ContactSaved, { mode: 'create' }>): ContactSelection | null {
  const { created, values } = saved;
  if (!created.address?.objectId || !created.phone?.objectId) return null;
  const ref = { primaryContact: { objectId: created.objectId }, version: 1 };
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  const v: ContactFormValues = values;
  return {
    contact: {
      objectId: created.objectId,
      contactId: created.objectId,
      firstName: v.firstName.trim(),
      middleName: orNull(v.middleName),
      lastName: v.lastName.trim(),
      suffix: orNull(v.suffix),
      identifier: orNull(v.identifier),
      role: v.role,
      status: 'Active',
      businessEntityObjectId: v.businessEntity?.objectId ?? null,
      businessEntityId: v.businessEntity?.businessEntityId ?? null,
      legalName: v.businessEntity?.legalName ?? null,
      version: 1,
    },
    address: {
      ...ref,
      objectId: created.address.objectId,
      addressType: v.address.addressType ?? '',
      addressLine: v.address.addressLine.trim(),
      county: orNull(v.address.county),
      city: v.address.city.trim(),
      state: v.address.state ?? '',
      zipCode: orNull(v.address.zipCode),
      zipAppendix: orNull(v.address.zipAppendix),
      supplyZone: orNull(v.address.supplyZone),
    },
    phone: { ...ref, objectId: created.phone.objectId, phoneNumber: v.phone.phoneNumber.trim(), type: v.phone.type ?? '' },
    email: created.email?.objectId
      ? { ...ref, objectId: created.email.objectId, emailAddress: v.email.emailAddress.trim(), type: v.email.type ?? '' }
      : null,
  };
}
