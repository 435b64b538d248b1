import { formatDisplayDate } from '@eb/shared/formats';
import type { DeclaredField, DeclaredSection } from './declared-fields';

/**
 * The conflict view's rules (issue 28 section 1): after a 409 the form compares three sets of its
 * values — as loaded (base), as the other save left them (theirs), as the user has them (mine) —
 * field by field over the form's declaration. A field the other save changed is listed; where the
 * user changed it too the user's value is taken unless they pick theirs; a field only the user
 * changed keeps the user's value. Generic over any declared form.
 */
export interface ConflictField {
  field: string;
  label: string;
  /** the value as the user reads it ('—' for none) */
  describe: (value: unknown) => string;
}

export interface ConflictRow {
  field: string;
  label: string;
  theirs: string;
  mine: string;
  /** the user changed it too (a choice to make; default theirs otherwise) */
  bothChanged: boolean;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields the other save changed, in the declaration's order. */
export function conflictRows(fields: readonly ConflictField[], base: Record<string, unknown>, theirs: Record<string, unknown>, mine: Record<string, unknown>): ConflictRow[] {
  return fields
    .filter((f) => !same(base[f.field], theirs[f.field]))
    .map((f) => ({
      field: f.field,
      label: f.label,
      theirs: f.describe(theirs[f.field]),
      mine: f.describe(mine[f.field]),
      bothChanged: !same(base[f.field], mine[f.field]) && !same(theirs[f.field], mine[f.field]),
    }));
}

/**
 * The values to go on editing: theirs, with every field the user changed kept as the user has it,
 * unless `takeTheirs` names it.
 */
export function mergeValues<V extends Record<string, unknown>>(fields: readonly ConflictField[], base: V, theirs: V, mine: V, takeTheirs: ReadonlySet<string>): V {
  const merged: Record<string, unknown> = { ...theirs };
  for (const f of fields) {
    if (!same(base[f.field], mine[f.field]) && !takeTheirs.has(f.field)) merged[f.field] = mine[f.field];
  }
  return merged as V;
}

/** A value as shown: none as '—', a date as m/d/Y, yes/no, an option's label. */
export function describeValue(value: unknown, kind?: string, options?: readonly { label: string; value: unknown }[]): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'date') return formatDisplayDate(String(value)) || String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const option = options?.find((o) => same(o.value, value) || same(o.value, (value as { objectId?: unknown }).objectId));
  if (option) return option.label;
  if (typeof value === 'object') return 'objectId' in (value as object) ? `#${String((value as { objectId: unknown }).objectId)}` : JSON.stringify(value);
  return String(value);
}

/** The conflict fields of a declared form (each field's label, shown by its kind and options). */
export function declaredConflictFields<F extends string>(
  sections: readonly DeclaredSection<F>[],
  optionsOf: (d: DeclaredField<F>) => readonly { label: string; value: unknown }[],
): ConflictField[] {
  return sections.flatMap((s) =>
    s.fields.map((d) => ({
      field: d.field,
      label: d.label,
      describe: (v: unknown) => describeValue(v, d.kind, d.kind === 'select' || d.kind === 'yesNo' || d.kind === 'ref' ? optionsOf(d) : undefined),
    })),
  );
}
