import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { inflationGuard } from '../lib/xlsx-guard';
import { sheetRows, type SheetParts, type SheetRow } from './sheet-rows';

/** The parts of exceljs's streaming reader its own `parse` uses (present at run time, not in its typings). */
interface ReaderParts {
  input: Readable;
  sharedStrings?: unknown[];
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets: { id: number; name: string; rId: string }[] };
  styles?: { getStyleModel(id: number): { numFmt?: string } | null };
  properties?: { model?: { date1904?: boolean } };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseHyperlinks(chunks: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
}
type ZipEntry = Readable & { path: string; autodrain(): unknown };

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const SHEET_RELS = /^xl\/worksheets\/_rels\/sheet(\d+)\.xml\.rels$/;

/**
 * exceljs's streaming reader with its walk over the zip's parts replaced. exceljs iterates the
 * unzipper stream with a helper that stops at the stream's end event, and unzipper emits that end
 * as soon as its input is consumed, while parts it has parsed may still wait, unread, in its
 * buffer: a sheet's shared strings stored after it were then lost (its texts read as
 * `{ sharedString: n }`, every header unknown), or the next sheet of a single-file workbook while
 * the rows of the one before were being checked (exceljs issues #683 and #3064). Here the parts are
 * read with the stream's own async iterator, which hands out what is buffered before it ends.
 * Otherwise as exceljs: a sheet is read in place once the relationships, the shared strings and
 * the workbook part (its sheets' names) have been read, else kept in a temporary file and read
 * after the last part. The parts exceljs parses get their bytes in whole UTF-8 characters
 * (`wholeCharacters`), and a sheet's rows are read by sheet-rows.ts, not by exceljs's worksheet
 * reader (its Row and Cell objects took 35–40 % of a read; figures in the README).
 */
class WorkbookStreamReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(
    input: Readable,
    options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
    private readonly progress: ReadProgress | undefined,
  ) {
    super(input, options);
  }

  override async *parse(): AsyncGenerator<unknown> {
    const self = this as unknown as ReaderParts;
    const report = readProgress(this.progress);
    // An input that fails (a dropped connection) fails the zip's walk and the part being read: the
    // job runs again, instead of waiting for the rest.
    const zip = unzipper.Parse({ forceStream: true });
    let current: Readable | null = null;
    // Every part's inflated bytes are counted: past the limits (xlsx-guard.ts; whatever the zip's
    // directory claims) the read stops, the part being read and the zip's walk failing with the
    // guard's error.
    const guard = inflationGuard((error) => {
      current?.destroy(error);
      zip.destroy(error);
      self.input.destroy();
    });
    // (the bytes counted as they flow: the pipeline's own listener is attached in this same tick)
    self.input.on('data', (chunk: Buffer) => {
      report.zipRead(chunk.length);
      guard.zipRead(chunk.length);
    });
    streamPipeline(self.input, zip, (error) => error && current?.destroy(error));
    const later: { sheetNo: string; file: string }[] = [];
    let dir: string | null = null;
    try {
      for await (const zipEntry of zip as AsyncIterable<ZipEntry>) {
        // the part's inflated bytes, counted by the guard
        const entry = guard.part(zipEntry);
        current = entry;
        const sheet = SHEET.exec(zipEntry.path)?.[1];
        const links = SHEET_RELS.exec(zipEntry.path)?.[1];
        if (zipEntry.path === 'xl/_rels/workbook.xml.rels') await self._parseRels(wholeCharacters(entry));
        else if (zipEntry.path === 'xl/workbook.xml') await self._parseWorkbook(wholeCharacters(entry));
        else if (zipEntry.path === 'xl/sharedStrings.xml') yield* self._parseSharedStrings(wholeCharacters(entry));
        else if (zipEntry.path === 'xl/styles.xml') await self._parseStyles(wholeCharacters(entry));
        else if (sheet && self.sharedStrings && self.workbookRels && self.model) {
          report.sheet(false);
          yield this.worksheet(entry, sheet);
        } else if (sheet) {
          report.sheet(true);
          dir ??= await mkdtemp(path.join(os.tmpdir(), 'eb-sheets-'));
          const file = path.join(dir, `sheet${sheet}.xml`);
          await pipeline(entry, createWriteStream(file));
          later.push({ sheetNo: sheet, file });
          report.deferred((await stat(file)).size);
        } else if (links) yield* self._parseHyperlinks(entry, links);
        // what is left of the part (all of a part nobody reads) drained through the guard
        entry.resume();
      }
      // a workbook without xl/workbook.xml: its sheets keep their default names
      self.model ??= { sheets: [] };
      for (const { sheetNo, file } of later) {
        const stream = counted(report.laterRead);
        streamPipeline(createReadStream(file), stream, () => undefined);
        yield this.worksheet(stream, sheetNo);
      }
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /** A worksheet as the reader hands it out (`{ eventType: 'worksheet' }`): its name and its rows (sheet-rows.ts). */
  private worksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): { eventType: 'worksheet'; value: Worksheet } {
    const self = this as unknown as ReaderParts;
    const rel = self.workbookRels?.find((r) => r.Target === `worksheets/sheet${sheetNo}.xml`);
    const named = rel ? self.model?.sheets.find((s) => s.rId === rel.Id) : undefined;
    const dateStyles = new Map<number, boolean>();
    const parts: SheetParts = {
      sharedStrings: self.sharedStrings,
      date1904: self.properties?.model?.date1904 === true,
      isDateStyle: (id) => {
        let date = dateStyles.get(id);
        if (date === undefined) dateStyles.set(id, (date = isDateFormat(self.styles?.getStyleModel(id)?.numFmt)));
        return date;
      },
    };
    const value: Worksheet = { id: named?.id ?? Number(sheetNo), name: named?.name ?? `Sheet${sheetNo}`, [Symbol.asyncIterator]: () => sheetRows(chunks, parts) };
    return { eventType: 'worksheet', value };
  }
}

