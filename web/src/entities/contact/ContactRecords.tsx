import { useEffect, useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { RadioButton } from 'primereact/radiobutton';
import { CONTACT_SUB_GRID_PAGE_SIZE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { ContactAddress, ContactEmail, ContactPhone, PrimaryContactReferenceData } from '@eb/shared/contact/schemas';
import { ApiError } from '../../lib/api-client';
import { contactReferenceDataQuery } from './api';
import { CONTACT_FIELD_LABELS as L, CONTACT_TEXTS } from './contact-texts';
import { DataGrid, type GridColumn } from '../../components/DataGrid';
import { useLatest } from '../../components/use-latest';
import { labelOf, useContactOptions } from './use-contact-options';
import './contact.css';
import '../../components/list-page.css';

/** The chosen address, phone and email of a contact (the contact search popup). */
export interface ContactChoice {
  addressId: number | null;
  phoneId: number | null;
  /** null: no email */
  emailId: number | null;
}

export interface ContactRecordsProps {
  contactId: number;
  /** With a choice, each row gets a radio button (email: also 'No email'); without, the sections are read-only. */
  choice?: ContactChoice;
  onChoiceChange?: (choice: ContactChoice, data: PrimaryContactReferenceData) => void;
}

/**
 * The address, phone and email sections of one contact (one GetPrimaryContactReferenceData call),
 * 5 rows a page, sorted by address line, phone number and email address. Read-only in the
 * management grid's expanded rows; with radio buttons in the contact search popup, where an address
 * and a phone must be chosen and an email may be.
 */
export function ContactRecords({ contactId, choice, onChoiceChange }: ContactRecordsProps) {
  const uid = useId().replace(/:/g, '');
  const data = useQuery(contactReferenceDataQuery(contactId));
  const options = useContactOptions();
  // a contact's only address and only phone come chosen (issue 28): nothing else could be picked
  const loaded = data.data;
  const latest = useLatest({ choice, onChoiceChange });
  useEffect(() => {
    const { choice: c, onChoiceChange: change } = latest.current;
    if (!loaded || !c || !change) return;
    const only = <T extends { objectId: number }>(rows: readonly T[]) => (rows.length === 1 ? rows[0]!.objectId : null);
    const addressId = c.addressId ?? only(loaded.addresses);
    const phoneId = c.phoneId ?? only(loaded.phones);
    if (addressId !== c.addressId || phoneId !== c.phoneId) change({ ...c, addressId, phoneId }, loaded);
  }, [loaded, latest]);

  if (data.isError) {
    return <Message severity="error" text={data.error instanceof ApiError ? data.error.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong} />;
  }
  if (!data.data) {
    return (
      <div className="eb-contact-records__loading">
        <ProgressSpinner style={{ width: '1.75rem', height: '1.75rem' }} strokeWidth="5" aria-label={CONTACT_TEXTS.loading} />
      </div>
    );
  }
  const d = data.data;
  const pick = (patch: Partial<ContactChoice>) => choice && onChoiceChange?.({ ...choice, ...patch }, d);
  const radio = <T extends { objectId: number }>(name: 'address' | 'phone' | 'email', label: (r: T) => string, checked: (r: T) => boolean, onPick: (r: T) => void): GridColumn<T> => ({
    field: 'choose',
    header: <span className="eb-sr-only">{CONTACT_TEXTS.selected}</span>,
    width: '3rem',
    minWidth: 48,
    resizable: false,
    align: 'center',
    body: (r) => (
      <RadioButton
        inputId={`${uid}-${name}-${r.objectId}`}
        name={`${uid}-${name}`}
        value={r.objectId}
        checked={checked(r)}
        onChange={() => onPick(r)}
        aria-label={label(r)}
      />
    ),
  });

  const addressColumns: GridColumn<ContactAddress>[] = [
    ...(choice ? [radio<ContactAddress>('address', (r) => `${CONTACT_TEXTS.address} ${r.addressLine}`, (r) => choice.addressId === r.objectId, (r) => pick({ addressId: r.objectId }))] : []),
    { field: 'addressType', header: L.addressType, width: '8rem', body: (r) => labelOf(options.addressTypes, r.addressType) },
    { field: 'addressLine', header: L.addressLine },
    { field: 'city', header: L.city },
    { field: 'state', header: L.state, width: '5rem' },
    { field: 'zipCode', header: L.zipCode, width: '7rem', body: (r) => (r.zipCode ? (r.zipAppendix ? `${r.zipCode}-${r.zipAppendix}` : r.zipCode) : '') },
    { field: 'county', header: L.county },
    { field: 'supplyZone', header: L.supplyZone },
  ];
  const phoneColumns: GridColumn<ContactPhone>[] = [
    ...(choice ? [radio<ContactPhone>('phone', (r) => `${CONTACT_TEXTS.phone} ${r.phoneNumber}`, (r) => choice.phoneId === r.objectId, (r) => pick({ phoneId: r.objectId }))] : []),
    { field: 'phoneNumber', header: L.phoneNumber },
    { field: 'type', header: L.type, body: (r) => labelOf(options.phoneTypes, r.type) },
  ];
  const emailColumns: GridColumn<ContactEmail>[] = [
    ...(choice ? [radio<ContactEmail>('email', (r) => `${CONTACT_TEXTS.email} ${r.emailAddress}`, (r) => choice.emailId === r.objectId, (r) => pick({ emailId: r.objectId }))] : []),
    { field: 'emailAddress', header: L.emailAddress },
    { field: 'type', header: L.type, body: (r) => labelOf(options.emailTypes, r.type) },
  ];

  return (
    <div className={`eb-contact-records${choice ? ' eb-contact-records--choice' : ''}`}>
      <Section title={CONTACT_TEXTS.addresses} count={d.addresses.length} wide>
        <SubTable label={`${CONTACT_TEXTS.addresses} of contact ${contactId}`} rows={d.addresses} columns={addressColumns} onPick={choice ? (r) => pick({ addressId: r.objectId }) : undefined} />
      </Section>
      <Section title={CONTACT_TEXTS.phones} count={d.phones.length}>
        <SubTable label={`${CONTACT_TEXTS.phones} of contact ${contactId}`} rows={d.phones} columns={phoneColumns} onPick={choice ? (r) => pick({ phoneId: r.objectId }) : undefined} />
      </Section>
      <Section
        title={CONTACT_TEXTS.emails}
        count={d.emails.length}
        extra={
          choice && d.emails.length > 0 ? (
            <span className="eb-contact-records__no-email">
              <RadioButton inputId={`${uid}-email-none`} name={`${uid}-email`} value={0} checked={choice.emailId === null} onChange={() => pick({ emailId: null })} />
              <label htmlFor={`${uid}-email-none`}>{CONTACT_TEXTS.noEmail}</label>
            </span>
          ) : undefined
        }
      >
        <SubTable label={`${CONTACT_TEXTS.emails} of contact ${contactId}`} rows={d.emails} columns={emailColumns} onPick={choice ? (r) => pick({ emailId: r.objectId }) : undefined} />
      </Section>
    </div>
  );
}

function Section(props: { title: string; count: number; wide?: boolean; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={`eb-contact-records__section${props.wide ? ' eb-contact-records__section--wide' : ''}`}>
      <h3 className="eb-contact-records__title">
        {props.title} <span className="eb-contact-records__count">({props.count})</span>
        {props.extra}
      </h3>
      {props.children}
    </section>
  );
}

/** A contact's records; with `onPick`, a click anywhere on a row chooses it (as its radio button does). */
function SubTable<T extends { objectId: number }>(props: { label: string; rows: T[]; columns: GridColumn<T>[]; onPick?: (row: T) => void }) {
  return (
    <DataGrid<T>
      ariaLabel={props.label}
      value={props.rows}
      columns={props.columns}
      dataKey="objectId"
      lazy={false}
      rows={CONTACT_SUB_GRID_PAGE_SIZE}
      paginator={props.rows.length > CONTACT_SUB_GRID_PAGE_SIZE}
      rowsPerPageOptions={[CONTACT_SUB_GRID_PAGE_SIZE]}
      resizableColumns={false}
      emptyMessage={CONTACT_TEXTS.none}
      onRowClick={props.onPick ? (row) => props.onPick?.(row) : undefined}
      className={`eb-contact-records__grid${props.onPick ? ' eb-contact-records__grid--pick' : ''}`}
    />
  );
}
