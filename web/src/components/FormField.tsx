import type { ReactNode } from 'react';
import './form.css';

export interface FormFieldProps {
  /** The control's id: the label points at it, and the error text is `${id}-msg` (for aria-describedby). */
  id: string;
  label: string;
  /** Marks the label with a red asterisk (hidden from assistive technology). */
  required?: boolean;
  /** The field's error text, shown below the control. */
  message?: string;
  /** A note shown below the control while there is no error. */
  hint?: ReactNode;
  /** The control. */
  children: ReactNode;
}

/** A form field: its label (required marked), the control, and its error text or a hint below. */
export function FormField(props: FormFieldProps) {
  return (
    <div className="eb-field">
      <label htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="eb-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {props.children}
      {props.message ? (
        <small id={`${props.id}-msg`} className="eb-field__error p-error">
          {props.message}
        </small>
      ) : (
        props.hint && <small className="eb-field__hint">{props.hint}</small>
      )}
    </div>
  );
}
