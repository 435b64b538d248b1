import type { ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Panel } from 'primereact/panel';
import { MSG } from '@eb/shared/messages';
import { DateInput } from './DateInput';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';
import { SelectButtonField } from './SelectButtonField';
import type { DeclaredField, DeclaredSection } from './declared-fields';
import { TypeaheadSelect, type TypeaheadOption } from './TypeaheadSelect';

export interface DeclaredFieldsProps<F extends string> {
  sections: readonly DeclaredSection<F>[];
  values: Readonly<Record<string, unknown>>;
  set: (field: F, value: unknown) => void;
  touch: (field: F) => void;
  messageOf: (field: F) => string | undefined;
  /** A warning or note below a field while it has no error (e.g. an LDC number that does not fit its territory's format). */
  hintOf?: (field: F) => string | undefined;
  /** What a 'display' field shows, and the stamp beside a 'check' field (who ticked it, when); '—' when none. */
  shownOf?: (field: F) => string | number | null | undefined;
  required: ReadonlySet<string>;
  disabled: boolean;
  /** a field disabled while the form is not (e.g. a user's own role) */
  disabledOf?: (field: F) => boolean;
  /** required fields show 'Required' in their empty control (default true) */
  requiredPlaceholder?: boolean;
  /**
   * How a section is framed: 'panels' (default) a toggleable panel under its title, 'fieldsets' a
   * fieldset with its title as legend (classes: `className`), 'plain' the fields' grid only.
   */
  layout?: 'panels' | 'fieldsets' | 'plain';
  /** the fields' grid's classes (default 'eb-declared-grid') */
  gridClassName?: string;
  /** a note below a field while it has no error, as given (e.g. 'Looking up the zip code...') */
  noteOf?: (field: F) => ReactNode;
  /** ids are `${idPrefix}-${field}` */
  idPrefix: string;
  /** the options of a select, yes/no or ref field */
  /** the options of a select, toggle, yes/no or ref field */
  optionsOf: (d: DeclaredField<F>) => readonly TypeaheadOption<unknown>[];
  /** wraps a field's control (e.g. a button beside it) */
  decorate?: (d: DeclaredField<F>, control: ReactNode) => ReactNode;
  className?: string;
}

const warningHint = (text: string | undefined, id: string): ReactNode =>
  text ? (
    <span id={id} className="eb-field__warning" role="status">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {text}
    </span>
  ) : undefined;

