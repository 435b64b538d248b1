import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { AGENT_FIELD_KINDS, agentFieldMaxLength, type AgentField } from '@eb/shared/agent/schemas';
import type { ReferenceSet } from '@eb/shared/reference/data';
import { formatDisplayDate } from '@eb/shared/formats';
import { DateInput } from '../../../components/DateInput';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { codeOptions, YES_NO_OPTIONS } from '../../../entities/reference/reference-options';
import { referenceItems } from '../../../entities/reference/references';

/** A row of the agents grid: a stored agent, or a new one (objectId 0); values as typed (empty is null). */
export type AgentRow = { objectId: number; version: number } & { [K in AgentField]: unknown } & {
  /** the row-actions column (details, delete): not a field */
  rowActions?: undefined;
};

export interface AgentFieldInputProps {
  field: AgentField;
  value: unknown;
  onChange: (value: unknown) => void;
  id: string;
  ariaLabel: string;
  sets: readonly ReferenceSet[] | undefined;
  /** The field's message (shown under the input; the input is marked invalid). */
  error?: string;
  placeholder?: string;
  /** A date input's text is (not) a date: Save stays disabled while one is not. */
  onDateValidity?: (field: AgentField, valid: boolean) => void;
  /** In a grid cell: one-line inputs, small. */
  compact?: boolean;
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The input of one agent field, by its kind (spec 2 section 3): text, email, notes, commission, date, yes/no, selections. */
export function AgentFieldInput(props: AgentFieldInputProps) {
  const { field, value, onChange, id, ariaLabel, error, compact } = props;
  const kind = AGENT_FIELD_KINDS[field];
  const errorId = `${id}-error`;
  const size = compact ? 'p-inputtext-sm' : undefined;
  const common = {
    id,
    'aria-label': ariaLabel,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    placeholder: props.placeholder,
  };
  const textChange = (text: string) => onChange(text === '' ? null : text);

  let input;
  switch (kind) {
    case 'agentType':
    case 'state':
      input = (
        <TypeaheadSelect<string>
          inputId={id}
          aria-label={ariaLabel}
          options={codeOptions(props.sets, kind === 'state' ? 'states' : 'agentTypes', kind === 'state' ? 'code' : 'name')}
          value={value as string | null}
          onChange={(v) => onChange(v)}
          className="eb-grid-editor"
          inputClassName={size}
        />
      );
      break;
    case 'yesNo':
      input = (
        <TypeaheadSelect<boolean>
          inputId={id}
          aria-label={ariaLabel}
          options={YES_NO_OPTIONS}
          value={value as boolean | null}
          onChange={(v) => onChange(v)}
          className="eb-grid-editor"
          inputClassName={size}
        />
      );
      break;
    case 'date':
      input = (
        <DateInput
          inputId={id}
          aria-label={ariaLabel}
          value={value as string | null}
          onChange={(v) => onChange(v)}
          onValidityChange={(valid) => props.onDateValidity?.(field, valid)}
          className="eb-grid-editor"
        />
      );
      break;
    case 'notes':
      input = compact ? (
        <InputText {...common} value={asText(value)} onChange={(e) => textChange(e.target.value)} maxLength={agentFieldMaxLength(field)} className={`${size} eb-grid-editor eb-grid-editor-text`} autoComplete="off" />
      ) : (
        <InputTextarea {...common} value={asText(value)} onChange={(e) => textChange(e.target.value)} maxLength={agentFieldMaxLength(field)} rows={3} autoResize className="eb-grid-editor" />
      );
      break;
    case 'commission':
      input = (
        <InputText
          {...common}
          value={asText(value)}
          onChange={(e) => textChange(e.target.value.trim())}
          inputMode="decimal"
          className={`${size ?? ''} eb-grid-editor eb-grid-editor-text eb-da-number`}
          invalid={!!error}
          autoComplete="off"
        />
      );
      break;
    default:
      input = (
        <InputText
          {...common}
          value={asText(value)}
          onChange={(e) => textChange(e.target.value)}
          maxLength={agentFieldMaxLength(field)}
          inputMode={kind === 'email' ? 'email' : undefined}
          invalid={!!error}
          className={`${size ?? ''} eb-grid-editor eb-grid-editor-text`}
          autoComplete="off"
        />
      );
  }
  return (
    <>
      {input}
      {error && (
        <small id={errorId} className="eb-da-field-error" role="alert">
          {error}
        </small>
      )}
    </>
  );
}

/** How a stored value reads in the grid and the change log: names for ids, Yes/No, MM/dd/yyyy. */
export function agentValueText(field: string, value: unknown, sets: readonly ReferenceSet[] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = AGENT_FIELD_KINDS[field as AgentField];
  if (kind === 'agentType' || kind === 'state') {
    // values are codes; change-log entries written before the codes convention hold the objectId
    const item = referenceItems(sets, kind === 'state' ? 'states' : 'agentTypes').find(
      (i) => i.code === String(value) || String(i.objectId) === String(value),
    );
    return item ? item[kind === 'state' ? 'code' : 'name'] : String(value);
  }
  if (kind === 'yesNo') return value === true || value === 'true' ? 'Yes' : 'No';
  if (kind === 'date') return formatDisplayDate(String(value));
  return String(value);
}
