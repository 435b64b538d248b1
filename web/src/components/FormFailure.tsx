import type { AriaRole } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import './form.css';

/** Why a save failed. */
export interface SaveFailure {
  message: string;
  /** The stored version was newer (409): offer to reload it. */
  stale: boolean;
}

export interface FormFailureProps {
  /** Nothing is shown without a failure. */
  failure: SaveFailure | null;
  /** Offered with a Reload button when the failure is stale. */
  onReload?: () => void;
  reloadLabel: string;
  /** e.g. 'alert', to announce the failure at once. */
  role?: AriaRole;
  /** Extra classes of the failure's box and of its message. */
  className?: string;
  messageClassName?: string;
}

/**
 * A form's save failure above its fields: the error message, and a Reload button when the stored
 * version was newer than the one edited (and the form can reload).
 */
export function FormFailure({ failure, onReload, reloadLabel, role, className, messageClassName }: FormFailureProps) {
  if (!failure) return null;
  return (
    <div className={['eb-form-failure', className].filter(Boolean).join(' ')} role={role}>
      <Message severity="error" text={failure.message} className={messageClassName} />
      {failure.stale && onReload && <Button type="button" label={reloadLabel} icon="pi pi-refresh" size="small" outlined onClick={onReload} />}
    </div>
  );
}
