import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { TYPEAHEAD_LIMIT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { type BusinessEntityLink, type Contact, type ContactCreated } from '@eb/shared/contact/schemas';
import { businessEntityListQuery } from '../business-entity/api';
import { createContact, generatedContactIdQuery, updateContact, useInvalidateContacts } from './api';
import {
  EMPTY_CONTACT_FORM,
  contactFormRequired,
  contactFormSections,
  createBody,
  formOf,
  isChanged,
  updateBody,
  validateContactForm,
  valuesByPath,
  type ContactFormPath,
  type ContactFormValues,
} from './contact-form';
import { CONTACT_STATUS_OPTIONS, CONTACT_TEXTS } from './contact-texts';
import { RecordFormFailure, RecordFormFooter, showSaveFailure, type RecordFormProps } from '../../components/RecordForm';
import { DeclaredFields } from '../../components/DeclaredFields';
import { GeneratedIdInput } from '../../components/GeneratedIdInput';
import { useNotify } from '../../components/notify-context';
import { usePendingEdits } from '../../components/pending-edits';
import { useForm } from '../../components/use-form';
import { TypeaheadSelect, type TypeaheadOption } from '../../components/TypeaheadSelect';
import { digitsOnly, useContactOptions, useZipLookup } from './use-contact-options';
import './contact.css';

/** What a save produced: a new contact (its ids and the values it was made from), or the saved contact. */
export type ContactSaved =
  | { mode: 'create'; created: ContactCreated; values: ContactFormValues }
  | { mode: 'edit'; contact: Contact };

/** `autoFocus`: the first name. */
export interface ContactFormProps extends RecordFormProps {
  /** The contact to edit (as loaded, with its version); absent: a new contact. */
  contact?: Contact;
  /** After a successful save (the notice is already shown). */
  onSaved: (saved: ContactSaved) => void;
  /** Shown between the fields and the buttons, outside the form (the edit popup's sub-grids). */
  children?: ReactNode;
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
  const { values, errors, touch, messageOf, setFailure } = form;
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
      // the reserved Contact Id used meanwhile: reserve another one
      onError: (err) => showSaveFailure(err, form, { editing: !!contact, onIdTaken: () => void generated.refetch() }),
    });
  };

  const setPath = (path: ContactFormPath, value: unknown) => {
    const [part, key] = path.split('.') as ['address' | 'phone' | 'email', string];
    if (key === undefined) form.set(path as keyof ContactFormValues, value as never);
    else if (path === 'address.zipCode') onZip(String(value ?? ''));
    else if (path === 'address.zipAppendix') setPart('address', { zipAppendix: digitsOnly(String(value ?? '')).slice(0, 4) });
    else if (path === 'phone.phoneNumber') setPart('phone', { phoneNumber: digitsOnly(String(value ?? '')) });
    else setPart(part, { [key]: value });
  };
  const required = contactFormRequired(values, mode);
  const sections = contactFormSections(mode, required).map((section) => ({
    ...section,
    fields: section.fields.map((d) => (d.field === 'firstName' ? { ...d, autoFocus: props.autoFocus ?? true } : d)),
  }));
  const optionsOf: Partial<Record<ContactFormPath, readonly TypeaheadOption<unknown>[]>> = {
    status: CONTACT_STATUS_OPTIONS,
    role: options.roles,
    'address.addressType': options.addressTypes,
    'address.state': options.states,
    'phone.type': options.phoneTypes,
    'email.type': options.emailTypes,
  };
  const zipHint =
    zipState === 'looking' ? CONTACT_TEXTS.zipLooking : zipState === 'unknown' ? <span className="eb-contact-form__warn">{CONTACT_TEXTS.zipUnknown}</span> : undefined;
  const idOf = (path: ContactFormPath) => `${formId}-${path.replace('.', '-')}`;

  return (
    <div className="eb-form-stack eb-contact-form-wrap">
      <form id={formId} className="eb-contact-form" onSubmit={(e) => void submit(e)} noValidate aria-label={contact ? CONTACT_TEXTS.editTitle : CONTACT_TEXTS.addNew}>
        <RecordFormFailure form={form} onReload={props.onReload} reloadLabel={CONTACT_TEXTS.reload} className="eb-contact-form__failure" />
        <DeclaredFields<ContactFormPath>
          sections={sections}
          values={valuesByPath(values)}
          set={setPath}
          touch={touch}
          messageOf={messageOf}
          noteOf={(path) => (path === 'address.city' ? zipHint : undefined)}
          required={required}
          requiredPlaceholder={false}
          disabled={false}
          idPrefix={formId}
          layout="fieldsets"
          className="eb-contact-form__section"
          gridClassName="eb-contact-form__grid"
          optionsOf={(d) => optionsOf[d.field] ?? []}
          decorate={(d, control) =>
            d.field === 'contactId' ? (
              <GeneratedIdInput
                id={idOf('contactId')}
                value={contactId}
                generating={generated.isFetching}
                failed={mode === 'create' && generated.isError}
                onRetry={() => void generated.refetch()}
                texts={CONTACT_TEXTS}
                className="eb-contact-form__readonly"
              />
            ) : d.field === 'businessEntity' ? (
              <TypeaheadSelect<number>
                inputId={idOf('businessEntity')}
                value={values.businessEntity?.objectId ?? null}
                valueLabel={values.businessEntity ? beOption({ ...values.businessEntity, businessEntityId: values.businessEntity.businessEntityId ?? 0, legalName: values.businessEntity.legalName ?? '' }).label : undefined}
                suggest={suggestBusinessEntities}
                showDropdownButton
                onChange={(v) => form.set('businessEntity', v === null ? null : (seen.current.get(v) ?? { objectId: v, businessEntityId: null, legalName: null }))}
                placeholder={d.placeholder}
                invalid={messageOf('businessEntity') !== undefined}
                aria-describedby={messageOf('businessEntity') ? `${idOf('businessEntity')}-msg` : undefined}
              />
            ) : (
              control
            )
          }
        />
      </form>
      {props.children}
      <RecordFormFooter
        className="eb-contact-form__footer"
        cancel={{ label: props.cancelLabel ?? CONTACT_TEXTS.cancel, icon: props.cancelIcon, onClick: props.onCancel }}
        submit={{ label: props.submitLabel ?? CONTACT_TEXTS.save, disabled: !canSave, loading: save.isPending || settling, form: formId }}
      />
    </div>
  );
}
