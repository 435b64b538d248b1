import type { FormFieldDecl, FormFieldKind, FormSectionDecl } from '@eb/shared/form-declaration';

/**
 * A record's form as the screen renders it: the shared declaration (shared/src/form-declaration.ts:
 * sections of fields with their control, reference set and length) with each field's label.
 */
export type DeclaredFieldKind = FormFieldKind;
export interface DeclaredField<F extends string = string> extends FormFieldDecl<F> {
  label: string;
  /** the control's placeholder (default: 'Required' on a required field, when the form shows that) */
  placeholder?: string;
  /** the input stops at maxLength (by default nothing typed is cut: the rule's text says what is too long) */
  cut?: boolean;
  /** shows the trimmed length against maxLength beside the label ('12/40') */
  counter?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  /** extra classes of the control (a toggle's SelectButton) */
  className?: string;
  /** the keyboard a text field asks for (a number's is 'decimal') */
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
  /**
   * The grid cell's class: the field in a cell of its own (e.g. one spanning two columns);
   * consecutive fields of the same cell share it (a zip code and its appendix).
   */
  cell?: string;
}
export interface DeclaredSection<F extends string = string, K extends string = string> {
  key: K;
  /** the panel's header or the fieldset's legend (none when empty) */
  title: string;
  fields: DeclaredField<F>[];
  /** extra classes of the section's frame (a fieldset of half the width) */
  className?: string;
  /** extra classes of the section's grid (an address's three columns) */
  gridClassName?: string;
}

/** A shared form declaration with its fields' labels. */
export function withLabels<F extends string, K extends string>(sections: readonly FormSectionDecl<F, K>[], labels: Readonly<Record<F, string>>): DeclaredSection<F, K>[] {
  return sections.map((s) => ({ ...s, fields: s.fields.map((d) => ({ ...d, label: labels[d.field] })) }));
}
