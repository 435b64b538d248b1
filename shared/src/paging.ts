/** Paged lists' sort order and answers (spec 1 section 3), zod-free; their query schemas are in page-query.ts. */

export type SortDirection = 'Ascending' | 'Descending';

/** A paged answer: one page of rows and the number of rows matching (spec 1 "Paged result"). */
export interface PagedResult<T> {
  data: T[];
  totalCount: number;
}

/** The orderBy text of a sort field and direction. */
export const orderByOf = (field: string, direction: SortDirection): string => `${field} ${direction}`;

/** A sort request the list cannot serve (an unknown field or direction): the server answers 400. */
export class SortFieldError extends Error {
  override readonly name = 'SortFieldError';
  constructor(
    message: string,
    /** the text shown under orderBy */
    readonly fieldMessage: string,
  ) {
    super(message);
  }
}

/**
 * Parse an orderBy text ('field Ascending|Descending'; the direction defaults to Ascending; absent:
 * the list's default sort) against the list's sort fields, matched case-insensitively. Throws
 * SortFieldError for an unknown field or direction.
 */
export function parseOrderBy<F extends string>(
  orderBy: string | undefined,
  fields: readonly F[],
  defaultSort: { field: string; direction: SortDirection },
): { field: F; direction: SortDirection; desc: boolean } {
  const raw = (orderBy || `${defaultSort.field} ${defaultSort.direction}`).trim();
  const [name = '', dir = 'Ascending'] = raw.split(/\s+/);
  const field = fields.find((f) => f.toLowerCase() === name.toLowerCase());
  if (!field) throw new SortFieldError(`Cannot sort by ${name}`, `Cannot sort by ${name}`);
  const d = dir.toLowerCase();
  if (d !== 'ascending' && d !== 'descending') throw new SortFieldError(`Unknown sort direction ${dir}`, 'Ascending or Descending');
  return { field, direction: d === 'descending' ? 'Descending' : 'Ascending', desc: d === 'descending' };
}

export type SortValue = string | number | boolean | null | undefined;

/** A value as lists sort it: text case-insensitively, empty text and null as empty (null). */
export function sortKey(v: SortValue): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return v.toLowerCase();
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

/**
 * The ascending order of every list (spec 1: sortable columns): by the sort keys (sortKey), empty
 * values last, ties by id. A descending list reads the ascending order backwards.
 */
export function compareSortKeys(a: string | number | null, b: string | number | null, idA: number, idB: number): number {
  if (a === b) return idA - idB;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Sort rows by a parsed orderBy (a new array): ascending by compareSortKeys, or that order reversed. */
export function sortRows<R>(rows: readonly R[], value: (r: R) => SortValue, id: (r: R) => number, desc: boolean): R[] {
  const keyed = rows.map((r) => ({ r, k: sortKey(value(r)), id: id(r) }));
  keyed.sort((x, y) => compareSortKeys(x.k, y.k, x.id, y.id));
  if (desc) keyed.reverse();
  return keyed.map((x) => x.r);
}

/** The words of a text as keyword search sees them (lower case; letters and digits; anything else separates). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The words of a keyword: as searchWords, or with fullText (substring search) split at white space only. */
export function keywordWords(keyword: string | null | undefined, fullText: boolean): string[] {
  const k = (keyword ?? '').toLowerCase();
  return fullText ? k.trim().split(/\s+/).filter(Boolean) : searchWords(k);
}
