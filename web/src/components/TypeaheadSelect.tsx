import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from 'react';
import type { AutoComplete, AutoCompleteChangeEvent, AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { InputText } from 'primereact/inputtext';
import { TYPEAHEAD_LIMIT } from '@eb/shared/constants';
import { useLatest } from './use-latest';
import './typeahead-select.css';

/** One choice of a TypeaheadSelect. */
export interface TypeaheadOption<V> {
  label: string;
  value: V;
}

export interface TypeaheadSelectProps<V> {
  /** The chosen value, or null. */
  value: V | null | undefined;
  /** Called when a choice is made (from the list, automatically, or by typing a label exactly) or cleared. */
  onChange: (value: V | null, option: TypeaheadOption<V> | null) => void;
  /** Static options, filtered by label prefix (case-insensitive) as the user types. */
  options?: readonly TypeaheadOption<V>[];
  /**
   * Asynchronous suggestions for the typed text (e.g. agent/GetAgentInfoList); at most `limit`
   * (TYPEAHEAD_LIMIT) are shown. Used instead of `options` when given.
   */
  suggest?: (query: string) => Promise<readonly TypeaheadOption<V>[]>;
  /** The label of `value` when it is not among `options` (e.g. a stored agent name). */
  valueLabel?: string;
  /** Characters that may be typed: each typed or pasted character must match; others are ignored. */
  pattern?: RegExp;
  /** Most suggestions shown (default TYPEAHEAD_LIMIT). */
  limit?: number;
  /** Milliseconds after the last keystroke before suggestions are computed (default 0, async 250). */
  delay?: number;
  /** A button that lists every option (default: on for static options, off for `suggest`). */
  showDropdownButton?: boolean;
  inputId?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  className?: string;
  inputClassName?: string;
}

type InputState<V> = string | TypeaheadOption<V>;

const labelOf = <V,>(input: InputState<V>): string => (typeof input === 'string' ? input : input.label);
const startsWith = (label: string, query: string) => label.toLowerCase().startsWith(query.toLowerCase());

type AutoCompleteModule = typeof import('primereact/autocomplete');
const importAutoComplete = (): Promise<AutoCompleteModule> => import('primereact/autocomplete');

/**
 * PrimeReact's AutoComplete is a chunk of its own, loaded once per page the first time a user points
 * at, presses, focuses or types into a type-ahead field, not with every screen that shows one (route
 * budgets, docs/web.md); until then each field is a stand-in of the same look. Every field on the
 * page becomes an AutoComplete when it arrives.
 */
let autoCompleteModule: AutoCompleteModule | undefined;
let autoCompleteImport = importAutoComplete;
let autoCompleteLoad: Promise<void> | undefined;
const autoCompleteListeners = new Set<() => void>();

/** Loads AutoComplete (once); resolves when it has arrived or its fetch failed. */
export function loadAutoComplete(): Promise<void> {
  if (!autoCompleteLoad) {
    const load: Promise<void> = (autoCompleteLoad = autoCompleteImport().then(
      (m) => {
        if (load !== autoCompleteLoad) return; // forgotten meanwhile (resetAutoCompleteLoad)
        autoCompleteModule = m;
        for (const listener of autoCompleteListeners) listener();
      },
      () => {
        // a failed fetch (offline): the stand-in stays a plain text field, the next use asks again
        if (load === autoCompleteLoad) autoCompleteLoad = undefined;
      },
    ));
  }
  return autoCompleteLoad;
}
const startLoading = () => void loadAutoComplete();
const subscribeAutoComplete = (listener: () => void) => {
  autoCompleteListeners.add(listener);
  return () => void autoCompleteListeners.delete(listener);
};
const loadedAutoComplete = () => autoCompleteModule;

/**
 * Tests: forgets the loaded AutoComplete, so that the next field renders the stand-in, and imports
 * it with `load` (a test holds it back to type into the stand-in; the default is the real import).
 */
export function resetAutoCompleteLoad(load: () => Promise<AutoCompleteModule> = importAutoComplete): void {
  autoCompleteModule = undefined;
  autoCompleteLoad = undefined;
  autoCompleteImport = load;
}

/** What the user did to a stand-in that the AutoComplete replacing it takes over. */
interface StandInUse {
  /** The part that has the focus. */
  focus: 'input' | 'button' | null;
  /** Text was typed (or pasted) that has not been searched for. */
  typed: boolean;
  /** The list button was clicked, or is being pressed. */
  listAsked: boolean;
}
const UNUSED: StandInUse = { focus: null, typed: false, listAsked: false };

/**
 * A select with type-ahead (spec 1 "Shared grid behaviour": select widgets), on PrimeReact
 * AutoComplete:
 * - typing filters the options by prefix (case-insensitive); with `suggest` the server's
 *   suggestions are shown instead, at most TYPEAHEAD_LIMIT;
 * - when typing narrows the choices to exactly one, it is chosen automatically (not while deleting);
 * - `pattern` restricts what can be typed: characters that do not match are ignored;
 * - leaving the field chooses an option whose label was typed exactly, clears the value when the
 *   text is empty, and otherwise shows the current choice again.
 * Keyboard: arrows move in the list, Enter or Tab chooses (from the typed text, even when typed
 * faster than the list follows), Escape closes the list (and only the list: AutoComplete marks that
 * Esc handled, so the popup around the field stays open).
 * Until AutoComplete has loaded (loadAutoComplete) the field is a stand-in with its classes, text and
 * attributes; the AutoComplete replacing it takes over its focus (caret at the end), searches what
 * was typed into it meanwhile, and opens the list when its list button was clicked.
 */
export function TypeaheadSelect<V>(props: TypeaheadSelectProps<V>) {
  const { value, options, suggest, pattern } = props;
  const limit = props.limit ?? TYPEAHEAD_LIMIT;
  /** The current choice (its label is shown when the field is not being typed in). */
  const chosen = useRef<TypeaheadOption<V> | null>(null);
  const findOption = (v: V | null | undefined): TypeaheadOption<V> | null => {
    if (v === null || v === undefined) return null;
    const known = options?.find((o) => Object.is(o.value, v)) ?? (Object.is(chosen.current?.value, v) ? chosen.current : null);
    return known ?? { label: props.valueLabel ?? String(v), value: v };
  };

  const [input, setInput] = useState<InputState<V>>(() => {
    chosen.current = findOption(value);
    return chosen.current ?? '';
  });
  const typed = useRef(labelOf(input));
  const [suggestions, setSuggestions] = useState<TypeaheadOption<V>[]>([]);
  const lastEmitted = useRef<V | null | undefined>(value);
  const growing = useRef(false);
  /** The text typed last (not the label of an automatic choice): typing grows it, deleting shrinks it. */
  /** After an automatic choice: how many characters of its label were typed (the rest is selected). */
  const completedFrom = useRef<number | null>(null);
  const request = useRef(0);
  /** The text the listed suggestions were found for (null while none are listed). */
  const listedFor = useRef<string | null>(null);
  /** A text the keyboard chose for before its own search ran: that search is then skipped. */
  const chosenByKeyFor = useRef<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const acRef = useRef<AutoComplete>(null);
  const Loaded = useSyncExternalStore(subscribeAutoComplete, loadedAutoComplete)?.AutoComplete;
  const standIn = useRef<StandInUse>(UNUSED);
  const [standInFocused, setStandInFocused] = useState(false);

  const latest = useLatest({ input, findOption });
  // A value set from outside (a reset, a loaded record) replaces what is shown.
  useEffect(() => {
    const { input, findOption } = latest.current;
    if (Object.is(value, lastEmitted.current) && (value == null || chosen.current !== null)) {
      // Unchanged, but the options may have arrived since: refresh the label.
      if (value != null && options && typeof input !== 'string') {
        const better = options.find((o) => Object.is(o.value, value));
        if (better && better.label !== input.label) {
          chosen.current = better;
          typed.current = better.label;
          setInput(better);
        }
      }
      return;
    }
    lastEmitted.current = value;
    chosen.current = findOption(value);
    typed.current = chosen.current?.label ?? '';
    setInput(chosen.current ?? '');
  }, [value, options, props.valueLabel, latest]); // input and findOption: the latest, read at call time

  const test = (ch: string) => {
    if (!pattern) return true;
    pattern.lastIndex = 0;
    return pattern.test(ch);
  };
  const clean = (text: string) => (pattern ? [...text].filter(test).join('') : text);

  const emit = (option: TypeaheadOption<V> | null) => {
    chosen.current = option;
    const next = option ? option.value : null;
    if (!Object.is(next, lastEmitted.current ?? null)) {
      lastEmitted.current = next;
      props.onChange(next, option);
    }
  };

  const choose = (option: TypeaheadOption<V>, typedLength: number | null = null) => {
    completedFrom.current = typedLength;
    listedFor.current = null;
    typed.current = typedLength === null ? option.label : option.label.slice(0, typedLength);
    setInput(option);
    setSuggestions([]);
    acRef.current?.hide();
    emit(option);
  };

  const complete = async (e: AutoCompleteCompleteEvent) => {
    const query = clean(e.query);
    if (chosenByKeyFor.current !== null && query === chosenByKeyFor.current) return; // already chosen by Enter or Tab
    const id = ++request.current;
    let found: TypeaheadOption<V>[];
    if (suggest) {
      found = query.trim() || props.showDropdownButton ? [...(await suggest(query))].slice(0, limit) : [];
      if (id !== request.current) return; // a newer search answered first
    } else {
      found = (options ?? []).filter((o) => startsWith(o.label, query));
    }
    const only = found.length === 1 ? found[0] : undefined;
    if (only && query.length > 0 && growing.current) {
      // The label is shown with its untyped rest selected, so the next keystroke replaces that rest
      // (typing 'Mob' shows 'Mobile', never 'Mobileob').
      choose(only, startsWith(only.label, query) ? query.length : null);
      return;
    }
    listedFor.current = query;
    setSuggestions(found);
  };

  const onChange = (e: AutoCompleteChangeEvent) => {
    const next = e.value as InputState<V> | null;
    if (next === null || typeof next !== 'string') {
      if (next) choose(next);
      else {
        setInput('');
        emit(null);
      }
      return;
    }
    onText(next, inputRef.current);
  };

  const onText = (next: string, el: HTMLInputElement | null) => {
    const text = clean(next);
    if (text !== next && el) el.value = text; // a pasted character was refused
    chosenByKeyFor.current = null;
    growing.current = text.length > typed.current.length;
    typed.current = text;
    setInput(text);
    if (text === '') emit(null);
  };

  // After an automatic choice, select the part of the label that was not typed.
  // (A passive effect: it runs after AutoComplete's own effects have written the input's value.)
  useEffect(() => {
    const from = completedFrom.current;
    const el = inputRef.current;
    if (from === null || typeof input === 'string' || !el || document.activeElement !== el) return;
    completedFrom.current = null;
    el.setSelectionRange(from, input.label.length);
  }, [input]);

  const onBlur = () => {
    if (typeof input !== 'string') return;
    const text = input.trim();
    if (text === '') {
      emit(null);
      return;
    }
    const pool = [...suggestions, ...(options ?? [])];
    const exact = pool.find((o) => o.label.toLowerCase() === text.toLowerCase());
    if (exact) choose(exact);
    else {
      typed.current = chosen.current?.label ?? ''; // an unfinished text: show the current choice again
      setInput(chosen.current ?? '');
    }
  };

  // Enter or Tab while the list still shows the suggestions of an earlier text (keys typed faster
  // than the search, which runs after `delay`): AutoComplete would choose that list's highlighted
  // option, which need not match what was typed ('New Jersey' for 'New Y'). The choice is made from
  // the typed text instead, as the search would list it: its first option (the one highlighted).
  const onStaleKey = useLatest((e: globalThis.KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== 'Tab') return;
    const el = inputRef.current;
    if (!el || typeof input !== 'string' || listedFor.current === null) return;
    const text = clean(el.value);
    if (text === '' || text === listedFor.current) return; // nothing typed, or the list is the text's: AutoComplete's own keys
    e.stopPropagation(); // AutoComplete (listening at React's root) must not choose from the old list
    if (e.key === 'Enter') e.preventDefault();
    const pool = suggest ? suggestions : (options ?? []);
    const match = pool.find((o) => o.label.toLowerCase() === text.toLowerCase()) ?? pool.find((o) => startsWith(o.label, text));
    if (!match) {
      if (e.key === 'Tab') acRef.current?.hide(); // leaving: the old list goes (the field shows its choice again)
      return; // Enter: the search, when it runs, lists the typed text's options
    }
    chosenByKeyFor.current = text;
    request.current++; // an answer still on its way is for an older text
    choose(match);
  });
  useEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    const listener = (e: globalThis.KeyboardEvent) => onStaleKey.current(e);
    el.addEventListener('keydown', listener); // on the input itself: before React's handlers at the root
    return () => el.removeEventListener('keydown', listener);
  }, [onStaleKey, Loaded]); // Loaded: the AutoComplete's input replaces the stand-in's

  // The AutoComplete replacing the stand-in takes over what was done to it: before the screen is
  // painted again, so that the focus and the caret never leave the field.
  useLayoutEffect(() => {
    const use = standIn.current;
    const ac = acRef.current;
    if (!Loaded || !ac || use === UNUSED) return;
    standIn.current = UNUSED;
    // (its input refs are set in passive effects, after this one: the input is found in its element)
    const root = ac.getElement();
    const el = root?.querySelector('input');
    if (!root || !el) return;
    const active = document.activeElement;
    const focusFree = !active || active === document.body; // the stand-in's part was removed with it
    if (use.listAsked) {
      el.focus(); // as AutoComplete's own list button does
      ac.search(undefined as never, '', 'dropdown');
      return;
    }
    if (use.focus === 'button' && focusFree) root.querySelector('button')?.focus();
    if (use.focus === 'input' && focusFree) {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    }
    if (use.typed && el.value.trim() !== '') ac.search(undefined as never, el.value, 'input');
  }, [Loaded]);

  const onKeyPress = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !test(e.key)) e.preventDefault();
  };

  const dropdown = props.showDropdownButton ?? !suggest;
  const dropdownAriaLabel = props['aria-label'] ? `Show options for ${props['aria-label']}` : 'Show options';
  const className = ['eb-typeahead', props.className].filter(Boolean).join(' ');
  if (!Loaded) {
    // The stand-in: AutoComplete's markup when its list is closed (TypeaheadSelect.test.tsx compares
    // them), with AutoComplete's handlers for typing and leaving the field.
    const use = (part: Partial<StandInUse>) => (standIn.current = { ...standIn.current, ...part });
    // the stand-in is removed once AutoComplete has arrived: a blur then is no user's
    const replaced = () => loadedAutoComplete() !== undefined;
    return (
      <span
        className={[className, 'p-autocomplete p-component p-inputwrapper', dropdown && 'p-autocomplete-dd', input && 'p-inputwrapper-filled', props.invalid && 'p-invalid', standInFocused && 'p-inputwrapper-focus'].filter(Boolean).join(' ')}
        data-pc-name="autocomplete"
        data-pc-section="root"
        onPointerEnter={startLoading}
        onPointerDown={startLoading}
        onFocus={(e: FocusEvent) => {
          startLoading();
          const part = e.target instanceof HTMLButtonElement ? 'button' : 'input';
          use({ focus: part });
          setStandInFocused(part === 'input');
        }}
        onBlur={(e: FocusEvent) => {
          if (replaced()) return;
          // leaving the list button drops a click on it the list has not followed
          use(e.target instanceof HTMLButtonElement ? { focus: null, listAsked: false } : { focus: null });
          setStandInFocused(false);
        }}
      >
        <InputText
          id={props.inputId}
          type="text"
          value={labelOf(input)}
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={false}
          className={[props.inputClassName, 'p-autocomplete-input', dropdown && 'p-autocomplete-dd-input'].filter(Boolean).join(' ')}
          autoComplete="off"
          required={props.required}
          disabled={props.disabled}
          placeholder={props.placeholder}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-describedby={props['aria-describedby']}
          onChange={(e) => {
            startLoading();
            use({ typed: true });
            onText(e.target.value, e.target);
          }}
          onKeyPress={onKeyPress}
          onBlur={() => {
            if (replaced()) return;
            use({ typed: false });
            onBlur();
          }}
        />
        {dropdown && (
          <Button
            type="button"
            icon={<ChevronDownIcon />}
            className="p-autocomplete-dropdown"
            disabled={props.disabled}
            aria-label={dropdownAriaLabel}
            onPointerDown={() => use({ listAsked: true })}
            onPointerLeave={(e) => e.buttons !== 0 && use({ listAsked: false })} // a press dragged off: no click
            onClick={() => use({ listAsked: true })}
          />
        )}
      </span>
    );
  }
  return (
    <Loaded
      ref={acRef}
      inputRef={inputRef}
      value={input}
      field="label"
      suggestions={suggestions}
      completeMethod={(e) => void complete(e)}
      onChange={onChange}
      onBlur={onBlur}
      onKeyPress={onKeyPress}
      delay={props.delay ?? (suggest ? 250 : 0)}
      dropdown={dropdown}
      dropdownMode="blank"
      dropdownAriaLabel={dropdownAriaLabel}
      autoHighlight
      showEmptyMessage
      inputId={props.inputId}
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      aria-describedby={props['aria-describedby']}
      placeholder={props.placeholder}
      disabled={props.disabled}
      invalid={props.invalid}
      required={props.required}
      className={className}
      inputClassName={props.inputClassName}
    />
  );
}
