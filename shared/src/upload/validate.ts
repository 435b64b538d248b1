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
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? null : t;
  }
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
/** An Excel serial day (days since 1899-12-30, a fraction the time of day; the 1904 system 1,462 days later) as a Date, in UTC. */
export const excelSerialDate = (serial: number, date1904 = false): Date => new Date(EXCEL_EPOCH + Math.round((serial + (date1904 ? 1462 : 0)) * 86_400_000));
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

/** A conversion's failure: its exception type (one object per type: nothing is allocated per cell). */
class KindError {
  constructor(readonly error: ExceptionType) {}
}
const KIND_ERRORS = new Map<ExceptionType, KindError>((['invalidDataTypeInteger', 'invalidDataTypeDecimal', 'invalidDataTypeDate', 'invalidDataTypeBoolean', 'invalidDataTypeEnum'] as const).map((t) => [t, new KindError(t)]));
const kindError = (t: ExceptionType): KindError => KIND_ERRORS.get(t)!;

/** A cell converted to its column's kind: the value, or the exception type. */
export function convertCell(column: Pick<UploadColumn, 'kind' | 'itemType'>, raw: unknown): { value: unknown } | { error: ExceptionType } {
  const converted = convert(column, raw);
  return converted instanceof KindError ? { error: converted.error } : { value: converted };
}

