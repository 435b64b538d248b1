import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  COUNTY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SUPPLY_ZONE_MAX_LENGTH,
  TYPEAHEAD_LIMIT,
} from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { SERVICE_ADDRESS_TYPE, type BusinessEntityLink, type Contact, type ContactCreated } from '@eb/shared/contact/schemas';
import { businessEntityListQuery } from '../business-entity/api';
import { ApiError } from '../../lib/api-client';
import { createContact, generatedContactIdQuery, updateContact, useInvalidateContacts } from './api';
import {
  EMPTY_CONTACT_FORM,
  createBody,
  formOf,
  isChanged,
  updateBody,
  validateContactForm,
  type AddressFormValues,
  type ContactFormValues,
} from './contact-form';
import { CONTACT_FIELD_LABELS as L, CONTACT_STATUS_OPTIONS, CONTACT_TEXTS } from './contact-texts';
import { FormFailure } from '../../components/FormFailure';
import { FormField } from '../../components/FormField';
import { GeneratedIdInput } from '../../components/GeneratedIdInput';
import { useNotify } from '../../components/notify-context';
import { usePendingEdits } from '../../components/pending-edits';
import { useForm } from '../../components/use-form';
import { SelectButtonField } from '../../components/SelectButtonField';
import { TypeaheadSelect, type TypeaheadOption } from '../../components/TypeaheadSelect';
import { digitsOnly, useContactOptions, useZipLookup } from './use-contact-options';
import './contact.css';

/** What a save produced: a new contact (its ids and the values it was made from), or the saved contact. */
export type ContactSaved =
  | { mode: 'create'; created: ContactCreated; values: ContactFormValues }
  | { mode: 'edit'; contact: Contact };

export interface ContactFormProps {
  /** The contact to edit (as loaded, with its version); absent: a new contact. */
  contact?: Contact;
  /** After a successful save (the notice is already shown). */
  onSaved: (saved: ContactSaved) => void;
  onCancel: () => void;
  /** Default 'Save'; the contact search popup uses 'Save and Add to Amendment'. */
  submitLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  cancelIcon?: string;
  /** Offered after a stale save (409): load the stored contact again. */
  onReload?: () => void;
  /** Shown between the fields and the buttons, outside the form (the edit popup's sub-grids). */
  children?: ReactNode;
  /** Focus the first name when the form opens (default true). */
  autoFocus?: boolean;
}

/** One reserved Contact Id per create form (a remount is a new form). */
let formCount = 0;

const beOption = (be: Pick<BusinessEntity, 'objectId' | 'businessEntityId' | 'legalName'>): TypeaheadOption<number> => ({
  label: `${be.legalName} (${be.businessEntityId})`,
  value: be.objectId,
});

/**
 * The contact form (spec 3 "Contact Entity Management" popups, spec 2 "Contact Search popup" create
 * form), shared by the management screen and the search popup.
 * - New contact: Contact Id (read-only, reserved by Generate when the form opens), the names,
 *   identifier, role and business entity (a type-ahead over business entities), then the first
 *   address, phone and optional email. Typing a 5-digit zip fills state, city and county.
 * - Existing contact: the contact's own fields and its status; only first and last name are required.
 * Save stays disabled until the form is valid (and, when editing, changed). Shows 'New Primary
 * Contact has been created' or 'All changes have been saved', then calls `onSaved`.
 */
