import { pipeline as streamPipeline, Transform, type Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { XLSX_MAX_ENTRIES, XLSX_MAX_RATIO, XLSX_MAX_UNCOMPRESSED_BYTES } from '@eb/shared/constants';
import { UPLOAD_TEXTS } from '@eb/shared/upload/schemas';
import { PermanentJobError } from './errors';
import { s3Client } from './aws';

/**
 * Is an uploaded object a spreadsheet we may open (ARCHITECTURE "Files": magic bytes, zip bombs)?
 * Read before exceljs sees it, from its first bytes and its zip central directory (the file's end):
 * a zip ('PK\3\4') holding '[Content_Types].xml' and 'xl/workbook.xml' (a renamed .csv, .docx or
 * .zip is not a workbook), at most XLSX_MAX_ENTRIES entries, at most XLSX_MAX_UNCOMPRESSED_BYTES
 * inflated in all, no entry inflating more than XLSX_MAX_RATIO times, and no ZIP64 sizes (a 30 MB
 * workbook never needs them). Answers the reason it is refused, or null. The directory can lie: the
 * read itself is bounded too (inflationGuard below).
 */
export type XlsxRefusal = 'notXlsx' | 'zipBomb';

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The central directory of a zip's tail bytes: its entries' names and sizes, or null when it cannot be read. */
export function centralDirectory(tail: Uint8Array, tailStart: number): { name: string; compressed: number; uncompressed: number }[] | null {
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (u32(tail, i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(tail, eocd + 10);
  const offset = u32(tail, eocd + 16) - tailStart;
  if (offset < 0 || count === 0xffff || u32(tail, eocd + 16) === 0xffffffff) return null;
  const entries = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > tail.length || u32(tail, p) !== CENTRAL) return null;
    const compressed = u32(tail, p + 20);
    const uncompressed = u32(tail, p + 24);
    const nameLength = u16(tail, p + 28);
    const name = new TextDecoder().decode(tail.subarray(p + 46, p + 46 + nameLength));
    entries.push({ name, compressed, uncompressed });
    p += 46 + nameLength + u16(tail, p + 30) + u16(tail, p + 32);
  }
  return entries;
}

/** The verdict on an in-memory file (tests, small files). */
export function inspectXlsxBytes(bytes: Uint8Array): XlsxRefusal | null {
  return verdict(bytes.subarray(0, 4), bytes, 0);
}

function verdict(head: Uint8Array, tail: Uint8Array, tailStart: number): XlsxRefusal | null {
  if (!(head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)) return 'notXlsx';
  const entries = centralDirectory(tail, tailStart);
  if (!entries) return 'notXlsx';
  if (entries.length > XLSX_MAX_ENTRIES) return 'zipBomb';
  let total = 0;
  for (const e of entries) {
    if (e.compressed === 0xffffffff || e.uncompressed === 0xffffffff) return 'zipBomb';
    total += e.uncompressed;
    if (e.uncompressed > 1024 * 1024 && e.uncompressed > e.compressed * XLSX_MAX_RATIO) return 'zipBomb';
  }
  if (total > XLSX_MAX_UNCOMPRESSED_BYTES) return 'zipBomb';
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) return 'notXlsx';
  return null;
}

/** The verdict on an object in S3 (its first 4 bytes and its last 1 MiB, where the central directory is). */
export async function inspectXlsxObject(bucket: string, key: string): Promise<XlsxRefusal | null> {
  const size = Number((await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0);
  if (size < 22) return 'notXlsx';
  const read = async (from: number, to: number) =>
    new Uint8Array(await (await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${from}-${to}` }))).Body!.transformToByteArray());
  const head = await read(0, 3);
  const tailStart = Math.max(0, size - 1024 * 1024);
  return verdict(head, await read(tailStart, size - 1), tailStart);
}

/** Below this many inflated bytes the ratio is not judged (a small file's parts may be mostly repetitive XML). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * The limits a workbook's read keeps whatever its zip's directory or headers claim (issue 26 item
 * 4: a 1 MB file whose directory claimed 900 KB for a sheet of 1 GB passed the check above). Every
 * part's bytes are counted as they are inflated: the read stops with a PermanentJobError (the
 * job fails at once, not retried) when all parts together pass XLSX_MAX_UNCOMPRESSED_BYTES, or pass
 * XLSX_MAX_RATIO times the zip's bytes read so far (once past RATIO_FLOOR_BYTES). The zip is read
 * ahead of its parts, so the ratio is judged on the whole read, never on a part's own claim; `stop`
 * ends the read (the zip's input) at once.
 */
export function inflationGuard(stop: (error: Error) => void, limits = { total: XLSX_MAX_UNCOMPRESSED_BYTES, ratio: XLSX_MAX_RATIO }) {
  let zipBytes = 0;
  let inflated = 0;
  let tripped: PermanentJobError | null = null;
  const check = (): PermanentJobError | null => {
    if (tripped) return tripped;
    if (inflated > limits.total || (inflated > RATIO_FLOOR_BYTES && inflated > zipBytes * limits.ratio)) {
      tripped = new PermanentJobError(UPLOAD_TEXTS.zipBomb);
      stop(tripped);
    }
    return tripped;
  };
  return {
    /** bytes of the zip itself read */
    zipRead: (n: number) => void (zipBytes += n),
    /** A part's inflated bytes passed on and counted (a part nobody reads is drained through it: counted too). */
    part(entry: Readable): Transform {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          inflated += chunk.length;
          const error = check();
          if (error) done(error);
          else done(null, chunk);
        },
      });
      streamPipeline(entry, counter, (error) => error && counter.destroy(error));
      return counter;
    },
  };
}

/**
 * The error a workbook's read ended with, as a job sees it: a fault of the file's content (a bomb,
 * a damaged zip or deflate stream, XML no parser reads, a text no string holds) is a
 * PermanentJobError with the user's message (the job fails at once); anything else (the store, the
 * network) is answered as it is, to be retried.
 */
export function workbookContentError(e: unknown): unknown {
  if (e instanceof PermanentJobError) return e;
  const err = e as { code?: unknown; message?: unknown; name?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : '';
  const damaged =
    code.startsWith('Z_') || // zlib: invalid block type, invalid distance, unexpected end of data
    (err?.name === 'RangeError' && /Invalid string length|Array buffer allocation/.test(message)) ||
    /invalid signature|FILE_ENDED|unexpected end of file|Unexpected end/i.test(message) || // unzipper
    /^\d+:\d+: /.test(message); // saxes: 'line:column: unclosed tag', text outside the root, ...
  return damaged ? new PermanentJobError(UPLOAD_TEXTS.corrupt, { cause: e }) : e;
}
