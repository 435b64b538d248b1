import { InputText } from 'primereact/inputtext';
import type { EditorContext } from './EditableGrid';

/** Digits only (zip, +4 and phone inputs drop anything else, pasted formatting included). */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/** A grid cell editor of digits, at most `max`; `onTyped` sees each value (e.g. a zip lookup). */
export const digitsEditor = <T,>(max: number, onTyped?: (value: string) => void) =>
  function DigitsEditor(ctx: EditorContext<T>) {
    return (
      <InputText
        id={ctx.id}
        value={ctx.value === null || ctx.value === undefined ? '' : String(ctx.value)}
        onChange={(e) => {
          const v = digitsOnly(e.target.value).slice(0, max);
          ctx.onChange(v);
          onTyped?.(v);
        }}
        placeholder={ctx.placeholder}
        aria-label={ctx.ariaLabel}
        inputMode="numeric"
        autoComplete="off"
        className="p-inputtext-sm eb-grid-editor eb-grid-editor-text"
      />
    );
  };
