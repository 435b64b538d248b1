import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The list engine's binary snapshot: a small JSON header naming typed sections, then the sections
 * themselves (typed arrays as raw little-endian bytes, string arrays as one UTF-8 text plus offsets),
 * gzipped (level 1: cheap to write, fast to read). Loading copies each section into its typed array
 * and cuts every string array out of one decoded text: no per-row JSON parsing.
 */
const MAGIC = 'EBLS1';

type Section =
  | { kind: 'f64'; data: Float64Array }
  | { kind: 'i32'; data: Int32Array }
  | { kind: 'u8'; data: Uint8Array }
  | { kind: 'strings'; data: string[] }
  | { kind: 'json'; data: unknown };

export class SnapshotWriter {
  private parts: Buffer[] = [];
  private sections: { name: string; kind: Section['kind']; offset: number; bytes: number; count?: number }[] = [];
  private offset = 0;

  private push(name: string, kind: Section['kind'], buf: Buffer, count?: number) {
    const pad = (8 - (this.offset % 8)) % 8;
    if (pad) this.parts.push(Buffer.alloc(pad));
    this.offset += pad;
    this.sections.push({ name, kind, offset: this.offset, bytes: buf.length, count });
    this.parts.push(buf);
    this.offset += buf.length;
  }

  f64(name: string, a: Float64Array) {
    this.push(name, 'f64', Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  i32(name: string, a: Int32Array) {
    this.push(name, 'i32', Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  u8(name: string, a: Uint8Array) {
    this.push(name, 'u8', Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  /** Strings (a string per element; null / undefined are stored as empty: keep their marks elsewhere). */
  strings(name: string, a: readonly (string | null | undefined)[]) {
    const offs = new Int32Array(a.length + 1);
    let at = 0;
    for (let i = 0; i < a.length; i++) {
      at += a[i]?.length ?? 0;
      offs[i + 1] = at;
    }
    this.i32(`${name}.offs`, offs);
    this.push(name, 'strings', Buffer.from(a.map((s) => s ?? '').join(''), 'utf8'), a.length);
  }
  /** Strings already packed: one text and the offsets of its pieces (see PackedStrings). */
  packed(name: string, text: string, offs: Int32Array) {
    this.i32(`${name}.offs`, offs);
    this.push(name, 'strings', Buffer.from(text, 'utf8'), offs.length - 1);
  }
  /** A single long string. */
  text(name: string, s: string) {
    this.push(name, 'strings', Buffer.from(s, 'utf8'), -1);
  }
  json(name: string, v: unknown) {
    this.push(name, 'json', Buffer.from(JSON.stringify(v), 'utf8'));
  }

  /** The gzipped snapshot: magic, header length, header, sections. */
  finish(header: Record<string, unknown>): Buffer {
    const head = Buffer.from(JSON.stringify({ ...header, sections: this.sections }), 'utf8');
    const prefix = Buffer.alloc(MAGIC.length + 4);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(head.length, MAGIC.length);
    const start = prefix.length + head.length;
    const pad = (8 - (start % 8)) % 8;
    return gzipSync(Buffer.concat([prefix, head, Buffer.alloc(pad), ...this.parts]), { level: 1 });
  }
}

export class SnapshotReader {
  readonly header: Record<string, unknown>;
  private body: Buffer;
  private sections: Map<string, { kind: Section['kind']; offset: number; bytes: number; count?: number }>;

  constructor(gz: Buffer) {
    const raw = gunzipSync(gz, { chunkSize: 16 * 1024 * 1024 });
    if (raw.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a list snapshot');
    const len = raw.readUInt32LE(MAGIC.length);
    const start = MAGIC.length + 4;
    this.header = JSON.parse(raw.toString('utf8', start, start + len)) as Record<string, unknown>;
    const bodyAt = start + len + ((8 - ((start + len) % 8)) % 8);
    this.body = raw.subarray(bodyAt);
    const list = this.header.sections as { name: string; kind: Section['kind']; offset: number; bytes: number; count?: number }[];
    this.sections = new Map(list.map((s) => [s.name, s]));
  }

  has(name: string): boolean {
    return this.sections.has(name);
  }

  private bytes(name: string): Buffer {
    const s = this.sections.get(name);
    if (!s) throw new Error(`snapshot section ${name} missing`);
    return this.body.subarray(s.offset, s.offset + s.bytes);
  }

  /** A typed array of at least `capacity` elements (a copy: the engine grows and changes it). */
  f64(name: string, capacity = 0): Float64Array<ArrayBuffer> {
    const b = this.bytes(name);
    const out = new Float64Array(Math.max(capacity, b.length / 8));
    out.set(b.byteOffset % 8 === 0 ? new Float64Array(b.buffer, b.byteOffset, b.length / 8) : new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length)));
    return out;
  }
  i32(name: string, capacity = 0): Int32Array<ArrayBuffer> {
    const b = this.bytes(name);
    const out = new Int32Array(Math.max(capacity, b.length / 4));
    out.set(b.byteOffset % 4 === 0 ? new Int32Array(b.buffer, b.byteOffset, b.length / 4) : new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length)));
    return out;
  }
  u8(name: string, capacity = 0): Uint8Array<ArrayBuffer> {
    const b = this.bytes(name);
    const out = new Uint8Array(Math.max(capacity, b.length));
    out.set(b);
    return out;
  }
  strings(name: string): string[] {
    const offs = this.i32(`${name}.offs`);
    const all = this.bytes(name).toString('utf8');
    const out = new Array<string>(offs.length - 1);
    for (let i = 0; i < out.length; i++) out[i] = all.slice(offs[i], offs[i + 1]);
    return out;
  }
  packed(name: string): { text: string; offs: Int32Array<ArrayBuffer> } {
    return { text: this.bytes(name).toString('utf8'), offs: this.i32(`${name}.offs`) };
  }
  text(name: string): string {
    return this.bytes(name).toString('utf8');
  }
  json<T>(name: string): T {
    return JSON.parse(this.bytes(name).toString('utf8')) as T;
  }
}
