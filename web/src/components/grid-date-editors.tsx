import { Checkbox } from 'primereact/checkbox';
import { DateInput } from './DateInput';
import type { EditorContext } from './EditableGrid';

/* Grid cell editors with heavier inputs (a calendar, a checkbox), apart from grid-editors.tsx so that grids without them do not load them. */

/** A grid cell editor of a date (the product's DateInput). */
export const dateEditor = <T,>() =>
  function DateEditor(ctx: EditorContext<T>) {
    return <DateInput inputId={ctx.id} aria-label={ctx.ariaLabel} value={(ctx.value as string | null) ?? null} onChange={(v) => ctx.onChange(v)} placeholder={ctx.placeholder} className="eb-grid-editor" />;
  };

/** A grid cell editor of a yes/no checkbox; `onToggled` sees the new value. */
export const checkboxEditor = <T,>(onToggled?: (checked: boolean) => void) =>
  function CheckboxEditor(ctx: EditorContext<T>) {
    return (
      <Checkbox
        inputId={ctx.id}
        aria-label={ctx.ariaLabel}
        checked={ctx.value === true}
        onChange={(e) => {
          ctx.onChange(e.checked === true);
          onToggled?.(e.checked === true);
        }}
      />
    );
  };
