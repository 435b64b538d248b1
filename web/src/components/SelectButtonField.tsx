import { SelectButton } from 'primereact/selectbutton';
import './form.css';

export interface SelectButtonFieldProps<T> {
  /** The field's id: its label is `${id}-label`. */
  id: string;
  label: string;
  value: T;
  options: readonly { label: string; value: T }[];
  /** Called with the chosen option's value (a choice is always kept: no empty value). */
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Extra classes of the SelectButton. */
  className?: string;
}

/** A form field choosing one of a few options with a full-width SelectButton (e.g. Active / Inactive). */
export function SelectButtonField<T>(props: SelectButtonFieldProps<T>) {
  const labelId = `${props.id}-label`;
  return (
    <div className="eb-field">
      <span className="eb-field__label" id={labelId}>
        {props.label}
      </span>
      <SelectButton
        value={props.value}
        options={[...props.options]}
        onChange={(e) => e.value !== null && e.value !== undefined && props.onChange(e.value as T)}
        allowEmpty={false}
        disabled={props.disabled}
        aria-labelledby={labelId}
        className={['eb-select-button-field', props.className].filter(Boolean).join(' ')}
      />
    </div>
  );
}
