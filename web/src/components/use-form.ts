import { useUnsavedForm } from './pending-edits';
import { useEffect, useState } from 'react';
import { useTabDraft } from './tab-draft';
import type { z } from 'zod';
import type { SaveFailure } from './FormFailure';

/** Messages by field path ('legalName', 'address.zipCode'). */
export type FormErrors = Partial<Record<string, string>>;

/**
 * The first message of each invalid path of `value` under a zod schema of shared/ (the rules the
 * server applies too); `depth` 1 keys by the top field, more by nested paths ('address.zipCode').
 * Only paths in `keep` (when given) are reported.
 */
export function zodErrors(schema: z.ZodType, value: unknown, options: { depth?: number; keep?: (path: string) => boolean } = {}): FormErrors {
  const result = schema.safeParse(value);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.slice(0, options.depth ?? issue.path.length).join('.');
    if (path && (options.keep?.(path) ?? true) && !errors[path]) errors[path] = issue.message;
  }
  return errors;
}

export interface UseFormOptions<V> {
  /** The values the form starts from (a new record's blanks, or the loaded record's). */
  initial: V | (() => V);
  /** The rule messages of the values (e.g. `zodErrors(schema, body)`): none means valid. */
  validate: (values: V) => FormErrors;
  /** Whether the values differ from what was loaded (default: never-edited forms are not dirty). */
  isDirty?: (values: V) => boolean;
  /**
   * A record tab's form: it starts from the draft its tab holds (values the previous form of the
   * tab handed over, e.g. after the conflict view's apply), changed, and the draft is used up.
   */
  fromTabDraft?: boolean;
}

export interface Form<V> {
  values: V;
  /** The rule messages of the current values. */
  errors: FormErrors;
  valid: boolean;
  /** Something was changed (by `isDirty`, else: any field was set). */
  dirty: boolean;
  touched: Readonly<Record<string, boolean>>;
  /** Sets one field: touched, its server message cleared. */
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** Changes values by a function; the paths are cleared of server messages (and touched unless told). */
  update: (change: (values: V) => V, paths: readonly string[], markTouched?: boolean) => void;
  touch: (path: string) => void;
  /** A path's message: the rule's once the field was used, else the server's. */
  messageOf: (path: string) => string | undefined;
  /** Messages the server gave (400 fieldErrors). */
  setServerErrors: (errors: FormErrors) => void;
  /** The failure of the last save (shown above the fields), or null. */
  failure: SaveFailure | null;
  setFailure: (failure: SaveFailure | null) => void;
  /** Back to these values (default the initial ones), untouched, no messages. */
  reset: (values?: V) => void;
  /** The values the form started from (the record as loaded). */
  initial: V;
}

/**
 * The form state of the entity forms (user, business entity, contact): values, touched fields,
 * rule messages from a zod schema of shared/, server messages, dirty, reset and the save failure.
 */
export function useForm<V extends object>(options: UseFormOptions<V>): Form<V> {
  const [initial] = useState(options.initial);
  const tabDraft = useTabDraft();
  const [drafted] = useState(() => (options.fromTabDraft ? (tabDraft.peek() as V | undefined) : undefined));
  useEffect(() => {
    if (drafted !== undefined) tabDraft.clear();
  }, [drafted, tabDraft]);
  const [values, setValues] = useState<V>(drafted ?? initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [edited, setEdited] = useState(drafted !== undefined);

  const errors = options.validate(values);
  const dirty = options.isDirty ? options.isDirty(values) : edited;
  // Inside a popup: closing it (X, Esc) asks before dropping what was typed.
  useUnsavedForm(edited && dirty);
  const touch = (path: string) => setTouched((t) => (t[path] ? t : { ...t, [path]: true }));
  const clearServer = (paths: readonly string[]) =>
    setServerErrors((e) => (paths.some((p) => e[p]) ? { ...e, ...Object.fromEntries(paths.map((p) => [p, undefined])) } : e));
  const update = (change: (v: V) => V, paths: readonly string[], markTouched = true) => {
    setValues(change);
    setEdited(true);
    if (markTouched) for (const p of paths) touch(p);
    clearServer(paths);
  };

  return {
    values,
    errors,
    valid: Object.keys(errors).length === 0,
    dirty,
    touched,
    set: (field, value) => update((v) => ({ ...v, [field]: value }), [field]),
    update,
    touch,
    messageOf: (path) => (touched[path] ? errors[path] : undefined) || serverErrors[path] || undefined,
    setServerErrors,
    failure,
    setFailure,
    initial,
    reset: (next = initial) => {
      setValues(next);
      setTouched({});
      setServerErrors({});
      setFailure(null);
      setEdited(false);
    },
  };
}
