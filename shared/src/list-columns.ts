/**
 * List columns declared once (issue 27 item 4): a search list (Accounts Search, Contracts Search)
 * declares each column ONE time — its label (the spec's), where its value comes from (the record's
 * own stored field, a joined list's column, or a value computed from the row), its kind, its filter
 * (a typed column filter, a code list or a date range), its sort key, its width, whether agents see
 * it and whether the download has it — and everything else is derived from the declaration list:
 *
 * - the row type (`ListRowOf`, by TypeScript inference),
 * - the server's row building (`ownRowOf`: the own columns from the stored record; `joinedColumnsOf`:
 *   the list engine's join columns; `rowCellsOf`: the answer row), its sort keys (`sortKeysOf`) and
 *   its filter predicate (`columnFilterChecks`),
 * - the web filter bar (`searchFilterPartsOf`: the column filters, selections and date kinds with
 *   their labels), the grid columns (`gridColumnsOf`) and the column chooser (`chooserColumnsOf`),
 * - the download's columns (`exportColumnsOf`).
 *
 * Zod-free and React-free: the screens, the handlers and the downloads all load it.
 */

export type ListColumnKind = 'text' | 'number' | 'date' | 'code';

/** How a column is filtered (none when absent). `key`: the filter's key in the URL and the GetList body. */
export type ListColumnFilter =
  /** a typed column filter: its words start the value's words (any part with fullTextSearch), or the same text ignoring case */
  | { kind: 'text'; key: string; match: 'words' | 'sameText' }
  /** a typed number (digits only): the same number, or the value starting with those digits */
  | { kind: 'number'; key: string; match: 'equals' | 'prefix' }
  /** a selection of one code of the column's code list (`key` in the URL, `body` in the GetList body) */
  | { kind: 'codes'; key: string; body: string }
  /** a date range (`key` in the URL, `body` in the GetList body: { fromDate, toDate }) */
  | { kind: 'dateRange'; key: string; body: string };

export interface ListColumnDecl {
  /** the row's field (also the grid's and the download's column key) */
  field: string;
  /** the column's label as the spec writes it (grid header, filter label, download header) */
  label: string;
  kind: ListColumnKind;
  /** never null in the row (an empty text or code is '') */
  required?: boolean;
  /**
   * Where the value comes from: the record's own stored field (default: `field`), or a joined
   * list's column (`join`: the own row's reference field the list engine joins on).
   */
  source?: string | { join: string; column: string };
  /** a value computed from the row (no row field of its own): shown, downloaded and filtered as such */
  value?: (row: Record<string, unknown>, today: string) => string | number | null;
  /** the reference set of a code column (shown and downloaded by name) */
  codeSet?: string;
  /** the API's sort key (orderBy) */
  sortKey: string;
  /** the row field the sort key sorts by (default: `field`) */
  sortField?: string;
  /** the grid's starting width in px; `minWidth`: clipped with an ellipsis below it */
  width: number;
  minWidth?: number;
  /** frozen at the grid's left */
  frozen?: boolean;
  /** hidden until chosen in the column chooser */
  optional?: boolean;
  filter?: ListColumnFilter;
  /** hidden from agent users (grid and answer) */
  agentHidden?: boolean;
  /** false: not in the download */
  exported?: boolean;
}

/** A list's declarations, kept with their literal types (the row type is inferred from them). */
export const defineListColumns = <const T extends readonly ListColumnDecl[]>(columns: T): T => columns;

type CellType<C> = C extends { kind: 'number' } ? number : string;
type Cell<C> = C extends { required: true } ? CellType<C> : CellType<C> | null;
type StoredColumn<T extends readonly ListColumnDecl[]> = Exclude<T[number], { value: (...args: never[]) => unknown }>;
/** The row fields of a declaration list: each stored column's field, typed by its kind (null unless required). */
export type ListRowOf<T extends readonly ListColumnDecl[]> = { [C in StoredColumn<T> as C['field']]: Cell<C> };

type JoinedColumn<T extends readonly ListColumnDecl[]> = Extract<StoredColumn<T>, { source: { join: string } }>;
/** The row fields a list keeps itself (not joined). */
export type ListOwnRowOf<T extends readonly ListColumnDecl[]> = Omit<ListRowOf<T>, JoinedColumn<T>['field']>;
/** The row fields joined from other lists. */
export type ListJoinedRowOf<T extends readonly ListColumnDecl[]> = Pick<ListRowOf<T>, JoinedColumn<T>['field']>;

const textOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
const isStored = (c: ListColumnDecl) => c.value === undefined;
const isOwn = (c: ListColumnDecl) => isStored(c) && typeof c.source !== 'object';

// ---- the server -----------------------------------------------------------------------------------

/** The own columns of a list row, read from the stored record (the list engine's projection). */
export function ownRowOf(columns: readonly ListColumnDecl[], stored: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    if (!isOwn(c)) continue;
    const v = stored[(c.source as string | undefined) ?? c.field];
    row[c.field] = c.kind === 'number' ? (c.required ? Number(v) : numberOrNull(v)) : c.required ? String(v ?? '') : textOrNull(v);
  }
  return row;
}

/** The list engine's join columns of one reference (`on`): row field -> the joined list's column. */
export function joinedColumnsOf(columns: readonly ListColumnDecl[], on: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) if (isStored(c) && typeof c.source === 'object' && c.source.join === on) out[c.field] = c.source.column;
  return out;
}

/**
 * The declared cells of an answer row (a joined value absent from the list row is null), then the
 * row's other fields (`more`), in one object: assigned onto the cells, not spread with them into a
 * new object (a spread of 30 cells cost 18 µs a row, a page of 100 accounts 2.0 ms instead of 0.24).
 */
export function rowCellsOf<M extends object>(columns: readonly ListColumnDecl[], row: Record<string, unknown>, more?: M): Record<string, unknown> & M {
  const out: Record<string, unknown> = {};
  for (const c of columns) if (isStored(c)) out[c.field] = row[c.field] ?? null;
  return Object.assign(out, more);
}

/**
 * A number that changes with the declarations (a list spec's `version`: the list engine's snapshot
 * fingerprint holds it, so a snapshot built before a column was added or changed is rebuilt).
 * `base`: the list's own version of its other code.
 */
export function listColumnsVersion(columns: readonly ListColumnDecl[], base = 0): number {
  const text = JSON.stringify(columns, (_k, v: unknown) => (typeof v === 'function' ? String(v) : v));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return base * 2 ** 32 + h;
}

/** The fields of the columns agents may not see (the server leaves them out of an agent's rows: shared/src/agent-hidden.ts). */
export const agentHiddenFieldsOf = (columns: readonly ListColumnDecl[]): string[] => columns.filter((c) => c.agentHidden).map((c) => c.field);

/** The sort keys: the API's key -> the row field it sorts by. */
export function sortKeysOf(columns: readonly ListColumnDecl[]): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c.sortKey, c.sortField ?? c.field]));
}

/** How the server matches a typed text and a date period (functions/src/lib/list/filters.ts). */
export interface ListFilterMatchers {
  text: (value: string | null | undefined, filter: string, anywhere: boolean) => boolean;
  period: (date: string | null, period: { fromDate?: string | null; toDate?: string | null } | undefined) => boolean;
}

/**
 * The value a declared filter asks an own column to hold exactly (a code selection; a number
 * matched whole), or undefined: what the list engine answers from an equality index.
 */
function equalityOf(c: ListColumnDecl, body: Record<string, unknown>): string | number | undefined {
  const f = c.filter;
  if (!f || !isOwn(c)) return undefined;
  const wanted = f.kind === 'codes' ? body[f.body] : f.kind === 'number' && f.match === 'equals' ? body[f.key] : undefined;
  return typeof wanted === 'string' ? (wanted === '' ? undefined : wanted) : typeof wanted === 'number' ? wanted : undefined;
}

/**
 * The list engine's hints of the declared filters set in a GetList body (ListQuery.equals, .range):
 * an equality per code selection or whole number on an own column, a range per date period on an
 * own column. Each is exact: columnFilterChecks with `hinted` leaves those checks to the engine.
 * Derived from the filter kinds, so a new filterable column gets its hint with its declaration.
 */