/** A worksheet of an uploaded workbook: its number and name (the workbook's), and its rows. */
export interface Worksheet extends AsyncIterable<SheetRow> {
  id: number;
  name: string;
}

/** Whether a number format shows a date (exceljs's rule: a date or time letter outside quotes and brackets). */
const isDateFormat = (format: string | undefined): boolean => !!format && /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** How far a read is: `size`, the workbook's bytes; `report`, called with 0 to 1 as the read goes (often: throttle it). */
export interface ReadProgress {
  size: number;
  report: (fraction: number) => void;
}

/** A stream passing its bytes on, counting them. */
const counted = (onBytes: (n: number) => void): Transform =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });

/** Where a buffer's last whole UTF-8 character ends (the start of a sequence its end cuts, else its length). */
export function wholeCharactersEnd(b: Uint8Array): number {
  for (let i = b.length - 1; i >= 0 && i >= b.length - 4; i--) {
    const c = b[i]!;
    if ((c & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + length <= b.length ? b.length : i;
  }
  return b.length;
}

/**
 * A zip part's bytes in chunks that end on a whole UTF-8 character. exceljs decodes each chunk of
 * a part on its own: a character whose bytes two chunks shared became two U+FFFD ('Zo\ufffd\ufffd'
 * for 'Zoë'): 14 of the 20,000 accented names of the reader's test lost a letter in their shared
 * strings. (The sheets' own XML is decoded across chunks by sheet-rows.ts.)
 */
function wholeCharacters(part: Readable): Transform {
  let rest: Buffer | null = null;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = rest ? Buffer.concat([rest, chunk]) : chunk;
      const end = wholeCharactersEnd(bytes);
      rest = end < bytes.length ? Buffer.from(bytes.subarray(end)) : null;
      done(null, end > 0 ? bytes.subarray(0, end) : undefined);
    },
    flush(done) {
      done(null, rest ?? undefined);
    },
  });
  streamPipeline(part, out, (error) => error && out.destroy(error));
  return out;
}

/** The share of a read's work that copying sheets stored before the parts they need takes (their rows are read afterwards). */
const DEFERRING_SHARE = 0.1;

/**
 * A read's progress: the workbook's bytes read off the zip, counted from its first sheet on (the
 * zip reader takes in a sheet's bytes before its entry comes out: until then it is not known
 * whether the sheet is read in place). A sheet that has to wait for parts stored after it (Excel
 * stores the shared strings last) is copied to a file: the zip's bytes then count for
 * DEFERRING_SHARE and the reading of the kept sheets' rows for the rest. Only forward.
 */
function readProgress(progress: ReadProgress | undefined) {
  let zip = 0;
  let sheetSeen = false;
  let deferring = false;
  let laterSize = 0;
  let later = 0;
  let shown = 0;
  const report = () => {
    if (!progress || progress.size <= 0 || !sheetSeen) return;
    const zipPart = Math.min(zip / progress.size, 1);
    const laterPart = laterSize > 0 ? Math.min(later / laterSize, 1) : 0;
    const fraction = !deferring ? zipPart : zipPart === 1 && laterPart === 1 ? 1 : zipPart * DEFERRING_SHARE + laterPart * (1 - DEFERRING_SHARE);
    if (fraction <= shown) return;
    shown = fraction;
    progress.report(shown);
  };
  return {
    zipRead: (n: number) => ((zip += n), report()),
    /** a sheet's entry has come out of the zip: read in place, or kept for later (`deferred`) */
    sheet: (deferred: boolean) => {
      sheetSeen = true;
      deferring ||= deferred;
      report();
    },
    deferred: (n: number) => (laterSize += n),
    laterRead: (n: number) => ((later += n), report()),
  };
}

/**
 * exceljs's streaming reader over an uploaded workbook (WorkbookStreamReader: every part read).
 * A workbook without `xl/workbook.xml` has no sheet names: it starts with an empty model, and
 * `sheetName` answers a sheet's default name ('Sheet2'). `progress` hears how far the read is.
 */
export function workbookReader(body: Readable, progress?: ReadProgress): AsyncIterable<Worksheet> {
  // (exceljs's typings give its own worksheet readers: this reader's parse hands out Worksheets)
  return new WorkbookStreamReader(body, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' }, progress) as unknown as AsyncIterable<Worksheet>;
}

/** A worksheet's name, and its number in the workbook ('Sheet2' -> 2). */
export function sheetName(sheet: Worksheet): { name: string; number: number | null } {
  const name = sheet.name;
  const n = Number(/^Sheet(\d+)$/.exec(name)?.[1] ?? sheet.id);
  return { name, number: Number.isFinite(n) ? n : null };
}

/**
 * An uploaded workbook (its key in the uploads bucket) opened for reading, its progress (0 to 1 of
 * the read) reported to `report`: the parse and SingleFile jobs' one way in.
 */
export async function uploadedWorkbook(key: string, report: (fraction: number) => void): Promise<AsyncIterable<Worksheet>> {
  const got = await s3Client().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
  return workbookReader(got.Body as Readable, { size: got.ContentLength ?? 0, report });
}