function convert(column: Pick<UploadColumn, 'kind' | 'itemType'>, raw: unknown): unknown {
  const v = cellValue(raw);
  if (v === null) return null;
  switch (column.kind) {
    case 'text':
      return v instanceof Date ? transfer(v) : String(v);
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.0+)?$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : NaN;
      return Number.isInteger(n) ? n : kindError('invalidDataTypeInteger');
    }
    case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?(\d+\.?\d*|\.\d+)$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : NaN;
      return Number.isFinite(n) ? n : kindError('invalidDataTypeDecimal');
    }
    case 'date': {
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? kindError('invalidDataTypeDate') : transfer(v);
      if (typeof v === 'number') return v > 0 && v < 2_958_466 ? transfer(excelSerialDate(Math.floor(v))) : kindError('invalidDataTypeDate');
      const text = String(v);
      const iso = DATE_ISO.exec(text);
      if (iso) return parseInputDate(`${iso[2]}/${iso[3]}/${iso[1]}`) ?? kindError('invalidDataTypeDate');
      return parseInputDate(text) ?? kindError('invalidDataTypeDate');
    }
    case 'boolean': {
      const b = typeof v === 'boolean' ? v : BOOLEANS.get(String(v).trim().toLowerCase());
      return b === undefined ? kindError('invalidDataTypeBoolean') : b;
    }
    case 'enum': {
      const code = enumOf(column.itemType!).get(String(v).trim().toLowerCase());
      return code === undefined ? kindError('invalidDataTypeEnum') : code;
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

type RuleAnswer = { ok: true; data: unknown } | { ok: false; type: ExceptionType };
/**
 * A cell's whole answer for a column the defaults do not fill: the row's value (converted and as its
 * rule gives it; the text read when it fails its kind) and its exception type (null: none).
 */
interface CellAnswer {
  value: unknown;
  error: ExceptionType | null;
  /** failed its kind (fills nothing else) */
  kindFailed: boolean;
}
/** Values a column keeps answers for (a sheet repeats its dates, codes, units and rates row after row). */
const ANSWERS_KEPT = 1024;
const MISSES_ENOUGH = 4096;

/**
 * A column as the validator runs it, all of one shape: its field, kind, set and rule, and the
 * answers already given today for its plain values (text, numbers, booleans, dates), so that most
 * cells are answered without converting and checking them again. A column whose values rarely
 * repeat (names, LDC numbers) stops looking for answers once ANSWERS_KEPT are kept and
 * MISSES_ENOUGH more values were new.
 */
class ColumnPlan {
  readonly field: string;
  readonly kind: UploadColumnKind;
  readonly itemType: string | undefined;
  readonly required: boolean;
  private readonly cellAnswers = new Map<unknown, CellAnswer>();
  private readonly dateAnswers = new Map<number, CellAnswer>();
  private readonly ruleAnswers = new Map<unknown, RuleAnswer>();
  constructor(
    readonly column: UploadColumn,
    /** the type's defaults may fill it: its rule is checked after them */
    readonly filled: boolean,
  ) {
    this.field = column.field;
    this.kind = column.kind;
    this.itemType = column.itemType;
    this.required = column.required;
  }

  /** The answer of an empty cell. */
  private emptyAnswer: CellAnswer | undefined;
  /** Lookups of kept answers that found none once ANSWERS_KEPT were kept: past MISSES_ENOUGH the column's values do not repeat. */
  private misses = 0;

  /** The answer of a cell of a column the defaults do not fill. */
  answer(raw: unknown): CellAnswer {
    if (raw === null || raw === undefined) return (this.emptyAnswer ??= this.work(null));
    if (this.misses > MISSES_ENOUGH) return this.work(raw);
    const memo = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? this.cellAnswers : raw instanceof Date ? this.dateAnswers : null;
    if (!memo) return this.work(raw);
    const key = raw instanceof Date ? raw.getTime() : raw;
    let answer = memo.get(key as never);
    if (!answer) {
      answer = this.work(raw);
      if (memo.size < ANSWERS_KEPT) {
        if (!Number.isNaN(key)) memo.set(key as never, answer);
      } else this.misses++;
    }
    return answer;
  }

  private work(raw: unknown): CellAnswer {
    const converted = convert(this, raw);
    if (converted instanceof KindError) return { value: cellText(raw), error: converted.error, kindFailed: true };
    if (converted === null) return { value: null, error: this.required ? 'requiredField' : null, kindFailed: false };
    const rule = this.check(converted);
    return !rule ? { value: converted, error: null, kindFailed: false } : rule.ok ? { value: rule.data, error: null, kindFailed: false } : { value: converted, error: rule.type, kindFailed: false };
  }

  /** The rule's answer for a value (null: the column has no rule). */
  check(value: unknown): RuleAnswer | null {
    const rule = this.column.rule;
    if (!rule) return null;
    const plain = this.misses <= MISSES_ENOUGH && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean');
    let answer = plain ? this.ruleAnswers.get(value) : undefined;
    if (!answer) {
      const checked = rule.safeParse(value);
      answer = checked.success ? { ok: true, data: checked.data } : { ok: false, type: ruleErrorType(this.column, checked.error.issues[0]?.message ?? '') };
      if (plain && this.ruleAnswers.size < ANSWERS_KEPT) this.ruleAnswers.set(value, answer);
    }
    return answer;
  }
}

/** A type's plan: its columns, its empty row (the fields laid out once, copied per row), buffers reused per row. */
interface RowPlan {
  columns: ColumnPlan[];
  empty: Readonly<Record<string, null>>;
  raws: unknown[];
  errors: (ExceptionType | null)[];
  kindFailed: boolean[];
}
const plans = new Map<RowType, RowPlan>();
let plansDay = '';
let todayStamp = '';
function planOf(type: RowType, today: string): RowPlan {
  if (today !== plansDay) {
    // a rule may read the date: yesterday's answers are not kept
    plans.clear();
    plansDay = today;
    todayStamp = `${today}T00:00:00`;
  }
  let plan = plans.get(type);
  if (!plan) {
    const filled = new Set(UPLOAD_DEFAULTS[type]?.fills ?? []);
    const columns = UPLOAD_COLUMNS[type].map((c) => new ColumnPlan(c, filled.has(c.field)));
    plans.set(type, (plan = { columns, empty: Object.fromEntries(columns.map((c) => [c.field, null])), raws: [], errors: [], kindFailed: [] }));
  }
  return plan;
}

/**
 * A row's cells (by field) converted and checked: the data (the columns' values, converted) and
 * the exceptions of the cells that fail (required, kind, rule), one per column, in column order.
 */
export function validateCells(type: RowType, cells: Readonly<Record<string, unknown>>, today = new Date().toISOString().slice(0, 10)): { data: Record<string, unknown>; exceptions: UploadException[] } {
  const { columns, empty, raws, errors, kindFailed } = planOf(type, today);
  const n = columns.length;
  let data: Record<string, unknown> = { ...empty };
  let anyKindFailed = false;
  let anyError = false;
  for (let i = 0; i < n; i++) {
    const column = columns[i]!;
    const raw = cells[column.field];
    raws[i] = raw;
    if (column.filled) {
      // checked after the defaults: converted only, for now
      const converted = convert(column, raw);
      const failed = converted instanceof KindError;
      data[column.field] = failed ? cellText(raw) : converted;
      errors[i] = failed ? converted.error : null;
      kindFailed[i] = failed;
      anyKindFailed ||= failed;
      anyError ||= failed;
      continue;
    }
    const answer = column.answer(raw);
    data[column.field] = answer.value;
    errors[i] = answer.error;
    kindFailed[i] = answer.kindFailed;
    anyKindFailed ||= answer.kindFailed;
    anyError ||= answer.error !== null;
  }
  // what the server fills (a new account's tax-exempt number, start and end dates, short name, ...)
  const defaults = UPLOAD_DEFAULTS[type];
  if (defaults) {
    const stamp = todayStamp;
    if (anyKindFailed) {
      // a value that failed its kind fills nothing else; it stays as read, for its exception
      const read = data;
      const input: Record<string, unknown> = { ...read };
      for (let i = 0; i < n; i++) if (kindFailed[i]) input[columns[i]!.field] = null;
      data = defaults.fill(input, stamp);
      for (let i = 0; i < n; i++) if (kindFailed[i]) data[columns[i]!.field] = read[columns[i]!.field];
    } else data = defaults.fill(data, stamp);
    // the fields the defaults may fill: required and rule checked now
    for (let i = 0; i < n; i++) {
      const column = columns[i]!;
      if (!column.filled || kindFailed[i]) continue;
      const value = data[column.field];
      if (value === null || value === undefined) {
        if (column.required) {
          errors[i] = 'requiredField';
          anyError = true;
        }
        continue;
      }
      const rule = column.check(value);
      if (!rule) continue;
      if (!rule.ok) {
        errors[i] = rule.type;
        anyError = true;
      } else if (rule.data !== value) data[column.field] = rule.data;
    }
  }
  const exceptions: UploadException[] = [];
  if (anyError) for (let i = 0; i < n; i++) if (errors[i]) exceptions.push(exceptionOf(columns[i]!.column, raws[i], errors[i]!));
  raws.fill(undefined);
  return { data, exceptions };
}

/** The reason text of an exception type (spec 3 section 8). */
export const reasonOf = (type: ExceptionType): string => EXCEPTION_REASONS[type];
