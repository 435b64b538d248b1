import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { DATE_DISPLAY_FORMAT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { formatDisplayDate, parseInputDate } from '@eb/shared/formats';
import { useLatest } from './use-latest';
import './date-input.css';
import { KIT_TEXTS } from './component-texts';

export interface DateInputProps {
  /** The date as a transfer string 'yyyy-MM-ddT00:00:00' (the time part is ignored), or null. */
  value: string | null | undefined;
  /** A valid date as 'yyyy-MM-ddT00:00:00'; null when the text is emptied or is not a date. */
  onChange: (value: string | null) => void;
  /** Whether the text is a date (or empty): false while 'Invalid date' applies. */
  onValidityChange?: (valid: boolean) => void;
  inputId?: string;
  name?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Default 'mm/dd/yyyy'. */
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Marks the field invalid for a reason of the caller's (e.g. required and empty). */
  invalid?: boolean;
  className?: string;
}

const DIGITS_AND_SLASH = /[\d/]/;

/**
 * PrimeReact's Calendar is a chunk of its own, loaded the first time a user points at or opens a
 * date picker, not with every screen that shows a date field (route budgets, docs/web.md).
 */
let calendarModule: typeof import('primereact/calendar') | undefined;
const loadCalendar = () => import('primereact/calendar').then((m) => (calendarModule = m));

/** Parses the display/typed text; undefined for an empty text, null for a text that is not a date. */
function parse(text: string): string | null | undefined {
  return text.trim() === '' ? undefined : parseInputDate(text);
}

function toDate(transfer: string | null | undefined): Date | null {
  const m = transfer ? /^(\d{4})-(\d{2})-(\d{2})/.exec(transfer) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/**
 * The date input (spec 1 section 5 "Date input", "Shared grid behaviour": date picker): the user
 * types m/d/Y (2/5/2024 or 02/05/2024; only digits and '/' can be typed) or picks a day from the
 * calendar button's popup. The text is checked against the real calendar (leap years included,
 * `parseInputDate`); a text that is not a date shows 'Invalid date' under the field once the field
 * has been left, and reports null. The value travels as 'yyyy-MM-ddT00:00:00'; it is shown as
 * MM/dd/yyyy.
 */
export function DateInput(props: DateInputProps) {
  const { value, onChange, onValidityChange } = props;
  const uid = useId();
  const inputId = props.inputId ?? `${uid}-input`;
  const errorId = `${uid}-error`;
  const panel = useRef<OverlayPanel>(null);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatDisplayDate(value));
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);
  const lastEmitted = useRef<string | null>(value ?? null);
  const lastValid = useRef(true);

  const latestReport = useLatest(report);
  // A value set from outside (a reset, a loaded record) replaces the text.
  useEffect(() => {
    const v = value ?? null;
    if (v === lastEmitted.current) return;
    lastEmitted.current = v;
    setText(formatDisplayDate(v));
    setTouched(false);
    latestReport.current(true);
  }, [value, latestReport]); // report and onValidityChange: the latest, read at call time

  function report(valid: boolean) {
    if (valid !== lastValid.current) {
      lastValid.current = valid;
      onValidityChange?.(valid);
    }
  }
  const emit = (v: string | null) => {
    if (v === lastEmitted.current) return;
    lastEmitted.current = v;
    onChange(v);
  };

  const change = (next: string) => {
    setText(next);
    const parsed = parse(next);
    report(parsed !== null);
    emit(parsed ?? null);
  };

  const pick = (d: Date) => {
    const parsed = parseInputDate(`${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`);
    setText(formatDisplayDate(parsed));
    report(true);
    emit(parsed);
    panel.current?.hide();
    input.current?.focus();
  };

  const parsed = parse(text);
  // One Date per value: a new object would make the calendar redraw its days (and drop focus).
  const calendarValue = useMemo(() => toDate(parsed ?? null), [parsed]);
  const showError = touched && parsed === null;
  const invalid = showError || props.invalid === true;

  return (
    <div className={['eb-date-input', props.className].filter(Boolean).join(' ')}>
      <div className="p-inputgroup">
        <InputText
          ref={input}
          id={inputId}
          name={props.name}
          value={text}
          onChange={(e) => change(e.target.value)}
          onBlur={() => {
            setTouched(true);
            if (parsed) setText(formatDisplayDate(parsed)); // 2/5/2024 -> 02/05/2024
          }}
          keyfilter={DIGITS_AND_SLASH}
          maxLength={10}
          inputMode="numeric"
          autoComplete="off"
          placeholder={props.placeholder ?? DATE_DISPLAY_FORMAT.toLowerCase()}
          disabled={props.disabled}
          required={props.required}
          invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={showError ? errorId : undefined}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
        />
        <Button
          type="button"
          icon="pi pi-calendar"
          className="eb-date-input__button"
          severity="secondary"
          outlined
          disabled={props.disabled}
          aria-label={props['aria-label'] ? `Choose ${props['aria-label']} from a calendar` : 'Choose from a calendar'}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={(e) => {
            const target = e.currentTarget;
            void loadCalendar().then(() => panel.current?.toggle(null, target));
          }}
        />
      </div>
      {showError && (
        <small id={errorId} className="p-error eb-date-input__error" role="alert">
          {MSG.invalidDate}
        </small>
      )}
      <OverlayPanel
        ref={panel}
        className="eb-date-input__panel"
        onShow={() => {
          setOpen(true);
          // Keyboard users land on the chosen (or today's) day, once the popup has rendered.
          setTimeout(() => {
            const days = document.querySelectorAll<HTMLElement>('.eb-date-input__panel [data-pc-section="daylabel"][tabindex="0"]');
            days[0]?.focus();
          });
        }}
        onHide={() => setOpen(false)}
        closeOnEscape
        aria-label={KIT_TEXTS.calendar}
      >
        {calendarModule && <calendarModule.Calendar inline value={calendarValue} onChange={(e) => e.value instanceof Date && pick(e.value)} />}
      </OverlayPanel>
    </div>
  );
}
