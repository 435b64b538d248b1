import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { LEGAL_NAME_MAX_LENGTH } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { generatedBusinessEntityIdQuery, useSaveBusinessEntity } from './api';
import { ApiError } from '../../lib/api-client';
import { referenceItems, referencesQuery } from '../reference/references';
import { BUSINESS_ENTITY_COLUMNS, BUSINESS_ENTITY_TEXTS, STATUS_OPTIONS } from './business-entity-texts';
import {
  EMPTY_BUSINESS_ENTITY_FORM,
  createBody,
  formOf,
  isChanged,
  updateBody,
  validateBusinessEntityForm,
  type BusinessEntityFormField,
  type BusinessEntityFormValues,
} from './business-entity-form';
import { FormFailure } from '../../components/FormFailure';
import { FormField } from '../../components/FormField';
import { GeneratedIdInput } from '../../components/GeneratedIdInput';
import { useNotify } from '../../components/notify-context';
import { SelectButtonField } from '../../components/SelectButtonField';
import { TypeaheadSelect } from '../../components/TypeaheadSelect';
import { useForm } from '../../components/use-form';
import './business-entity.css';

export interface BusinessEntityFormProps {
  /** The entity to edit (as loaded, with its version); absent: a new entity. */
  entity?: BusinessEntity;
  /** After a successful save (the notice is already shown): the saved entity. */
  onSaved: (entity: BusinessEntity) => void;
  onCancel: () => void;
  /** Default 'Save'; the search popup uses 'Save and Add to Amendment'. */
  submitLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  cancelIcon?: string;
  /** Offered after a stale save (409): load the stored entity again. */
  onReload?: () => void;
  /** Focus the Legal Name when the form opens (default true). */
  autoFocus?: boolean;
}

/** One reserved id per create form (a remount is a new form). */
let formCount = 0;

/**
 * The business entity form (spec 3 "Business Entity Management" popup, spec 2 "Business Entity
 * search popup" create form): Business Entity ID (read-only; for a new entity reserved by Generate
 * when the form opens), Legal Name, Company Type, Business Entity Type, and Status only when
 * editing. Save is disabled until the form is valid and, when editing, until something changed
 * from the loaded values. Shows 'New Business Entity has been created' or 'All changes have been
 * saved', then calls `onSaved`.
 */
