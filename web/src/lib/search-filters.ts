/**
 * The filters of a search page kept in the URL query, so that a search has its own address and a
 * saved view is the page's query (Contracts Search, Accounts Search): the keyword, per-column
 * filters (f.{key}; numeric ones take digits), selections (their key: ?status=Enrolled), any of the
 * date kinds' periods at once ({kind}.from, {kind}.to, yyyy-MM-dd) with the kind the From and To
 * inputs edit (dateKind), and extra values a page declares (?renewal=90). Unknown or malformed values
 * are ignored. A page declares its filters once (`defineSearchFilters`) and gets the parsing, the
 * URL, the Reset test and the GetList body from it.
 */
export interface SearchFilterSpec<C extends string, S extends string, D extends string, E extends string> {
  /** per-column filters: the body key they are sent under (default the key) */
  columns: readonly { key: C; numeric: boolean; bodyKey?: string }[];
  /** selections: the body key they are sent under */
  selects: readonly { key: S; bodyKey: string }[];
  /** the date kinds: the body key of each one's period */
  dateKinds: readonly { value: D; filter: string }[];
  defaultDateKind: D;
  /** the body key of the keyword ('searchText', 'keyword') */
  keywordBodyKey: string;
  /** extra values: which text they take, and their body entries */
  extras?: readonly { key: E; valid: (v: string) => boolean; body: (v: string) => Record<string, unknown> }[];
}

export interface DatePeriod {
  from: string | null;
  to: string | null;
}

export interface SearchFilters<C extends string, S extends string, D extends string, E extends string = never> {
  keyword: string;
  columns: Partial<Record<C, string>>;
  selects: Partial<Record<S, string>>;
  /** the date kind the From and To inputs edit */
  dateKind: D;
  periods: Partial<Record<D, DatePeriod>>;
  extras: Partial<Record<E, string>>;
}

const dayOf = (v: string | null): string | null => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const transfer = (day: string | null) => (day ? `${day}T00:00:00` : null);

export function defineSearchFilters<C extends string, S extends string, D extends string, E extends string = never>(spec: SearchFilterSpec<C, S, D, E>) {
  type F = SearchFilters<C, S, D, E>;
  const NO_FILTERS: F = { keyword: '', columns: {}, selects: {}, dateKind: spec.defaultDateKind, periods: {}, extras: {} };

  function filtersOf(params: URLSearchParams): F {
    const kind = params.get('dateKind');
    const dateKind = spec.dateKinds.some((k) => k.value === kind) ? (kind as D) : spec.defaultDateKind;
    const periods: F['periods'] = {};
    for (const k of spec.dateKinds) {
      const from = dayOf(params.get(`${k.value}.from`));
      const to = dayOf(params.get(`${k.value}.to`));
      if (from || to) periods[k.value] = { from, to };
    }
    // an older link: one period as dateKind, from and to
    const from = dayOf(params.get('from'));
    const to = dayOf(params.get('to'));
    if ((from || to) && !periods[dateKind]) periods[dateKind] = { from, to };
    const columns: F['columns'] = {};
    for (const c of spec.columns) {
      const v = params.get(`f.${c.key}`)?.trim();
      if (v && (!c.numeric || /^\d{1,10}$/.test(v))) columns[c.key] = v;
    }
    const selects: F['selects'] = {};
    for (const s of spec.selects) {
      const v = params.get(s.key)?.trim();
      if (v) selects[s.key] = v;
    }
    const extras: F['extras'] = {};
    for (const e of spec.extras ?? []) {
      const v = params.get(e.key)?.trim();
      if (v && e.valid(v)) extras[e.key] = v;
    }
    return { keyword: params.get('keyword')?.trim() ?? '', columns, selects, dateKind, periods, extras };
  }

  /** The query of these filters (empty ones left out), keeping other parameters. */
  function withFilters(params: URLSearchParams, f: F): URLSearchParams {
    const out = new URLSearchParams(params);
    const put = (key: string, value: string | null | undefined) => (value ? out.set(key, value) : out.delete(key));
    put('keyword', f.keyword.trim() || null);
    for (const c of spec.columns) put(`f.${c.key}`, f.columns[c.key]?.trim() || null);
    for (const s of spec.selects) put(s.key, f.selects[s.key]);
    for (const e of spec.extras ?? []) put(e.key, f.extras[e.key]);
    put('dateKind', f.dateKind === spec.defaultDateKind ? null : f.dateKind);
    put('from', null);
    put('to', null);
    for (const k of spec.dateKinds) {
      put(`${k.value}.from`, f.periods[k.value]?.from ?? null);
      put(`${k.value}.to`, f.periods[k.value]?.to ?? null);
    }
    return out;
  }

  const filled = (o: object) => Object.values(o).some((v) => v !== undefined && v !== null && v !== '');
  const hasFilters = (f: F): boolean =>
    f.keyword !== '' || filled(f.columns) || filled(f.selects) || filled(f.extras) || Object.keys(f.periods).length > 0 || f.dateKind !== spec.defaultDateKind;

  /** The GetList body of the filters. */
  function filterBody(f: F): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    if (f.keyword) body[spec.keywordBodyKey] = f.keyword;
    for (const c of spec.columns) {
      const v = f.columns[c.key];
      if (v) body[c.bodyKey ?? c.key] = c.numeric ? Number(v) : v;
    }
    for (const s of spec.selects) if (f.selects[s.key]) body[s.bodyKey] = f.selects[s.key];
    for (const e of spec.extras ?? []) if (f.extras[e.key]) Object.assign(body, e.body(f.extras[e.key]!));
    for (const kind of spec.dateKinds) {
      const p = f.periods[kind.value];
      if (p && (p.from || p.to)) body[kind.filter] = { fromDate: transfer(p.from), toDate: transfer(p.to) };
    }
    return body;
  }

  /** The period of the date kind being edited. */
  const editedPeriod = (f: F): DatePeriod => f.periods[f.dateKind] ?? { from: null, to: null };
  /** The filters with a kind's period changed (the edited kind's by default; an empty period removed). */
  function withPeriod(f: F, change: Partial<DatePeriod>, kind: D = f.dateKind): Partial<F> {
    const next = { ...(f.periods[kind] ?? { from: null, to: null }), ...change };
    const periods = { ...f.periods };
    if (next.from || next.to) periods[kind] = next;
    else delete periods[kind];
    return { periods } as Partial<F>;
  }

  return { spec, NO_FILTERS, filtersOf, withFilters, hasFilters, filterBody, editedPeriod, withPeriod };
}
export type SearchFilterDef<C extends string, S extends string, D extends string, E extends string = never> = ReturnType<typeof defineSearchFilters<C, S, D, E>>;