export function columnFilterHints(columns: readonly ListColumnDecl[], body: Record<string, unknown>) {
  const equals: { column: string; value: string | number }[] = [];
  const ranges: { column: string; from?: string; to?: string }[] = [];
  const day = (d: string | null | undefined) => (d ? d.slice(0, 10) : undefined);
  for (const c of columns) {
    const value = equalityOf(c, body);
    if (value !== undefined) equals.push({ column: c.field, value });
    if (c.filter?.kind === 'dateRange' && isOwn(c)) {
      const p = body[c.filter.body] as { fromDate?: string | null; toDate?: string | null } | undefined;
      if (p && (p.fromDate || p.toDate)) ranges.push({ column: c.field, ...(p.fromDate ? { from: day(p.fromDate) } : {}), ...(p.toDate ? { to: day(p.toDate) } : {}) });
    }
  }
  return { equals, ranges };
}

/**
 * The row checks of the declared filters set in a GetList body (`anywhere`: fullTextSearch).
 * `hinted`: the query also passes columnFilterHints' equalities and ranges, so their checks are left out.
 */
export function columnFilterChecks<R>(
  columns: readonly ListColumnDecl[],
  body: Record<string, unknown>,
  anywhere: boolean,
  match: ListFilterMatchers,
  hinted = false,
): ((row: R) => boolean)[] {
  const checks: ((row: R) => boolean)[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (const c of columns) {
    const f = c.filter;
    if (!f) continue;
    if (hinted && (equalityOf(c, body) !== undefined || (f.kind === 'dateRange' && isOwn(c)))) continue;
    // one getter per column, chosen once (the checks run on every row of a list)
    const { value, field } = c;
    const get = value ? (r: R) => value(r as Record<string, unknown>, today) : (r: R) => (r as Record<string, unknown>)[field];
    if (f.kind === 'text') {
      const wanted = body[f.key];
      if (typeof wanted !== 'string' || wanted === '') continue;
      const lower = wanted.toLowerCase();
      if (f.match === 'sameText') checks.push((r) => String(get(r) ?? '').toLowerCase() === lower);
      else checks.push((r) => match.text(get(r) as string | null, wanted, anywhere));
    } else if (f.kind === 'number') {
      const wanted = body[f.key];
      if (wanted === undefined || wanted === null) continue;
      if (f.match === 'prefix') {
        const digits = String(wanted);
        checks.push((r) => {
          const v = get(r);
          return v !== null && v !== undefined && String(v).startsWith(digits);
        });
      } else checks.push((r) => get(r) === wanted);
    } else if (f.kind === 'codes') {
      const wanted = body[f.body];
      if (wanted === undefined || wanted === null || wanted === '') continue;
      checks.push((r) => get(r) === wanted);
    } else {
      const period = body[f.body] as { fromDate?: string | null; toDate?: string | null } | undefined;
      if (!period) continue;
      checks.push((r) => match.period(get(r) as string | null, period));
    }
  }
  return checks;
}

// ---- the download ---------------------------------------------------------------------------------

export interface ListExportColumn<R> {
  field: string;
  header: string;
  /** transfer-format dates (shown mm/dd/yyyy) */
  date?: boolean;
  value: (row: R, today: string) => unknown;
}

/**
 * The download's columns: the exported declarations, code values by name. `order`: the fields the
 * download puts first, in that order (the others follow in the declarations' order).
 */
export function exportColumnsOf<R>(
  columns: readonly ListColumnDecl[],
  nameOf: (codeSet: string, code: unknown) => unknown,
  order: readonly string[] = [],
): ListExportColumn<R>[] {
  const exported = columns.filter((c) => c.exported !== false);
  const rank = (c: ListColumnDecl) => (order.includes(c.field) ? order.indexOf(c.field) : order.length + exported.indexOf(c));
  return [...exported].sort((a, b) => rank(a) - rank(b)).map((c) => ({
    field: c.field,
    header: c.label,
    ...(c.kind === 'date' ? { date: true } : {}),
    value: (row: R, today: string) => {
      const r = row as Record<string, unknown>;
      if (c.value) return c.value(r, today);
      return c.codeSet ? nameOf(c.codeSet, r[c.field]) : r[c.field];
    },
  }));
}

// ---- the screens ----------------------------------------------------------------------------------

export interface ListGridColumnOptions {
  /** a code's name in its reference set */
  nameOf: (codeSet: string, code: string | null) => string;
  /** a transfer date as the screens show it (MM/dd/yyyy) */
  formatDate: (value: string | null) => string;
  today: string;
  /** the user is an agent: the agent-hidden columns are left out */
  agent?: boolean;
}

/** A grid column (web/src/components/DataGrid's GridColumn, its text cells). */
export interface ListGridColumn<R> {
  field: string;
  sortField: string;
  header: string;
  sortable: true;
  width?: number;
  minWidth?: number;
  clip?: boolean;
  frozen?: boolean;
  body: (row: R) => string;
}

/** The grid's columns: sortable by their keys, dates as MM/dd/yyyy, codes by name, computed values as text. */
export function gridColumnsOf<R>(columns: readonly ListColumnDecl[], options: ListGridColumnOptions): ListGridColumn<R>[] {
  return columns
    .filter((c) => !(options.agent && c.agentHidden))
    .map((c) => ({
      field: c.field,
      sortField: c.sortKey,
      header: c.label,
      sortable: true as const,
      width: c.width,
      minWidth: c.minWidth ?? Math.min(c.width, 84),
      ...(c.minWidth ? { clip: true } : {}),
      ...(c.frozen ? { frozen: true } : {}),
      body: (row: R) => {
        const r = row as Record<string, unknown>;
        const v = c.value ? c.value(r, options.today) : r[c.field];
        if (c.codeSet) return options.nameOf(c.codeSet, (v as string | null) ?? null);
        if (c.kind === 'date') return options.formatDate((v as string | null) ?? null);
        return v === null || v === undefined ? '' : String(v);
      },
    }));
}

/** The column chooser's columns (and the grid view's: the optional ones start hidden). */
export const chooserColumnsOf = (columns: readonly ListColumnDecl[]) =>
  columns.map((c) => ({ field: c.field, header: c.label, ...(c.optional ? { optional: true as const } : {}) }));

type FilterOf<C, K> = C extends { filter: infer F } ? (F extends { kind: K } ? F : never) : never;
/** The keys of a declaration list's filters of one kind (the URL's and the filter bar's). */
export type ListFilterKeys<T extends readonly ListColumnDecl[], K extends ListColumnFilter['kind']> = FilterOf<T[number], K> extends { key: infer X } ? X & string : never;
/** The GetList body keys of a declaration list's filters of one kind (codes, dateRange). */
export type ListFilterBodyKeys<T extends readonly ListColumnDecl[], K extends 'codes' | 'dateRange'> = FilterOf<T[number], K> extends { body: infer X } ? X & string : never;

/**
 * The filter bar's declared parts (web/src/lib/search-filters.ts's SearchFilterSpec and the bar's
 * labels), in the columns' order: the column filters (numeric ones take digits), the selections of
 * a code list and the date kinds (`dateKindOrder`: the kinds the date menu lists first, in that order).
 */
export function searchFilterPartsOf<const T extends readonly ListColumnDecl[]>(columns: T, options: { dateKindOrder?: readonly string[] } = {}) {
  type C = ListFilterKeys<T, 'text' | 'number'>;
  type S = ListFilterKeys<T, 'codes'>;
  type D = ListFilterKeys<T, 'dateRange'>;
  const parts = {
    columns: [] as { key: C; numeric: boolean }[],
    selects: [] as { key: S; bodyKey: string }[],
    dateKinds: [] as { value: D; filter: string; label: string }[],
    labels: { columns: {} as Record<C, string>, selects: {} as Record<S, string>, dateKinds: {} as Record<D, string> },
  };
  for (const c of columns) {
    const f = c.filter;
    if (!f) continue;
    if (f.kind === 'text' || f.kind === 'number') {
      parts.columns.push({ key: f.key as C, numeric: f.kind === 'number' });
      parts.labels.columns[f.key as C] = c.label;
    } else if (f.kind === 'codes') {
      parts.selects.push({ key: f.key as S, bodyKey: f.body });
      parts.labels.selects[f.key as S] = c.label;
    } else {
      parts.dateKinds.push({ value: f.key as D, filter: f.body, label: c.label });
      parts.labels.dateKinds[f.key as D] = c.label;
    }
  }
  // the date kinds' menu in its own order (the declared ones first), else the columns'
  const order = options.dateKindOrder ?? [];
  const rank = (k: { value: string }) => (order.includes(k.value) ? order.indexOf(k.value) : order.length);
  parts.dateKinds.sort((a, b) => rank(a) - rank(b));
  return parts;
}
