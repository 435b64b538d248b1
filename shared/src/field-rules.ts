import { z } from 'zod';
import { MSG, decimalNumberMessage, lengthRangeMessage, maxLengthMessage } from './messages';
import { EMAIL_PATTERN } from './formats';
import { referenceCodes, toReferenceCode } from './reference/codes';

/**
 * zod building blocks for editable records (spec 2 section 5 "the shared helper rules": required,
 * length, email, numeric with a bound on integer and decimal digits, dates, yes/no, reference
 * selections). Used by the web forms and by the handlers, so both give the same texts.
 *
 * Empty input is normalised: text is trimmed and '' becomes null, so that "empty" has one form in
 * storage, in the change log and on the wire.
 */

const emptyToNull = (v: unknown): unknown => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? null : t;
  }
  return v;
};

/** Required text, trimmed, 1..max characters ('Required' when empty). */
export const requiredText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MSG.required }).min(1, MSG.required).max(max, maxLengthMessage(max)),
  );

/** Optional text, trimmed, at most max characters; empty is null. */
export const optionalText = (max: number) =>
  z.preprocess(emptyToNull, z.string({ error: MSG.invalidInput }).max(max, maxLengthMessage(max)).nullable());

/** Optional email: at most max characters and a valid address when given ('Incorrect email format'). */
export const optionalEmail = (max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: MSG.incorrectEmailFormat })
      .max(max, maxLengthMessage(max))
      .regex(EMAIL_PATTERN, MSG.incorrectEmailFormat)
      .nullable(),
  );

/** Does a number (or numeric text) have at most `integers` integer and `decimals` decimal digits? */
export function isBoundedDecimal(value: number | string, integers: number, decimals: number): boolean {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    // A number's shortest round-trip form; exponent forms are out of range for these bounds anyway.
    text = String(value);
    if (/e/i.test(text)) {
      const fixed = value.toFixed(Math.min(decimals, 100)).replace(/\.?0+$/, '');
      if (Number(fixed) !== value) return false;
      text = fixed;
    }
  } else {
    text = value.trim();
  }
  const m = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return false;
  const intDigits = m[1]!.replace(/^0+(?=\d)/, '').length;
  return intDigits <= integers && (m[2]?.length ?? 0) <= decimals;
}

/**
 * Optional decimal number with bounded integer and decimal digits (empty accepted): the message is
 * 'Field should be decimal number with N or less integers and M or less decimals'. Numeric text is
 * accepted and stored as a number.
 */
export const optionalDecimal = (integers: number, decimals: number) => {
  const message = decimalNumberMessage(integers, decimals);
  return z.preprocess(
    emptyToNull,
    z
      .union([z.number({ error: message }), z.string({ error: message })], { error: message })
      .refine((v) => isBoundedDecimal(v, integers, decimals), message)
      .transform((v) => Number(v))
      .nullable(),
  );
};

/** Is this a transfer-format date (yyyy-MM-ddTHH:mm:ss) of the real calendar? */
export function isTransferDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

/** Optional date in the transfer format ('Invalid date' otherwise); empty is null. */
export const optionalDate = () =>
  z.preprocess(emptyToNull, z.string({ error: MSG.invalidDate }).refine(isTransferDate, MSG.invalidDate).nullable());

/** Optional yes/no (Yes true, No false); empty is null. */
export const optionalYesNo = () => z.preprocess((v) => (v === undefined ? null : v), z.boolean({ error: MSG.invalidOption }).nullable());

// ---- reference-set selections -------------------------------------------------------------------
// They travel as codes (an objectId given instead is normalised to its code): see
// `reference/codes.ts`, the one convention for every schema with a reference-set field.

export interface ReferenceCodeOptions {
  /** the text for a value that names no item (default 'Select a value from the list') */
  invalid?: string;
}

/** Strips empties to null and turns an objectId into its code; an unknown value is kept for the check to refuse. */
const normalise = (itemType: string) => (v: unknown) => {
  const code = toReferenceCode(itemType, v);
  return code === undefined ? v : code;
};

/** A required reference value, as its code ('Required' when empty): code or objectId accepted. */
export function requiredReferenceCode<C extends string = string>(itemType: string, options: ReferenceCodeOptions = {}) {
  const codes = referenceCodes(itemType);
  const invalid = options.invalid ?? MSG.invalidOption;
  return z.preprocess(
    normalise(itemType),
    z
      .string({ error: (iss) => (iss.input === null || iss.input === undefined ? MSG.required : invalid) })
      .refine((v) => codes.has(v), invalid)
      .transform((v) => v as C),
  );
}

/** An optional reference value, as its code or null: code or objectId accepted. */
export function optionalReferenceCode<C extends string = string>(itemType: string, options: ReferenceCodeOptions = {}) {
  const codes = referenceCodes(itemType);
  const invalid = options.invalid ?? MSG.invalidOption;
  return z.preprocess(
    normalise(itemType),
    z
      .string({ error: invalid })
      .refine((v) => codes.has(v), invalid)
      .transform((v) => v as C)
      .nullable(),
  );
}

/** A record's version, as read (updates are conditional on it). */
export const versionSchema = z.number({ error: MSG.invalidInput }).int().positive();


// ---- the spec's shared helper rules, as plain checks ---------------------------------------------

/**
 * A field rule of spec 1 section 5 ("Other shared helper rules") and spec 2 section 5: the spec's
 * message when the value breaks it, else null. Plain functions, so that a form, a handler (through
 * `refineWith` / `ruleText`) and the uploader (one cell at a time) give the same texts.
 *
 * Every rule but `requiredRule` accepts an empty value (undefined, null, '' or blanks): emptiness
 * is the required rule's business. Text is read trimmed; a finite number is read as its text.
 */
