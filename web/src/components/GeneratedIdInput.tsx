import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import './form.css';

export interface GeneratedIdInputProps {
  /** The input's id (for its FormField label). */
  id: string;
  /** The id reserved by the server, or the stored one; undefined while it is being reserved. */
  value: number | undefined;
  /** Reserving: the empty input says `texts.generating`. */
  generating: boolean;
  /** Reserving failed: an error and a Retry button instead of the input. */
  failed: boolean;
  onRetry: () => void;
  texts: { generating: string; generateFailed: string; retry: string };
  'aria-describedby'?: string;
  /** Extra classes of the input. */
  className?: string;
}

/**
 * The read-only id of a form's entity (a new entity's id reserved by the server when the form
 * opens): out of the tab order, or an error with Retry when the reservation failed.
 */
export function GeneratedIdInput(props: GeneratedIdInputProps) {
  if (props.failed) {
    return (
      <div className="eb-generate-failed">
        <small className="p-error">{props.texts.generateFailed}</small>
        <Button type="button" label={props.texts.retry} size="small" text onClick={props.onRetry} />
      </div>
    );
  }
  return (
    <InputText
      id={props.id}
      value={props.value === undefined ? '' : String(props.value)}
      placeholder={props.generating ? props.texts.generating : undefined}
      readOnly
      aria-readonly="true"
      tabIndex={-1}
      className={['eb-readonly-input', props.className].filter(Boolean).join(' ')}
      aria-describedby={props['aria-describedby']}
    />
  );
}
