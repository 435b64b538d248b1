import { keywordWords, searchWords } from '@eb/shared/paging';

/**
 * Field filters of the list screens' filter bodies (contracts, accounts): a text by the product's
 * one word rule (shared/src/paging.ts: each word of the filter starts a word of the field, or, with
 * `fullTextSearch`, occurs anywhere in it) and a date within a period (days, both ends included).
 */
export function matchesText(text: string | null | undefined, filter: string, anywhere: boolean): boolean {
  if (!text) return false;
  const wanted = keywordWords(filter, anywhere);
  if (anywhere) return wanted.every((w) => text.toLowerCase().includes(w));
  const words = searchWords(text);
  return wanted.every((w) => words.some((x) => x.startsWith(w)));
}

export function inPeriod(date: string | null, period: { fromDate?: string | null; toDate?: string | null } | undefined): boolean {
  if (!period || (!period.fromDate && !period.toDate)) return true;
  if (!date) return false;
  const day = date.slice(0, 10);
  return (!period.fromDate || day >= period.fromDate.slice(0, 10)) && (!period.toDate || day <= period.toDate.slice(0, 10));
}
