/**
 * A record's form as a declaration (the amendment's, the account's), in shared/ so that the forms,
 * the uploader's columns and the updater's field names read one list: sections of fields, each with
 * the control it takes — text, number (typed as text, the shared rule checks it), date, a
 * reference-set selection (by code), yes/no, or a reference to another record (by objectId) — its
 * reference set and how many characters can be typed. The rules are the entity's zod shape.
 */
export type FormFieldKind = 'text' | 'number' | 'date' | 'select' | 'yesNo' | 'ref';
export interface FormFieldDecl<F extends string = string> {
  field: F;
  kind: FormFieldKind;
  /** the reference set of a select (or of a ref's options) */
  itemType?: string;
  /** characters that can be typed */
  maxLength?: number;
}
export interface FormSectionDecl<F extends string = string, K extends string = string> {
  key: K;
  title: string;
  fields: FormFieldDecl<F>[];
}

/** A declared field. */
export const formField = <F extends string>(field: F, kind: FormFieldKind, itemType?: string, maxLength?: number): FormFieldDecl<F> => ({
  field,
  kind,
  ...(itemType ? { itemType } : {}),
  ...(maxLength ? { maxLength } : {}),
});
