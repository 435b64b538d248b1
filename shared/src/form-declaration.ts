/**
 * A record's form as a declaration (the amendment's, the account's), in shared/ so that the forms,
 * the uploader's columns and the updater's field names read one list: sections of fields, each with
 * the control it takes — text, number (typed as text, the shared rule checks it), date, a
 * reference-set selection (by code), yes/no, or a reference to another record (by objectId) — its
 * reference set and its length (the rule's: an input does not cut what is typed, the rule's text
 * says what is too long). The rules are the entity's zod shape.
 *
 * The entity forms' controls are kinds too: 'email' and 'password' (text typed as such), and
 * 'toggle', a choice of a few options side by side (Active / Inactive).
 *
 * Two kinds are no field of the record's body: 'check', a flag ticked on the form whose ticking the
 * server stamps (who and when, shown beside it), and 'display', a read-only value the server
 * derives or joins (shown where the spec puts it). Neither is an upload column.
 */
export type FormFieldKind = 'text' | 'email' | 'password' | 'number' | 'date' | 'select' | 'toggle' | 'yesNo' | 'ref' | 'check' | 'display';
/** The kinds that are fields of the record's body (an upload column, a value the form sends). */
export const isBodyKind = (kind: FormFieldKind): boolean => kind !== 'check' && kind !== 'display';
export interface FormFieldDecl<F extends string = string> {
  field: F;
  kind: FormFieldKind;
  /** the reference set of a select (or of a ref's options) */
  itemType?: string;
  /** the rule's length (a hint for the input; nothing typed is cut) */
  maxLength?: number;
  /** values offered as the user types (any other valid value is taken too): a term's 6, 12, 18, 24, 36 */
  suggestions?: readonly string[];
}
export interface FormSectionDecl<F extends string = string, K extends string = string> {
  key: K;
  title: string;
  fields: FormFieldDecl<F>[];
}

/** A declared field. */
export const formField = <F extends string>(field: F, kind: FormFieldKind, itemType?: string, maxLength?: number, more: Pick<FormFieldDecl<F>, 'suggestions'> = {}): FormFieldDecl<F> => ({
  field,
  kind,
  ...(itemType ? { itemType } : {}),
  ...(maxLength ? { maxLength } : {}),
  ...more,
});