export function BusinessEntityForm(props: BusinessEntityFormProps) {
  const { entity } = props;
  const mode = entity ? 'edit' : 'create';
  const formId = useId();
  const notify = useNotify();
  const save = useSaveBusinessEntity();
  const references = useQuery(referencesQuery());
  const companyTypes = referenceItems(references.data, 'businessEntityCompanyTypes').map((o) => ({ label: o.name, value: o.code }));
  const types = referenceItems(references.data, 'businessEntityTypes').map((o) => ({ label: o.name, value: o.code }));

  const [nonce] = useState(() => String(++formCount));
  const generated = useQuery({ ...generatedBusinessEntityIdQuery(nonce), enabled: mode === 'create' });
  const businessEntityId = entity ? entity.businessEntityId : generated.data?.businessEntityId;

  const form = useForm<BusinessEntityFormValues>({
    initial: entity ? formOf(entity) : EMPTY_BUSINESS_ENTITY_FORM,
    validate: (v) => validateBusinessEntityForm(v, businessEntityId, mode),
    isDirty: (v) => (entity ? isChanged(v, entity) : true),
  });
  const { values, set, messageOf, failure, setFailure } = form;
  const canSave = form.valid && form.dirty && !save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave || businessEntityId === undefined) return;
    setFailure(null);
    const input = entity
      ? ({ mode: 'edit', id: entity.objectId, body: updateBody(values, entity) } as const)
      : ({ mode: 'create', body: createBody(values, businessEntityId) } as const);
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(entity ? MSG.allChangesSaved : MSG.businessEntityCreated);
        props.onSaved(saved);
      },
      onError: (err) => {
        const api = err instanceof ApiError ? err : undefined;
        const message = api?.describe(MSG.somethingWentWrong) ?? MSG.somethingWentWrong;
        if (api?.fieldErrors) form.setServerErrors(api.fieldErrors);
        if (api?.status === 409 && api.fieldErrors?.businessEntityId && !entity) {
          // the number was taken meanwhile: reserve another one
          setFailure({ message, stale: false });
          void generated.refetch();
        } else {
          setFailure({ message, stale: api?.status === 409 && !api.fieldErrors });
        }
      },
    });
  };

  const ids = {
    businessEntityId: `${formId}-businessEntityId`,
    legalName: `${formId}-legalName`,
    companyType: `${formId}-companyType`,
    type: `${formId}-type`,
    status: `${formId}-status`,
  };
  const describedBy = (field: BusinessEntityFormField) => (messageOf(field) ? `${ids[field === 'isActive' ? 'status' : field]}-msg` : undefined);

  return (
    <form className="eb-form-stack eb-be-form" onSubmit={submit} noValidate aria-label={entity ? BUSINESS_ENTITY_TEXTS.editTitle : BUSINESS_ENTITY_TEXTS.addNew}>
      <FormFailure
        failure={failure}
        reloadLabel={BUSINESS_ENTITY_TEXTS.reload}
        onReload={
          props.onReload &&
          (() => {
            setFailure(null);
            props.onReload?.();
          })
        }
        role="alert"
        className="eb-be-form__failure"
      />
      <div className="eb-form-grid eb-be-form__grid">
        <FormField id={ids.businessEntityId} label={BUSINESS_ENTITY_COLUMNS.businessEntityId} message={messageOf('businessEntityId')}>
          <GeneratedIdInput
            id={ids.businessEntityId}
            value={businessEntityId}
            generating={generated.isFetching}
            failed={mode === 'create' && generated.isError}
            onRetry={() => void generated.refetch()}
            texts={BUSINESS_ENTITY_TEXTS}
            className="eb-be-form__readonly"
            aria-describedby={describedBy('businessEntityId')}
          />
        </FormField>
        <FormField id={ids.legalName} label={BUSINESS_ENTITY_COLUMNS.legalName} required message={messageOf('legalName')}>
          <InputText
            id={ids.legalName}
            value={values.legalName}
            onChange={(e) => set('legalName', e.target.value)}
            onBlur={() => form.touch('legalName')}
            invalid={messageOf('legalName') !== undefined}
            aria-required="true"
            aria-describedby={describedBy('legalName') ?? `${ids.legalName}-count`}
            autoComplete="off"
            autoFocus={props.autoFocus ?? true}
          />
          <small id={`${ids.legalName}-count`} className="eb-be-form__count" aria-live="polite">
            {values.legalName.trim().length}/{LEGAL_NAME_MAX_LENGTH}
          </small>
        </FormField>
        <FormField id={ids.companyType} label={BUSINESS_ENTITY_COLUMNS.companyType} message={messageOf('companyType')}>
          <TypeaheadSelect<string>
            inputId={ids.companyType}
            value={values.companyType}
            options={companyTypes}
            onChange={(v) => set('companyType', v)}
            placeholder={BUSINESS_ENTITY_TEXTS.selectPlaceholder}
            invalid={messageOf('companyType') !== undefined}
            aria-describedby={describedBy('companyType')}
          />
        </FormField>
        <FormField id={ids.type} label={BUSINESS_ENTITY_COLUMNS.type} message={messageOf('type')}>
          <TypeaheadSelect<string>
            inputId={ids.type}
            value={values.type}
            options={types}
            onChange={(v) => set('type', v)}
            placeholder={BUSINESS_ENTITY_TEXTS.selectPlaceholder}
            invalid={messageOf('type') !== undefined}
            aria-describedby={describedBy('type')}
          />
        </FormField>
        {mode === 'edit' && (
          <SelectButtonField<boolean>
            id={ids.status}
            label={BUSINESS_ENTITY_COLUMNS.isActive}
            value={values.isActive}
            options={STATUS_OPTIONS}
            onChange={(v) => set('isActive', v)}
            className="eb-be-form__status"
          />
        )}
      </div>
      <div className="eb-form-footer eb-be-form__footer">
        <Button
          type="button"
          label={props.cancelLabel ?? BUSINESS_ENTITY_TEXTS.cancel}
          icon={props.cancelIcon}
          severity="secondary"
          text
          onClick={props.onCancel}
        />
        <Button
          type="submit"
          label={props.submitLabel ?? BUSINESS_ENTITY_TEXTS.save}
          icon="pi pi-check"
          disabled={!canSave}
          loading={save.isPending}
        />
      </div>
    </form>
  );
}
