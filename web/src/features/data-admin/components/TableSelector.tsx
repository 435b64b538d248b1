import { useId } from 'react';
import { Dropdown } from 'primereact/dropdown';

/** The tables of Data Administration (spec 2 calls the agent table 'Agent_Linked'; shown as 'Agent'). */
export const DATA_TABLES = [
  { label: 'Territory', value: 'territory' },
  { label: 'Agent', value: 'agent' },
] as const;
export type DataTable = (typeof DATA_TABLES)[number]['value'];
export const DEFAULT_TABLE: DataTable = 'territory';
export const SELECT_TABLE_LABEL = 'Select data table';

export function isDataTable(v: string | null): v is DataTable {
  return DATA_TABLES.some((t) => t.value === v);
}

/**
 * The 'Select data table' dropdown (spec 1 "Data Administration"). Disabled while a row is unsaved,
 * so that switching tables never drops an edit silently.
 */
export function TableSelector(props: { value: DataTable; onChange: (table: DataTable) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <span className="eb-da-selector">
      <label htmlFor={id} className="eb-da-selector__label">
        {SELECT_TABLE_LABEL}
      </label>
      <Dropdown
        inputId={id}
        value={props.value}
        options={[...DATA_TABLES]}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => props.onChange(e.value as DataTable)}
        disabled={props.disabled}
        tooltip={props.disabled ? 'Save or cancel the row being edited first' : undefined}
        tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
        className="p-inputtext-sm eb-da-selector__dropdown"
      />
    </span>
  );
}
