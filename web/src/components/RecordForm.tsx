import type { CSSProperties, ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@eb/shared/messages';
import { ApiError } from '../lib/api-client';
import { FormFailure } from './FormFailure';
import type { Form } from './use-form';
import { Popup } from './Popup';
import './list-page.css';

/**
 * A declared record form (a business entity's, a contact's) in its popup, and what such a form
 * does on a save: one shell for the management screens' popups and the forms they hold.
 */

/** What a record form takes besides its record and its save's outcome. */
export interface RecordFormProps {
  onCancel: () => void;
  /** Default 'Save'; a search popup uses 'Save and Add to Amendment'. */
  submitLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  cancelIcon?: string;
  /** Offered after a stale save (409): load the stored record again. */
  onReload?: () => void;
  /** Focus the form's first field when it opens (default true). */
  autoFocus?: boolean;
}

/** What a record popup edits: a new record, or the stored one with this objectId. */
export type RecordFormTarget = { mode: 'create' } | { mode: 'edit'; id: number };

/** What the popup hands its form: the stored record (absent: a new one), how to close, and how to load it again. */
export interface RecordFormSlot<R> {
  record?: R;
  /** the form's key: a new record, or the record at its version (a reload is a new form) */
  formKey: string;
  /** closes the popup (after the Yes/No question when something is unsaved) */
  requestClose: () => Promise<void>;
  /** loads the stored record again (a stale save's Reload) */
  reload: () => void;
}

export interface RecordFormPopupProps<R extends { objectId: number; version: number }, K extends QueryKey> {
  target: RecordFormTarget | null;
  onClose: () => void;
  /** the stored record's query (loaded fresh when the popup opens to edit it) */
  recordQuery: (id: number) => UseQueryOptions<R, Error, R, K>;
  texts: { addNew: string; editTitle: string; loading: string };
  className: string;
  style: (mode: RecordFormTarget['mode']) => CSSProperties;
  children: (slot: RecordFormSlot<R>) => ReactNode;
}

/**
 * The popup of a record form: titled for a new or an edited record, the form once the stored record
 * has loaded (a spinner until then, the server's message if it cannot), closed by the form's save.
 */
export function RecordFormPopup<R extends { objectId: number; version: number }, K extends QueryKey>(props: RecordFormPopupProps<R, K>) {
  const { target, texts } = props;
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const record = useQuery({ ...props.recordQuery(editId ?? 0), enabled: editId !== undefined });
  return (
    <Popup
      visible={target !== null}
      onClose={props.onClose}
      header={target?.mode === 'edit' ? texts.editTitle : texts.addNew}
      className={props.className}
      style={props.style(target?.mode ?? 'create')}
      focusOnShow={false}
      blockScroll
    >
      {(requestClose) =>
        target === null ? null : target.mode === 'create' ? (
          props.children({ formKey: 'create', requestClose, reload: () => undefined })
        ) : record.data ? (
          props.children({ record: record.data, formKey: `edit-${record.data.objectId}-${record.data.version}`, requestClose, reload: () => void record.refetch() })
        ) : record.isError ? (
          <Message severity="error" text={record.error instanceof ApiError ? record.error.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong} />
        ) : (
          <div className={`eb-popup__loading ${props.className}__loading`}>
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-label={texts.loading} />
          </div>
        )
      }
    </Popup>
  );
}

/**
 * A record form's failed save: the server's message (or the general one) above the fields, its
 * field messages on their fields. A 409 is a stale edit (offer Reload) when the record was being
 * edited and no field is named; a 409 on a new record means its reserved id was taken meanwhile
 * (`onIdTaken`: reserve another one).
 */
export function showSaveFailure(err: unknown, form: Pick<Form<object>, 'setServerErrors' | 'setFailure'>, options: { editing: boolean; onIdTaken: () => void }) {
  const api = err instanceof ApiError ? err : undefined;
  const message = api?.describe(MSG.somethingWentWrong) ?? MSG.somethingWentWrong;
  if (api?.fieldErrors) form.setServerErrors(api.fieldErrors);
  if (api?.status === 409 && !options.editing) options.onIdTaken();
  form.setFailure({ message, stale: api?.status === 409 && options.editing && !api.fieldErrors });
}

/** A record form's buttons: Cancel (or the caller's text) and the submit button. */
export function RecordFormFooter(props: {
  className: string;
  cancel: { label: string; icon?: string; onClick: () => void };
  submit: { label: string; disabled: boolean; loading: boolean; form?: string };
}) {
  return (
    <div className={`eb-form-footer ${props.className}`}>
      <Button type="button" label={props.cancel.label} icon={props.cancel.icon} severity="secondary" text onClick={props.cancel.onClick} />
      <Button type="submit" form={props.submit.form} label={props.submit.label} icon="pi pi-check" disabled={props.submit.disabled} loading={props.submit.loading} />
    </div>
  );
}

/** A record form's save failure above its fields, with Reload (when the form can reload) after a stale save. */
export function RecordFormFailure(props: { form: Pick<Form<object>, 'failure' | 'setFailure'>; onReload?: () => void; reloadLabel: string; className: string }) {
  const { form, onReload } = props;
  return (
    <FormFailure
      failure={form.failure}
      reloadLabel={props.reloadLabel}
      onReload={
        onReload &&
        (() => {
          form.setFailure(null);
          onReload();
        })
      }
      role="alert"
      className={props.className}
    />
  );
}
