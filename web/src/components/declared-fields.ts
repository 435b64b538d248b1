/**
 * A record's form as a declaration (the amendment's, the account's): sections of fields, each
 * with the control it takes — text, number (typed as text, the shared rule checks it), date, a
 * reference-set selection (by code), yes/no, or a reference to another record (by objectId).
 */
export type DeclaredFieldKind = 'text' | 'number' | 'date' | 'select' | 'yesNo' | 'ref';
export interface DeclaredField<F extends string = string> {
  field: F;
  label: string;
  kind: DeclaredFieldKind;
  /** the reference set of a select (or of a ref's options) */
  itemType?: string;
  /** characters that can be typed */
  maxLength?: number;
}
export interface DeclaredSection<F extends string = string, K extends string = string> {
  key: K;
  title: string;
  fields: DeclaredField<F>[];
}

/** A declared field of a form's values. */
export const declaredField = <F extends string>(field: F, label: string, kind: DeclaredFieldKind, itemType?: string, maxLength?: number): DeclaredField<F> => ({
  field,
  label,
  kind,
  ...(itemType ? { itemType } : {}),
  ...(maxLength ? { maxLength } : {}),
});
