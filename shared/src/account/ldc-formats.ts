import { MSG } from '../messages';

/**
 * A territory's LDC account number format (issue 28): data that administrators maintain on the
 * Territories grid, not a guess in code. An enrollment with a number of the wrong shape is rejected
 * by the utility days later; checking it at entry saves that round trip. Each territory may hold a
 * pattern (a regular expression that must match the whole number), a description for the message
 * ('10 digits' -> 'PECO account numbers are 10 digits') and what a mismatch does: 'Warn' shows the
 * message and lets the account be saved, 'Block' refuses the save. A territory without a pattern
 * takes any number the spec's own rule accepts (alphanumeric with dashes, at most 30 characters),
 * which always blocks. The number fits when the pattern matches it as typed or without its dashes
 * and spaces (people copy both forms from bills), letters compared in upper case.
 */
export const LDC_MISMATCH_ACTIONS = ['Warn', 'Block'] as const;
export type LdcMismatchAction = (typeof LDC_MISMATCH_ACTIONS)[number];

/** What the check reads of a territory (the territory record, or its reference data item). */
export interface LdcFormat {
  code: string;
  ldcPattern?: string | null;
  ldcFormatDescription?: string | null;
  ldcMismatch?: string | null;
}

/** The outcome of a check that failed: the text, and whether it refuses the save. */
export interface LdcFormatIssue {
  message: string;
  blocks: boolean;
}

/** The number as the format reads it: dashes and spaces dropped, letters in upper case. */
export const normalizeLdcNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/** A group repeated by '+', '*' or '{n,m}' that holds a repetition or a choice itself: '(a+)+', '(\\d|x)*'. */
const NESTED_REPEAT = /\((?:[^()\\]|\\.)*(?:[+*|]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,?\d*\})/;

/**
 * The rule of a pattern an administrator saves (server and grid alike): null when it may be saved,
 * else the message. A regular expression that does not compile is refused, and so is a repeated
 * group holding a repetition or a choice ('(\\d+)+', '(a|b)*'): tested against a number, such a pattern can take
 * exponential time (the server tests every account's number with it).
 */
export function ldcPatternError(pattern: string | null | undefined): string | null {
  if (pattern === null || pattern === undefined || pattern.trim() === '') return null;
  try {
    new RegExp(pattern);
  } catch {
    return MSG.ldcPatternInvalid;
  }
  return NESTED_REPEAT.test(pattern) ? MSG.ldcPatternNested : null;
}

const compiled = new Map<string, RegExp | null>();
function regexOf(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = ldcPatternError(pattern) ? null : new RegExp(`^(?:${pattern})$`, 'i');
    } catch {
      re = null;
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/**
 * The check of an LDC account number against its territory's format: null when it fits, the
 * territory has no pattern (or one that cannot be read) or there is no number; else the message
 * ('{code} account numbers are {description}') and whether it blocks (only 'Block' does; a pattern
 * without a choice warns).
 */
export function ldcFormatCheck(territory: LdcFormat | null | undefined, value: string | null | undefined): LdcFormatIssue | null {
  const pattern = territory?.ldcPattern?.trim();
  if (!territory || !pattern || !value) return null;
  const re = regexOf(pattern);
  if (!re || re.test(value.trim()) || re.test(normalizeLdcNumber(value))) return null;
  const description = territory.ldcFormatDescription?.trim();
  const message = description
    ? MSG.ldcFormatMismatch.replace('{code}', territory.code).replace('{description}', description)
    : MSG.ldcFormatMismatchPlain.replace('{code}', territory.code);
  return { message, blocks: territory.ldcMismatch === 'Block' };
}

/** A check that refuses the save: its message, else null (the server, the uploader and the updater). */
export const ldcFormatBlock = (territory: LdcFormat | null | undefined, value: string | null | undefined): string | null => {
  const issue = ldcFormatCheck(territory, value);
  return issue?.blocks ? issue.message : null;
};

/** A number that fits a seeded territory's format (the demo data and the tests use it); `n` picks it. */
export function sampleLdcNumber(territoryCode: string, n: number): string {
  const digits = (len: number) => String(n).padStart(len, '0').slice(-len);
  switch (territoryCode) {
    case 'PSEG': return `PE${digits(18)}`;
    case 'JCPL': return `08${digits(18)}`;
    case 'CONED': return digits(15);
    case 'COLGAS-OH': return digits(11);
    case 'NATGRID-NY': case 'PECO': case 'PGW': case 'COMED': case 'NICOR': case 'BGE': return digits(10);
    default: return `LDC-${n}`;
  }
}

/** An account's term as the overlap check reads it: its start and end (transfer dates; null: open). */
export type Term = readonly [string | null | undefined, string | null | undefined];
/**
 * Two terms overlap ('Overlapping dates on base accounts' for two accounts of one LDC number): the
 * form's save, the uploader's check and the import read this one predicate. An open end runs on.
 */
export function termsOverlap(a: Term, b: Term): boolean {
  const from = (d: string | null | undefined) => (d ? d.slice(0, 10) : '0000');
  const to = (d: string | null | undefined) => (d ? d.slice(0, 10) : '9999');
  return from(a[0]) <= to(b[1]) && from(b[0]) <= to(a[1]);
}
