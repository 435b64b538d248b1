import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { excelSerialDate } from '@eb/shared/upload/validate';

/**
 * A worksheet's rows read straight off its XML (`xl/worksheets/sheetN.xml`) with saxes, the XML
 * parser exceljs itself uses: each row as exceljs's streaming reader gives it to the parse (its
 * number, and its values by column, 1-based and sparse: what `row.values` answers), without the
 * Row and Cell objects, styles and per-event records exceljs builds for every cell and then leaves
 * for the collector. The workbook's other parts (shared strings, styles, sheet names) are still
 * read by exceljs (workbook-reader.ts).
 *
 * The values are exceljs's: a shared string as exceljs cached it (text or rich text), inline and
 * formula texts as text, `{ formula, result }` for a formula, `{ error }` for an error, booleans,
 * and numbers — a Date where the cell's style has a date format. Where exceljs loses data this
 * reader does not: a character whose UTF-8 bytes are split between two chunks of the zip's output
 * (exceljs decodes each chunk alone: both halves became U+FFFD), an inline string of several runs
 * (exceljs kept the last run), a text such as '&amp;lt;' (exceljs decoded the entities twice), a
 * date-formatted formula result (exceljs gave its serial number), an element with a namespace
 * prefix ('x:c', as some producers write). A sheet cut short fails the read instead of ending early.
 */
export interface SheetRow {
  /** the row's number in the sheet (1-based) */
  number: number;
  /** its values by column number (1-based, sparse: an empty cell has none) */
  values: unknown[];
}

/** What a sheet's cells refer to: the workbook's shared strings, its date styles. */
export interface SheetParts {
  sharedStrings: readonly unknown[] | undefined;
  /** whether a cell style (its `s` attribute) has a date format */
  isDateStyle(styleId: number): boolean;
  date1904: boolean;
}

/** A column's number from a cell reference ('AB12' -> 28). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + c - 64;
    else if (c >= 97 && c <= 122) n = n * 26 + c - 96;
    else break;
  }
  return n;
}

/**
 * A text of its own. saxes's texts are slices of the chunk of XML it parsed, and V8 keeps a slice's
 * whole parent alive: a value kept past its row (the batch's duplicate keys, a failed row) would
 * keep its chunk of the sheet with it. V8 copies a slice shorter than 13 characters; a longer one
 * is concatenated and sliced, which flattens it into a new string that refers to nothing else.
 * (Shared strings are the workbook's, held for the whole read anyway.)
 */
const own = (text: string): string => (text.length < 13 ? text : (' ' + text).slice(1));

/** A tag's name without its namespace prefix ('x:c' -> 'c'). */
const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An element's text being collected: a cell's value, its formula, or an inline string's run. */
const enum Capture {
  None,
  Value,
  Formula,
  Inline,
}

/** The rows of a worksheet's XML, read from its chunks as they come. */
export async function* sheetRows(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, parts: SheetParts): AsyncGenerator<SheetRow> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const decoder = new TextDecoder('utf-8');
  let ready: SheetRow[] = [];

  let inData = false;
  let values: unknown[] | null = null;
  let rowNumber = 0;
  let column = 0;
  // the cell being read
  let type: string | undefined;
  let style = 0;
  let value: string | null = null;
  let formula: string | null = null;
  let inline: string | null = null;
  let inPhonetic = false;
  let capture = Capture.None;
  let text = '';

  const cellValue = (): unknown => {
    if (formula !== null) {
      const result = value === null ? undefined : type === 'str' ? own(value) : type === 'b' ? Number(value) !== 0 : type === 'e' ? { error: value } : number(value);
      return { formula: own(formula), result };
    }
    if (inline !== null && (type === 'inlineStr' || value === null)) return own(inline);
    if (value === null) return null;
    switch (type) {
      case 's':
        return parts.sharedStrings?.[Number.parseInt(value, 10)] ?? null;
      case 'str':
      case 'inlineStr':
        return own(value);
      case 'b':
        return Number.parseInt(value, 10) !== 0;
      case 'e':
        return { error: value };
      case 'd': {
        const d = new Date(value);
        return Number.isNaN(d.getTime()) ? value : d;
      }
      default:
        return number(value);
    }
  };
  const number = (v: string): number | Date => {
    const n = Number.parseFloat(v);
    return style !== 0 && parts.isDateStyle(style) ? excelSerialDate(n, parts.date1904) : n;
  };

  const startText = (what: Capture) => {
    capture = what;
    text = '';
  };
  parser.on('opentag', (node: SaxesTagPlain) => {
    switch (localName(node.name)) {
      case 'sheetData':
        inData = true;
        break;
      case 'row':
        if (!inData) break;
        rowNumber = node.attributes.r ? Number.parseInt(node.attributes.r, 10) : rowNumber + 1;
        values = [];
        column = 0;
        break;
      case 'c':
        if (!values) break;
        column = node.attributes.r ? columnOf(node.attributes.r) : column + 1;
        type = node.attributes.t;
        style = node.attributes.s ? Number.parseInt(node.attributes.s, 10) : 0;
        value = formula = inline = null;
        break;
      case 'v':
        if (values) startText(Capture.Value);
        break;
      case 'f':
        if (values) startText(Capture.Formula);
        break;
      case 'is':
        if (values) inline = '';
        break;
      case 'rPh':
        inPhonetic = true;
        break;
      case 't':
        if (inline !== null && !inPhonetic) startText(Capture.Inline);
        break;
    }
  });
  const onText = (t: string) => {
    if (capture !== Capture.None) text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (node: SaxesTagPlain) => {
    switch (localName(node.name)) {
      case 'v':
        if (capture === Capture.Value) value = text;
        capture = Capture.None;
        break;
      case 'f':
        if (capture === Capture.Formula) formula = text;
        capture = Capture.None;
        break;
      case 't':
        if (capture === Capture.Inline) inline += text;
        capture = Capture.None;
        break;
      case 'rPh':
        inPhonetic = false;
        break;
      case 'c':
        if (values) {
          const v = cellValue();
          if (v !== null && column > 0) values[column] = v;
        }
        break;
      case 'row':
        if (values) ready.push({ number: rowNumber, values });
        values = null;
        break;
      case 'sheetData':
        inData = false;
        break;
    }
  });
  parser.on('error', (error: Error) => {
    throw error;
  });

  for await (const chunk of input) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (ready.length > 0) {
      const rows = ready;
      ready = [];
      yield* rows;
    }
  }
  parser.write(decoder.decode());
  parser.close();
  yield* ready;
}
