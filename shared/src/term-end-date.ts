/**
 * The end of a term (spec 2: an amendment's End Date, an account's Contract End Date): the start
 * date plus `term` whole months, the same day of the month clamped to that month's end, minus one
 * day. Empty without a start date (yyyy-mm-dd...) or a positive whole term.
 */
export function termEndDate(start: string | null | undefined, term: number | null | undefined): string | null {
  if (!start || term === null || term === undefined || !Number.isInteger(term) || term <= 0 || !/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
  const key = `${start.slice(0, 10)}|${term}`;
  let end = endDates.get(key);
  if (end === undefined) {
    end = computeTermEndDate(start, term);
    if (endDates.size < END_DATES_KEPT) endDates.set(key, end);
  }
  return end;
}

/** End dates already computed (an upload's rows share a few start dates and terms): at most END_DATES_KEPT. */
const endDates = new Map<string, string>();
const END_DATES_KEPT = 4096;

function computeTermEndDate(start: string, term: number): string {
  const [y, m, d] = start.slice(0, 10).split('-').map(Number) as [number, number, number];
  const months = m - 1 + term;
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month, Math.min(d, last)));
  date.setUTCDate(date.getUTCDate() - 1);
  return `${date.toISOString().slice(0, 10)}T00:00:00`;
}