/** The sections of a declared form: a toggleable panel each, with a labelled control per field and its message. */
export function DeclaredFields<F extends string>(props: DeclaredFieldsProps<F>) {
  const control = (d: DeclaredField<F>, id: string): ReactNode => {
    const value = props.values[d.field];
    const required = props.required.has(d.field);
    const invalid = !!props.messageOf(d.field);
    const placeholder = d.placeholder ?? (required && props.requiredPlaceholder !== false ? MSG.required : undefined);
    const disabled = props.disabled || (props.disabledOf?.(d.field) ?? false);
    const common = { disabled, 'aria-describedby': invalid ? `${id}-msg` : d.counter ? `${id}-count` : undefined };
    switch (d.kind) {
      case 'display': {
        const shown = props.shownOf?.(d.field);
        return <InputText id={id} value={shown === null || shown === undefined || shown === '' ? '—' : String(shown)} readOnly className="eb-field__display" tabIndex={-1} />;
      }
      case 'check': {
        const stamp = props.shownOf?.(d.field);
        return (
          <span className="eb-field__check">
            <Checkbox inputId={id} checked={value === true} onChange={(e) => props.set(d.field, e.checked === true)} disabled={disabled} />
            {stamp ? <span className="eb-field__stamp">{stamp}</span> : null}
          </span>
        );
      }
      case 'date':
        return (
          <DateInput inputId={id} value={value as string | null} onChange={(v) => props.set(d.field, v)} required={required} invalid={invalid} {...(placeholder ? { placeholder } : {})} disabled={disabled} />
        );
      case 'select':
      case 'yesNo':
      case 'ref':
        return (
          <TypeaheadSelect<unknown>
            inputId={id}
            value={d.kind === 'ref' ? ((value as { objectId: number } | null)?.objectId ?? null) : value}
            options={props.optionsOf(d)}
            onChange={(v) => props.set(d.field, d.kind === 'ref' ? (v === null ? null : { objectId: v as number }) : v)}
            placeholder={placeholder}
            required={required}
            invalid={invalid}
            {...common}
          />
        );
      case 'password':
        return (
          <PasswordInput
            inputId={id}
            value={String(value ?? '')}
            onChange={(e) => props.set(d.field, e.target.value)}
            onBlur={() => props.touch(d.field)}
            placeholder={placeholder}
            invalid={invalid}
            aria-required={required ? 'true' : undefined}
            autoComplete={d.autoComplete ?? 'new-password'}
            {...common}
          />
        );
      default:
        // nothing typed is cut (no maxLength): what is too long gets the rule's length text
        return (
          <>
            <InputText
              id={id}
              type={d.kind === 'email' ? 'email' : undefined}
              value={String(value ?? '')}
              onChange={(e) => props.set(d.field, e.target.value)}
              onBlur={() => props.touch(d.field)}
              inputMode={d.inputMode ?? (d.kind === 'number' ? 'decimal' : undefined)}
              placeholder={placeholder}
              invalid={invalid}
              aria-required={required ? 'true' : undefined}
              autoComplete={d.autoComplete ?? (d.suggestions ? 'off' : undefined)}
              list={d.suggestions ? `${id}-suggestions` : undefined}
              maxLength={d.cut ? d.maxLength : undefined}
              autoFocus={d.autoFocus}
              {...common}
            />
            {d.counter && d.maxLength && (
              <small id={`${id}-count`} className="eb-field__count" aria-live="polite">
                {String(value ?? '').trim().length}/{d.maxLength}
              </small>
            )}
            {d.suggestions && (
              <datalist id={`${id}-suggestions`}>
                {d.suggestions.map((v) => (
                  <option key={v} value={v} />
                ))}
              </datalist>
            )}
          </>
        );
    }
  };
  const field = (d: DeclaredField<F>): ReactNode => {
    const id = `${props.idPrefix}-${d.field.replace(/\./g, '-')}`;
    if (d.kind === 'toggle')
      return (
        <SelectButtonField<unknown>
          key={d.field}
          id={id}
          label={d.label}
          value={props.values[d.field]}
          options={props.optionsOf(d) as { label: string; value: unknown }[]}
          onChange={(v) => props.set(d.field, v)}
          disabled={props.disabled || (props.disabledOf?.(d.field) ?? false)}
          {...(d.className ? { className: d.className } : {})}
        />
      );
    const input = control(d, id);
    return (
      <FormField key={d.field} id={id} label={d.label} required={props.required.has(d.field) && !props.disabled} message={props.messageOf(d.field)} hint={props.noteOf?.(d.field) ?? warningHint(props.hintOf?.(d.field), `${id}-hint`)}>
        {props.decorate ? props.decorate(d, input) : input}
      </FormField>
    );
  };
  /** the fields in their cells: a field alone, or consecutive fields of one `cell` together */
  const cells = (fields: readonly DeclaredField<F>[]): ReactNode[] => {
    const out: ReactNode[] = [];
    for (let i = 0; i < fields.length; ) {
      const d = fields[i]!;
      if (!d.cell) {
        out.push(field(d));
        i++;
        continue;
      }
      let j = i + 1;
      while (j < fields.length && fields[j]!.cell === d.cell) j++;
      out.push(
        <div key={d.field} className={d.cell}>
          {fields.slice(i, j).map(field)}
        </div>,
      );
      i = j;
    }
    return out;
  };
  const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
  const grid = (section: DeclaredSection<F>, key?: string) => (
    <div key={key} className={classes(props.gridClassName ?? 'eb-declared-grid', section.gridClassName)}>
      {cells(section.fields)}
    </div>
  );
  const layout = props.layout ?? 'panels';
  return (
    <>
      {props.sections.map((section) =>
        layout === 'plain' ? (
          grid(section, section.key)
        ) : layout === 'fieldsets' ? (
          <fieldset key={section.key} className={classes(props.className, section.className)}>
            {section.title && <legend>{section.title}</legend>}
            {grid(section)}
          </fieldset>
        ) : (
          <Panel key={section.key} header={section.title} toggleable className={classes(props.className, section.className) || undefined}>
            {grid(section)}
          </Panel>
        ),
      )}
    </>
  );
}