export function ContactForm(props: ContactFormProps) {
  const { contact } = props;
  const mode = contact ? 'edit' : 'create';
  const formId = useId().replace(/:/g, '');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateContacts();
  const options = useContactOptions();
  const lookupZip = useZipLookup();

  const [nonce] = useState(() => String(++formCount));
  const generated = useQuery({ ...generatedContactIdQuery(nonce), enabled: mode === 'create' });
  const contactId = contact ? contact.contactId : generated.data?.objectId;

  const form = useForm<ContactFormValues>({
    initial: contact ? formOf(contact) : EMPTY_CONTACT_FORM,
    validate: (v) => validateContactForm(v, mode),
    isDirty: (v) => (contact ? isChanged(v, contact) : true),
  });
  const { values, errors, touch, messageOf, failure, setFailure } = form;
  const [zipState, setZipState] = useState<'idle' | 'looking' | 'unknown'>('idle');
  const zipRequest = useRef(0);
  /** business entities seen in the type-ahead, by objectId */
  const seen = useRef(new Map<number, BusinessEntityLink>());

  const changed = form.dirty;

  const save = useMutation({
    mutationFn: async (): Promise<ContactSaved> =>
      contact
        ? { mode: 'edit', contact: await updateContact(contact.objectId, updateBody(values, contact.version)) }
        : { mode: 'create', created: await createContact(createBody(values, contactId)), values },
    onSuccess: () => void invalidate(),
  });
  // unsaved sub-grid rows of the popup (edit): saved with the rest, or dropped after Yes/No
  const pendingRows = usePendingEdits();
  const [settling, setSettling] = useState(false);
  const canSave =
    Object.keys(errors).length === 0 &&
    (changed || pendingRows.count > 0) &&
    !save.isPending &&
    !settling &&
    (mode === 'edit' || contactId !== undefined);

  const set = <K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) => form.set(field, value);
  const setPart = <S extends 'address' | 'phone' | 'email'>(section: S, patch: Partial<ContactFormValues[S]>, markTouched = true) =>
    form.update(
      (v) => ({ ...v, [section]: { ...v[section], ...patch } }),
      Object.keys(patch).map((k) => `${section}.${k}`),
      markTouched,
    );

  const onZip = (text: string) => {
    const zipCode = digitsOnly(text).slice(0, 5);
    setPart('address', { zipCode });
    const request = ++zipRequest.current;
    if (zipCode.length !== 5) {
      setZipState('idle');
      return;
    }
    setZipState('looking');
    void lookupZip(zipCode).then((found) => {
      if (request !== zipRequest.current) return; // a newer zip was typed
      if (!found) {
        setZipState('unknown');
        return;
      }
      setZipState('idle');
      setPart('address', { state: found.state, city: found.city, county: found.county });
    });
  };

  const suggestBusinessEntities = async (query: string): Promise<TypeaheadOption<number>[]> => {
    const page = await queryClient.fetchQuery(
      businessEntityListQuery({ keyword: query.trim(), status: 'active', skip: 0, limit: TYPEAHEAD_LIMIT, orderBy: 'legalName Ascending' }),
    );
    for (const be of page.data) seen.current.set(be.objectId, { objectId: be.objectId, businessEntityId: be.businessEntityId, legalName: be.legalName });
    return page.data.map(beOption);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setFailure(null);
    setSettling(true);
    const settled = await pendingRows.settle().finally(() => setSettling(false));
    if (!settled) return; // a row failed to save (the grid shows why), or the user kept it
    if (contact && !changed) {
      // only sub-grid rows were pending: they are saved
      props.onSaved({ mode: 'edit', contact });
      return;
    }
    save.mutate(undefined, {
      onSuccess: (saved) => {
        notify.success(saved.mode === 'create' ? MSG.primaryContactCreated : MSG.allChangesSaved);
        props.onSaved(saved);
      },
      onError: (err) => {
        const api = err instanceof ApiError ? err : undefined;
        const message = api?.describe(MSG.somethingWentWrong) ?? MSG.somethingWentWrong;
        if (api?.fieldErrors) form.setServerErrors(api.fieldErrors);
        if (api?.status === 409 && !contact) {
          // the reserved Contact Id was used meanwhile: reserve another one
          void generated.refetch();
        }
        setFailure({ message, stale: api?.status === 409 && !!contact });
      },
    });
  };

  const id = (path: string) => `${formId}-${path.replace('.', '-')}`;
  const describedBy = (path: string) => (messageOf(path) ? `${id(path)}-msg` : undefined);
  const text = (path: string, value: string, onChange: (v: string) => void, extra: { maxLength?: number; required?: boolean; autoFocus?: boolean; inputMode?: 'numeric' | 'email' | 'tel'; placeholder?: string } = {}) => (
    <InputText
      id={id(path)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => touch(path)}
      maxLength={extra.maxLength}
      invalid={messageOf(path) !== undefined}
      aria-required={extra.required ? 'true' : undefined}
      aria-describedby={describedBy(path)}
      inputMode={extra.inputMode}
      placeholder={extra.placeholder}
      autoComplete="off"
      autoFocus={extra.autoFocus}
    />
  );
  const select = (path: string, value: string | null, opts: readonly TypeaheadOption<string>[], onChange: (v: string | null) => void, required = false) => (
    <TypeaheadSelect<string>
      inputId={id(path)}
      value={value}
      options={opts}
      onChange={(v) => {
        onChange(v);
        touch(path);
      }}
      placeholder={required ? MSG.required : CONTACT_TEXTS.selectPlaceholder}
      invalid={messageOf(path) !== undefined}
      required={required}
      aria-describedby={describedBy(path)}
    />
  );
  const field = (path: string, label: string, control: ReactNode, required = false, hint?: ReactNode) => (
    <FormField id={id(path)} label={label} required={required} message={messageOf(path)} hint={hint}>
      {control}
    </FormField>
  );

  const identifierField = field('identifier', L.identifier, text('identifier', values.identifier, (v) => set('identifier', v), { maxLength: IDENTIFIER_MAX_LENGTH }));
  const a = values.address;
  const service = a.addressType === SERVICE_ADDRESS_TYPE;
  const setA = (patch: Partial<AddressFormValues>) => setPart('address', patch);
  const zipHint =
    zipState === 'looking' ? CONTACT_TEXTS.zipLooking : zipState === 'unknown' ? <span className="eb-contact-form__warn">{CONTACT_TEXTS.zipUnknown}</span> : undefined;

  return (
    <div className="eb-form-stack eb-contact-form-wrap">
      <form id={formId} className="eb-contact-form" onSubmit={(e) => void submit(e)} noValidate aria-label={contact ? CONTACT_TEXTS.editTitle : CONTACT_TEXTS.addNew}>
        <FormFailure
          failure={failure}
          reloadLabel={CONTACT_TEXTS.reload}
          onReload={
            props.onReload &&
            (() => {
              setFailure(null);
              props.onReload?.();
            })
          }
          role="alert"
          className="eb-contact-form__failure"
        />
        <fieldset className="eb-contact-form__section">
          {mode === 'create' && <legend>{CONTACT_TEXTS.contactSection}</legend>}
          <div className="eb-contact-form__grid">
            <FormField id={id('contactId')} label={L.contactId}>
              <GeneratedIdInput
                id={id('contactId')}
                value={contactId}
                generating={generated.isFetching}
                failed={mode === 'create' && generated.isError}
                onRetry={() => void generated.refetch()}
                texts={CONTACT_TEXTS}
                className="eb-contact-form__readonly"
              />
            </FormField>
            {mode === 'edit' ? (
              <SelectButtonField<ContactFormValues['status']>
                id={id('status')}
                label={L.status}
                value={values.status}
                options={CONTACT_STATUS_OPTIONS}
                onChange={(v) => set('status', v)}
                className="eb-contact-form__status"
              />
            ) : (
              identifierField
            )}
            {field('firstName', L.firstName, text('firstName', values.firstName, (v) => set('firstName', v), { maxLength: CONTACT_NAME_MAX_LENGTH, required: true, autoFocus: props.autoFocus ?? true }), true)}
            {field('middleName', L.middleName, text('middleName', values.middleName, (v) => set('middleName', v), { maxLength: CONTACT_NAME_MAX_LENGTH }))}
            {field('lastName', L.lastName, text('lastName', values.lastName, (v) => set('lastName', v), { maxLength: CONTACT_NAME_MAX_LENGTH, required: true }), true)}
            {field('suffix', L.suffix, text('suffix', values.suffix, (v) => set('suffix', v), { maxLength: CONTACT_NAME_MAX_LENGTH }))}
            {mode === 'edit' && identifierField}
            {field('role', L.role, select('role', values.role, options.roles, (v) => set('role', v)))}
            <div className={mode === 'edit' ? 'eb-contact-form__wide' : undefined}>
              {field(
                'businessEntity',
                L.businessEntity,
                <TypeaheadSelect<number>
                  inputId={id('businessEntity')}
                  value={values.businessEntity?.objectId ?? null}
                  valueLabel={values.businessEntity ? beOption({ ...values.businessEntity, businessEntityId: values.businessEntity.businessEntityId ?? 0, legalName: values.businessEntity.legalName ?? '' }).label : undefined}
                  suggest={suggestBusinessEntities}
                  showDropdownButton
                  onChange={(v) => set('businessEntity', v === null ? null : (seen.current.get(v) ?? { objectId: v, businessEntityId: null, legalName: null }))}
                  placeholder={CONTACT_TEXTS.businessEntityPlaceholder}
                  invalid={messageOf('businessEntity') !== undefined}
                  aria-describedby={describedBy('businessEntity')}
                />,
              )}
            </div>
          </div>
        </fieldset>

        {mode === 'create' && (
          <>
            <fieldset className="eb-contact-form__section">
              <legend>{CONTACT_TEXTS.address}</legend>
              <div className="eb-contact-form__grid eb-contact-form__grid--address">
                {field('address.addressType', L.addressType, select('address.addressType', a.addressType, options.addressTypes, (v) => setA({ addressType: v }), true), true)}
                <div className="eb-contact-form__wide">
                  {field('address.addressLine', L.addressLine, text('address.addressLine', a.addressLine, (v) => setA({ addressLine: v }), { maxLength: ADDRESS_LINE_MAX_LENGTH, required: true }), true)}
                </div>
                <div className="eb-contact-form__zip">
                  {field(
                    'address.zipCode',
                    L.zipCode,
                    text('address.zipCode', a.zipCode, onZip, { maxLength: 5, required: service, inputMode: 'numeric' }),
                    service,
                  )}
                  {field(
                    'address.zipAppendix',
                    L.zipAppendix,
                    text('address.zipAppendix', a.zipAppendix, (v) => setA({ zipAppendix: digitsOnly(v).slice(0, 4) }), { maxLength: 4, inputMode: 'numeric' }),
                  )}
                </div>
                {field('address.city', L.city, text('address.city', a.city, (v) => setA({ city: v }), { maxLength: CITY_MAX_LENGTH, required: true }), true, zipHint)}
                {field('address.state', L.state, select('address.state', a.state, options.states, (v) => setA({ state: v }), true), true)}
                {field('address.county', L.county, text('address.county', a.county, (v) => setA({ county: v }), { maxLength: COUNTY_MAX_LENGTH, required: service }), service)}
                {field('address.supplyZone', L.supplyZone, text('address.supplyZone', a.supplyZone, (v) => setA({ supplyZone: v }), { maxLength: SUPPLY_ZONE_MAX_LENGTH }))}
              </div>
            </fieldset>
            <div className="eb-contact-form__pair">
              <fieldset className="eb-contact-form__section">
                <legend>{CONTACT_TEXTS.phone}</legend>
                <div className="eb-contact-form__grid">
                  {field(
                    'phone.phoneNumber',
                    L.phoneNumber,
                    text('phone.phoneNumber', values.phone.phoneNumber, (v) => setPart('phone', { phoneNumber: digitsOnly(v) }), {
                      maxLength: PHONE_MAX_LENGTH,
                      required: true,
                      inputMode: 'tel',
                    }),
                    true,
                  )}
                  {field('phone.type', L.type, select('phone.type', values.phone.type, options.phoneTypes, (v) => setPart('phone', { type: v }), true), true)}
                </div>
              </fieldset>
              <fieldset className="eb-contact-form__section">
                <legend>{CONTACT_TEXTS.email}</legend>
                <div className="eb-contact-form__grid">
                  {field(
                    'email.emailAddress',
                    L.emailAddress,
                    text('email.emailAddress', values.email.emailAddress, (v) => setPart('email', { emailAddress: v }), { maxLength: EMAIL_MAX_LENGTH, inputMode: 'email' }),
                  )}
                  {field(
                    'email.type',
                    L.type,
                    select('email.type', values.email.type, options.emailTypes, (v) => setPart('email', { type: v })),
                    values.email.emailAddress.trim() !== '',
                  )}
                </div>
              </fieldset>
            </div>
          </>
        )}
      </form>
      {props.children}
      <div className="eb-form-footer eb-contact-form__footer">
        <Button type="button" label={props.cancelLabel ?? CONTACT_TEXTS.cancel} icon={props.cancelIcon} severity="secondary" text onClick={props.onCancel} />
        <Button type="submit" form={formId} label={props.submitLabel ?? CONTACT_TEXTS.save} icon="pi pi-check" disabled={!canSave} loading={save.isPending || settling} />
      </div>
    </div>
  );
}
