import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { MSG } from '@eb/shared/messages';
import { generatedBusinessEntityIdQuery, useSaveBusinessEntity } from './api';
import { referenceItems, referencesQuery } from '../reference/references';
import { BUSINESS_ENTITY_TEXTS, STATUS_OPTIONS } from './business-entity-texts';
import {
  BUSINESS_ENTITY_REQUIRED,
  EMPTY_BUSINESS_ENTITY_FORM,
  businessEntityFormSections,
  createBody,
  formOf,
  isChanged,
  updateBody,
  validateBusinessEntityForm,
  type BusinessEntityFormField,
  type BusinessEntityFormValues,
} from './business-entity-form';
import { RecordFormFailure, RecordFormFooter, showSaveFailure, type RecordFormProps } from '../../components/RecordForm';
import { DeclaredFields } from '../../components/DeclaredFields';
import { GeneratedIdInput } from '../../components/GeneratedIdInput';
import { useNotify } from '../../components/notify-context';
import { useForm } from '../../components/use-form';
import './business-entity.css';

/** `autoFocus`: the Legal Name. */
export interface BusinessEntityFormProps extends RecordFormProps {
  /** The entity to edit (as loaded, with its version); absent: a new entity. */
  entity?: BusinessEntity;
  /** After a successful save (the notice is already shown): the saved entity. */
  onSaved: (entity: BusinessEntity) => void;
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

  const [nonce] = useState(() => String(++formCount));
  const generated = useQuery({ ...generatedBusinessEntityIdQuery(nonce), enabled: mode === 'create' });
  const businessEntityId = entity ? entity.businessEntityId : generated.data?.businessEntityId;

  const form = useForm<BusinessEntityFormValues>({
    initial: entity ? formOf(entity) : EMPTY_BUSINESS_ENTITY_FORM,
    validate: (v) => validateBusinessEntityForm(v, businessEntityId, mode),
    isDirty: (v) => (entity ? isChanged(v, entity) : true),
  });
  const { values, set, messageOf, setFailure } = form;
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
      // a number taken meanwhile: reserve another one
      onError: (err) => showSaveFailure(err, form, { editing: !!entity, onIdTaken: () => void generated.refetch() }),
    });
  };

  const sections = businessEntityFormSections(mode).map((section) => ({
    ...section,
    fields: section.fields.map((d) => (d.field === 'legalName' ? { ...d, autoFocus: props.autoFocus ?? true } : d)),
  }));
  const idPrefix = `${formId}-be`;

  return (
    <form className="eb-form-stack eb-be-form" onSubmit={submit} noValidate aria-label={entity ? BUSINESS_ENTITY_TEXTS.editTitle : BUSINESS_ENTITY_TEXTS.addNew}>
      <RecordFormFailure form={form} onReload={props.onReload} reloadLabel={BUSINESS_ENTITY_TEXTS.reload} className="eb-be-form__failure" />
      <DeclaredFields<BusinessEntityFormField>
        sections={sections}
        values={values as unknown as Record<string, unknown>}
        set={(field, value) => set(field as keyof BusinessEntityFormValues, value as never)}
        touch={form.touch}
        messageOf={messageOf}
        required={BUSINESS_ENTITY_REQUIRED}
        requiredPlaceholder={false}
        disabled={false}
        idPrefix={idPrefix}
        layout="plain"
        gridClassName="eb-form-grid eb-be-form__grid"
        optionsOf={(d) => (d.kind === 'toggle' ? STATUS_OPTIONS : referenceItems(references.data, d.itemType!).map((o) => ({ label: o.name, value: o.code })))}
        decorate={(d, control) =>
          d.field === 'businessEntityId' ? (
            <GeneratedIdInput
              id={`${idPrefix}-businessEntityId`}
              value={businessEntityId}
              generating={generated.isFetching}
              failed={mode === 'create' && generated.isError}
              onRetry={() => void generated.refetch()}
              texts={BUSINESS_ENTITY_TEXTS}
              className="eb-be-form__readonly"
              aria-describedby={messageOf('businessEntityId') ? `${idPrefix}-businessEntityId-msg` : undefined}
            />
          ) : (
            control
          )
        }
      />
      <RecordFormFooter
        className="eb-be-form__footer"
        cancel={{ label: props.cancelLabel ?? BUSINESS_ENTITY_TEXTS.cancel, icon: props.cancelIcon, onClick: props.onCancel }}
        submit={{ label: props.submitLabel ?? BUSINESS_ENTITY_TEXTS.save, disabled: !canSave, loading: save.isPending }}
      />
    </form>
  );
}