export type FieldRule = (value: unknown) => string | null;

const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** The text a rule checks: trimmed text, a finite number's text, or undefined for anything else. */
const ruleText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
/** A rule from a test of the (non-empty) text: empty passes; a value that is not text fails. */
const textRule =
  (message: string, test: (text: string) => boolean): FieldRule =>
  (v) => {
    if (isEmptyValue(v)) return null;
    const t = ruleText(v);
    return t !== undefined && test(t) ? null : message;
  };

/** 'Required': a value, and not only blanks. */
export const requiredRule: FieldRule = (v) => (isEmptyValue(v) ? MSG.required : null);

/** Integer ('Field should be integer number'): digits with an optional minus sign; leading zeros kept. */
export const integerRule: FieldRule = textRule(MSG.integerNumber, (t) => /^-?\d+$/.test(t));

/**
 * A count or a length of time ('Field should be integer number of 1 or more'; issue 26 item 6): an
 * amendment number, a term in months. Digits only, no sign, at least 1; after integerRule, which
 * answers text that is no integer at all.
 */
export const countRule: FieldRule = textRule(MSG.countNumber, (t) => /^\d+$/.test(t) && Number(t) >= 1);

/** Digits only, no sign ('Field should contain digits only'): a number written as text (taxExemptNum). */
export const digitsRule: FieldRule = textRule(MSG.digitsOnly, (t) => /^\d+$/.test(t));

/** Alphanumeric with dashes ('Field should be alphanumeric'): letters, digits and '-'. */
export const alphanumericRule: FieldRule = textRule(MSG.alphanumeric, (t) => /^[A-Za-z0-9-]+$/.test(t));

/** Upper-case letters and digits ('Field should contain numbers and letters in upper case only'). */
export const upperAlphanumericRule: FieldRule = textRule(MSG.upperAlphanumeric, (t) => /^[A-Z0-9]+$/.test(t));

/** At most `max` characters ('Field should contain N or less characters'). */
export const maxLengthRule = (max: number): FieldRule => textRule(maxLengthMessage(max), (t) => t.length <= max);

/**
 * `min` to `max` characters ('Field should contain K or more and N or less characters'; with min 0
 * the max-only text).
 */
export const lengthRule = (min: number, max: number): FieldRule =>
  textRule(lengthRangeMessage(min, max), (t) => t.length >= min && t.length <= max);

/**
 * The decimal-length variant: the length rule counting every character but '.' and ',' (so
 * '1,234.5' has 5 characters); same texts as the length rule.
 */
export const decimalLengthRule = (max: number, min = 0): FieldRule =>
  textRule(lengthRangeMessage(min, max), (t) => {
    const n = t.replace(/[.,]/g, '').length;
    return n >= min && n <= max;
  });

/**
 * Decimal number with at most `integers` integer and `decimals` decimal digits ('Field should be
 * decimal number with N or less integers and M or less decimals'; empty accepted). An optional
 * minus sign; leading zeros do not count as integer digits.
 */
export const decimalRule = (integers: number, decimals: number): FieldRule =>
  textRule(decimalNumberMessage(integers, decimals), (t) => isBoundedDecimal(t, integers, decimals));

/** Email ('Incorrect email format'): the standard address pattern, trimmed. */
export const emailRule: FieldRule = textRule(MSG.incorrectEmailFormat, (t) => EMAIL_PATTERN.test(t));

/** A transfer-format date of the real calendar ('Invalid date'). */
export const transferDateRule: FieldRule = textRule(MSG.invalidDate, isTransferDate);

/** The first message of the rules broken by a value, in the order given, or null. */
export function checkRules(value: unknown, ...rules: FieldRule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}

/** The rules as a zod refinement: `schema.superRefine(refineWith(integerRule, maxLengthRule(10)))`. */
export const refineWith =
  (...rules: FieldRule[]) =>
  (value: unknown, ctx: z.RefinementCtx): void => {
    const message = checkRules(value, ...rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/**
 * Optional text checked by rules (empty is null; text trimmed; a number is read as its text):
 * `ruleTextSchema(alphanumericRule, maxLengthRule(30))` for ldcAccountNum.
 */
export const ruleTextSchema = (...rules: FieldRule[]) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : emptyToNull(v)),
    z.string({ error: MSG.invalidInput }).nullable().superRefine(refineWith(...rules)),
  );

/** Required text checked by rules ('Required' when empty). */
export const requiredRuleTextSchema = (...rules: FieldRule[]) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: MSG.required }).superRefine(refineWith(requiredRule, ...rules)),
  );

/**
 * An optional number checked by rules on its text (empty is null; numeric text or a number in, a
 * number out): `ruleNumberSchema(integerRule, maxLengthRule(4))` for referenceAmendment.
 */
export const ruleNumberSchema = (...rules: FieldRule[]) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : emptyToNull(v)),
    z
      .string({ error: MSG.invalidInput })
      .nullable()
      .superRefine(refineWith(...rules))
      .transform((v) => (v === null ? null : Number(v.replace(/,/g, '')))),
  );

/** A required number checked by rules on its text ('Required' when empty). */
export const requiredRuleNumberSchema = (...rules: FieldRule[]) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MSG.required })
      .superRefine(refineWith(requiredRule, ...rules))
      .transform((v) => Number(v.replace(/,/g, ''))),
  );

/** A required date in the transfer format ('Required' when empty, 'Invalid date' otherwise). */
export const requiredDate = () =>
  z.preprocess(
    emptyToNull,
    z.string({ error: MSG.required }).refine(isTransferDate, MSG.invalidDate),
  );
