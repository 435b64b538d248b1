import { useId, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@eb/shared/messages';
import type { UserType } from '@eb/shared/roles';
import type { UserDto } from '@eb/shared/users/schemas';
import { ApiError } from '../../../lib/api-client';
import { referenceItems, referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { FormFailure } from '../../../components/FormFailure';
import { DeclaredFields } from '../../../components/DeclaredFields';
import { useNotify } from '../../../components/notify-context';
import { useForm } from '../../../components/use-form';
import { userQuery, useSaveUser } from '../api/users';
import {
  EMPTY_USER_FORM,
  createBody,
  formOf,
  updateBody,
  userFormRequired,
  userFormSections,
  validateUserForm,
  type UserField,
  type UserFormMode,
  type UserFormValues,
} from './user-form';
import { USER_DIALOG_TITLES, USER_FORM_TEXTS, USER_STATUS_LABELS, USER_LOADING_LABEL } from '../../../entities/users/user-texts';
import '../../../components/list-page.css';
import { Popup } from '../../../components/Popup';

/** What the popup edits: a new user, or the user with this id. */
export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; id: number };

const STATUS_OPTIONS = [
  { label: USER_STATUS_LABELS.active, value: true },
  { label: USER_STATUS_LABELS.inactive, value: false },
];

/** The create/edit popup of User Administration. Closes itself after a successful save. */
export function UserDialog({ target, onClose }: { target: UserDialogTarget | null; onClose: () => void }) {
  const mode: UserFormMode = target?.mode ?? 'create';
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const user = useQuery({ ...userQuery(editId ?? 0), enabled: editId !== undefined });
  return (
    <Popup
      visible={target !== null}
      onClose={onClose}
      header={USER_DIALOG_TITLES[mode]}
      className="eb-user-dialog"
      style={{ width: 'min(46rem, 96vw)' }}
      focusOnShow={false}
      blockScroll
    >
      {target === null ? null : target.mode === 'create' ? (
        <UserForm key="create" mode="create" onClose={onClose} />
      ) : user.data ? (
        <UserForm key={`edit-${user.data.objectId}-${user.data.version}`} mode="edit" user={user.data} onReload={() => void user.refetch()} onClose={onClose} />
      ) : user.isError ? (
        <Message severity="error" text={user.error instanceof ApiError ? user.error.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong} />
      ) : (
        <div className="eb-popup__loading eb-user-dialog__loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-label={USER_LOADING_LABEL} />
        </div>
      )}
    </Popup>
  );
}

function UserForm(props: { mode: UserFormMode; user?: UserDto; onReload?: () => void; onClose: () => void }) {
  const { mode, user } = props;
  const formId = useId();
  const notify = useNotify();
  const me = useSignedInUser();
  const references = useQuery(referencesQuery());
  const roleOptions = referenceItems(references.data, 'userTypes').map((r) => ({ label: r.name, value: r.code as UserType }));
  const save = useSaveUser();
  const form = useForm<UserFormValues>({ initial: user ? formOf(user) : EMPTY_USER_FORM, validate: (v) => validateUserForm(v, mode) });
  const { values, set, messageOf, setFailure, failure } = form;
  const self = mode === 'edit' && user?.objectId === me.objectId;

  const canSave = form.valid && !save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setFailure(null);
    const input =
      mode === 'create'
        ? ({ mode: 'create', body: createBody(values) } as const)
        : ({ mode: 'edit', id: user!.objectId, body: updateBody(values, user!.version) } as const);
    save.mutate(input, {
      onSuccess: () => {
        notify.success(mode === 'create' ? MSG.userCreated : MSG.allChangesSaved);
        props.onClose();
      },
      onError: (err) => {
        const api = err instanceof ApiError ? err : undefined;
        if (api?.status === 400 && api.fieldErrors) {
          form.setServerErrors(api.fieldErrors);
          setFailure({ message: api.describe(MSG.invalidInput), stale: false });
        } else if (mode === 'create' && api?.status !== 0) {
          // Spec 1 section 8: "Creating a user that fails shows 'User with the same email already exists'".
          form.setServerErrors({ email: MSG.userEmailExists });
          setFailure({ message: MSG.userEmailExists, stale: false });
        } else if (api?.status === 409 && api.serverMessage === MSG.userEmailExists) {
          form.setServerErrors({ email: MSG.userEmailExists });
          setFailure({ message: MSG.userEmailExists, stale: false });
        } else {
          setFailure({ message: api?.describe(MSG.somethingWentWrong) ?? MSG.somethingWentWrong, stale: api?.status === 409 });
        }
      },
    });
  };

  return (
    <form id={formId} className="eb-form-stack eb-user-form" onSubmit={submit} noValidate aria-label={USER_DIALOG_TITLES[mode]}>
      <FormFailure
        failure={failure}
        reloadLabel={USER_FORM_TEXTS.reload}
        onReload={
          props.onReload &&
          (() => {
            setFailure(null);
            form.reset(values);
            props.onReload?.();
          })
        }
        className="eb-user-form__failure"
        messageClassName="eb-form-error"
      />
      <DeclaredFields<UserField>
        sections={userFormSections(mode)}
        values={values as unknown as Record<string, unknown>}
        set={(field, value) => set(field, value as never)}
        touch={form.touch}
        messageOf={messageOf}
        required={userFormRequired(mode)}
        requiredPlaceholder={false}
        disabled={false}
        disabledOf={(field) => self && (field === 'type' || field === 'isActive')}
        idPrefix={formId}
        layout="plain"
        gridClassName="eb-form-grid eb-user-form__grid"
        optionsOf={(d) => (d.kind === 'toggle' ? STATUS_OPTIONS : roleOptions)}
      />
      {self && (
        <p className="eb-user-form__note">
          <i className="pi pi-info-circle" aria-hidden="true" /> {USER_FORM_TEXTS.ownAccount}
        </p>
      )}
      <div className="eb-user-form__footer">
        <Button type="button" label={USER_FORM_TEXTS.cancel} severity="secondary" text onClick={props.onClose} />
        <Button type="submit" label={USER_FORM_TEXTS.save} icon="pi pi-check" disabled={!canSave} loading={save.isPending} />
      </div>
    </form>
  );
}
