import type { z } from 'zod';
import type { ListColumnDecl, ListFilterBodyKeys, ListFilterKeys } from './list-columns';

/** How one list's GetList body takes each kind of column filter (a text, a whole number, a code of the column's list, a period). */
export interface FilterFieldKinds<Text extends z.ZodType, Num extends z.ZodType, Codes extends z.ZodType, Period extends z.ZodType> {
  text: Text;
  number: Num;
  codes: (codeSet: string) => Codes;
  dateRange: Period;
}

type AnyKinds = FilterFieldKinds<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** The body fields of a list's declared column filters, typed by their keys. */
export type ColumnFilterShape<T extends readonly ListColumnDecl[], K extends AnyKinds> = { [F in ListFilterKeys<T, 'text'>]: K['text'] } & { [F in ListFilterKeys<T, 'number'>]: K['number'] } & {
  [F in ListFilterBodyKeys<T, 'codes'>]: ReturnType<K['codes']>;
} & { [F in ListFilterBodyKeys<T, 'dateRange'>]: K['dateRange'] };

/**
 * The GetList body fields of the declared columns' filters (a text or number filter under its key, a
 * code or period filter under its body name), each of the list's kind: a filterable column is then
 * one declaration, its body field derived (Accounts' and Contracts' GetList bodies).
 */
export function columnFilterShape<T extends readonly ListColumnDecl[], K extends AnyKinds>(columns: T, kinds: K): ColumnFilterShape<T, K> {
  const shape: Record<string, z.ZodType> = {};
  for (const c of columns) {
    const f = c.filter;
    if (!f) continue;
    if (f.kind === 'text') shape[f.key] = kinds.text;
    else if (f.kind === 'number') shape[f.key] = kinds.number;
    else if (f.kind === 'codes') shape[f.body] = kinds.codes(c.codeSet ?? '');
    else shape[f.body] = kinds.dateRange;
  }
  return shape as ColumnFilterShape<T, K>;
}
