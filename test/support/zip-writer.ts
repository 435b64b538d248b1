import { createDeflateRaw, crc32 as zlibCrc32 } from 'node:zlib';

/**
 * A small zip writer for hostile workbooks (the attack suite): entries deflated by node:zlib, each
 * entry's local header and central-directory record written by hand, so that a test can make the
 * directory lie about an entry's inflated size (`claimedSize`), as a zip bomb does.
 */
export interface ZipEntry {
  name: string;
  /** the entry's bytes, or a generator of its chunks (a bomb's gigabyte is never held whole) */
  data: Buffer | (() => Iterable<Buffer>);
  /** the inflated size the headers claim (default: the true one) */
  claimedSize?: number;
}

const crcTable = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
/** CRC-32 of a chunk continuing `crc` (node:zlib's when this Node has it). */
function crc32(chunk: Buffer, crc: number): number {
  if (typeof zlibCrc32 === 'function') return zlibCrc32(chunk, crc);
  let c = ~crc >>> 0;
  for (const b of chunk) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** Deflate an entry's chunks (raw deflate, best compression), its CRC and true size counted as they go. */
async function deflated(chunks: Iterable<Buffer>): Promise<{ bytes: Buffer; crc: number; size: number }> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { bytes: Buffer.concat(out), crc, size };
}

/** A zip of the entries (deflated), with each entry's sizes as claimed. */
export async function zipOf(entries: readonly ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { bytes, crc, size } = await deflated(typeof e.data === 'function' ? e.data() : [e.data]);
    const name = Buffer.from(e.name, 'utf8');
    const claimed = e.claimedSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(0, 12);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(bytes.length, 20);
    record.writeUInt32LE(claimed, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, bytes);
    central.push(record, name);
    offset += local.length + name.length + bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** The parts of a one-sheet workbook but its sheet (an .xlsx's [Content_Types].xml, relationships, workbook). */
export function workbookParts(): ZipEntry[] {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    { name: '_rels/.rels', data: Buffer.from(`${XML}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: Buffer.from(`${XML}<workbook xmlns="${main}" xmlns:r="${officeRels}"><sheets><sheet name="Accounts" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`${XML}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
  ];
}

/**
 * A zip-bomb workbook: a real .xlsx whose sheet holds one cell of `inflatedBytes` letters (one
 * text that no string can hold), deflated to about a thousandth of that, while the sheet's headers
 * claim `claimedSize` (less than its compressed size: the directory's ratio looks harmless).
 */
export async function bombWorkbook(inflatedBytes = 1024 * 1024 * 1024, claimedSize = 900 * 1024): Promise<Buffer> {
  const head = Buffer.from(`${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>LDC Number</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>`);
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  const block = Buffer.alloc(1024 * 1024, 'A');
  const sheet: ZipEntry = {
    name: 'xl/worksheets/sheet1.xml',
    claimedSize,
    data: function* () {
      yield head;
      for (let n = 0; n < Math.ceil(inflatedBytes / block.length); n++) yield block;
      yield tail;
    },
  };
  return zipOf([...workbookParts(), sheet]);
}
