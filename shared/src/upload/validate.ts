import { parseInputDate } from '../formats';
import { STATIC_REFERENCE_SETS } from '../reference/data';
import { EXCEPTION_REASONS, type ExceptionType, type UploadException } from './exceptions';
import { UPLOAD_COLUMNS, UPLOAD_DEFAULTS, type RowType, type UploadColumn, type UploadColumnKind } from './columns';

/**
 * An uploaded row's values as its columns take them (spec 3 section 5, issue 10 "Validation"):
 * each cell converted by its column's kind (a spreadsheet gives numbers, dates, booleans, text and
 * rich text), then checked by the field's shared rule — the forms' rule. What fails becomes an
 * exception with its reason of spec 3 section 8; the cross-record checks (keys, duplicates, agents,
 * commissions, volumes, overlaps) come after, on the server.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value as exceljs reads it, reduced to a string, number, boolean, Date or null. */
export function cellValue(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string; error?: string };
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((r) => r.text).join(''));
    if ('result' in o) return cellValue(o.result);
    if (o.text !== undefined) return cellValue(o.text);
    if (o.error) return String(o.error);
  }
  return String(v);
}

/** A cell as text (the exception's original value). */
export function cellText(v: unknown): string | null {
  const c = cellValue(v);
  if (c === null) return null;
  if (c instanceof Date) return `${pad(c.getUTCMonth() + 1)}/${pad(c.getUTCDate())}/${c.getUTCFullYear()}`;
  return String(c);
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const transfer = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T00:00:00`;
const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})(T00:00:00(\.000)?Z?)?$/;

const BOOLEANS = new Map<string, boolean>([
  ['true', true], ['yes', true], ['y', true], ['1', true],
  ['false', false], ['no', false], ['n', false], ['0', false],
]);

const enumIndex = new Map<string, Map<string, string>>();
/** A reference set's codes by their code and name, in lower case. */
function enumOf(itemType: string): Map<string, string> {
  let m = enumIndex.get(itemType);
  if (!m) {
    m = new Map();
    for (const item of STATIC_REFERENCE_SETS.find((s) => s.itemType === itemType)?.items ?? []) {
      m.set(item.code.toLowerCase(), item.code);
      m.set(item.name.toLowerCase(), item.code);
    }
    enumIndex.set(itemType, m);
  }
  return m;
}

const TYPE_OF_KIND: Record<UploadColumnKind, ExceptionType> = {
  text: 'invalidDataTypeEnum',
  integer: 'invalidDataTypeInteger',
  decimal: 'invalidDataTypeDecimal',
  date: 'invalidDataTypeDate',
  boolean: 'invalidDataTypeBoolean',
  enum: 'invalidDataTypeEnum',
};

/** A cell converted to its column's kind: the value, or the exception type. */
export function convertCell(column: Pick<UploadColumn, 'kind' | 'itemType'>, raw: unknown): { value: unknown } | { error: ExceptionType } {
  const v = cellValue(raw);
  if (v === null) return { value: null };
  switch (column.kind) {
    case 'text':
      return { value: v instanceof Date ? transfer(v) : String(v) };
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.0+)?$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : NaN;
      return Number.isInteger(n) ? { value: n } : { error: 'invalidDataTypeInteger' };
    }
    case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?(\d+\.?\d*|\.\d+)$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: 'invalidDataTypeDecimal' };
    }
    case 'date': {
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? { error: 'invalidDataTypeDate' } : { value: transfer(v) };
      if (typeof v === 'number') return v > 0 && v < 2_958_466 ? { value: transfer(new Date(EXCEL_EPOCH + Math.floor(v) * 86_400_000)) } : { error: 'invalidDataTypeDate' };
      const text = String(v);
      const iso = DATE_ISO.exec(text);
      if (iso) {
        const checked = parseInputDate(`${iso[2]}/${iso[3]}/${iso[1]}`);
        return checked ? { value: checked } : { error: 'invalidDataTypeDate' };
      }
      const typed = parseInputDate(text);
      return typed ? { value: typed } : { error: 'invalidDataTypeDate' };
    }
    case 'boolean': {
      const b = typeof v === 'boolean' ? v : BOOLEANS.get(String(v).trim().toLowerCase());
      return b === undefined ? { error: 'invalidDataTypeBoolean' } : { value: b };
    }
    case 'enum': {
      const code = enumOf(column.itemType!).get(String(v).trim().toLowerCase());
      return code === undefined ? { error: 'invalidDataTypeEnum' } : { value: code };
    }
  }
}

/** The exception type of a value its rule refuses: a length rule's is 'Invalid Length.', else the kind's. */
export const ruleErrorType = (column: UploadColumn, message: string): ExceptionType => (/characters/.test(message) ? 'invalidLength' : TYPE_OF_KIND[column.kind]);

/** An exception of a column: the value read, its fix (the value read, to start with), the reason. */
export const exceptionOf = (column: Pick<UploadColumn, 'header'>, raw: unknown, type: ExceptionType): UploadException => {
  const oldValue = cellText(raw);
  return { uiHeader: column.header, oldValue, newValue: oldValue, type, fixUser: null };
};

/**
 * A row's cells (by field) converted and checked: the data (the columns' values, converted) and
 * the exceptions of the cells that fail (required, kind, rule), one per column.
 */
export function validateCells(type: RowType, cells: Readonly<Record<string, unknown>>, today = new Date().toISOString().slice(0, 10)): { data: Record<string, unknown>; exceptions: UploadException[] } {
  let data: Record<string, unknown> = {};
  const failed = new Map<string, ExceptionType>();
  for (const column of UPLOAD_COLUMNS[type]) {
    const converted = convertCell(column, cells[column.field]);
    if ('error' in converted) {
      data[column.field] = cellText(cells[column.field]);
      failed.set(column.field, converted.error);
    } else data[column.field] = converted.value;
  }
  // what the server fills (a new account's tax-exempt number, start and end dates, short name, ...)
  const defaults = UPLOAD_DEFAULTS[type];
  if (defaults) {
    // a value that failed its kind fills nothing else; it stays as read, for its exception
    const filled = defaults({ ...data, ...Object.fromEntries([...failed.keys()].map((f) => [f, null])) }, `${today}T00:00:00`);
    for (const f of failed.keys()) filled[f] = data[f];
    data = filled;
  }
  const exceptions: UploadException[] = [];
  for (const column of UPLOAD_COLUMNS[type]) {
    const raw = cells[column.field];
    const kindError = failed.get(column.field);
    if (kindError) {
      exceptions.push(exceptionOf(column, raw, kindError));
      continue;
    }
    const value = data[column.field];
    if (value === null || value === undefined) {
      if (column.required) exceptions.push(exceptionOf(column, raw, 'requiredField'));
      continue;
    }
    if (column.rule) {
      const checked = column.rule.safeParse(value);
      if (!checked.success) exceptions.push(exceptionOf(column, raw, ruleErrorType(column, checked.error.issues[0]?.message ?? '')));
      else data[column.field] = checked.data;
    }
  }
  return { data, exceptions };
}

/** The reason text of an exception type (spec 3 section 8). */
export const reasonOf = (type: ExceptionType): string => EXCEPTION_REASONS[type];
