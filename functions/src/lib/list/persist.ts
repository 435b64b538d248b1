import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../aws';
import { config } from '../config';
import { log } from '../log';
import { Column, type ColumnKind } from './columns';
import { PlannedList } from './plan';
import { SnapshotReader, SnapshotWriter } from './snapshot';

const SNAPSHOT_FORMAT = 2;
const snapshotKey = (type: string) => `list-snapshots/${type}.bin.gz`;

/**
 * The binary snapshot of the projection in S3 (snapshot.ts): columns, word index and sort orders as
 * typed arrays, so a cold start is a copy rather than a feed read and a rebuild.
 */
export abstract class PersistedList<Row, Own = Row> extends PlannedList<Row, Own> {

  /**
   * What a snapshot must match: the list's declaration (columns come from the projection, so its
   * code is part of it; `spec.version` covers changes the code text does not show).
   */
  protected fingerprint(): string {
    const s = this.spec;
    const src = [
      SNAPSHOT_FORMAT,
      s.type,
      s.version ?? 0,
      String(s.project),
      String(s.searchText),
      String(s.id),
      ...Object.entries(s.sortKeys).map(([k, v]) => `${k}:${String(v)}`),
    ].join('\n');
    return createHash('sha256').update(src).digest('hex').slice(0, 16);
  }

  protected async loadSnapshot(): Promise<{ safeSeq: number } | undefined> {
    let body: Buffer;
    try {
      const r = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: snapshotKey(this.spec.type) }));
      const bytes = await r.Body!.transformToByteArray();
      body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      const name = (e as Error).name;
      if (name !== 'NoSuchKey' && name !== 'NotFound') log.warn('list snapshot not loaded', { type: this.spec.type, err: name });
      return undefined;
    }
    try {
      const safeSeq = this.restore(body);
      if (safeSeq === undefined) return undefined;
      this.stats.snapshotLoaded = true;
      return { safeSeq };
    } catch (e) {
      log.warn('list snapshot unreadable', { type: this.spec.type, err: (e as Error).message });
      this.clearAll();
      return undefined;
    }
  }

  protected async writeSnapshot(counter: number): Promise<void> {
    try {
      // Everything up to the safe mark is surely in; a container started from it reads the rest.
      const body = this.encode(this.safe, counter);
      await s3Client().send(
        new PutObjectCommand({ Bucket: config.exportsBucket, Key: snapshotKey(this.spec.type), Body: body, ContentType: 'application/octet-stream' }),
      );
      this.changesSinceSnapshot = 0;
      this.stats.snapshotWritten = true;
    } catch (e) {
      log.warn('list snapshot not written', { type: this.spec.type, err: (e as Error).name });
    }
  }

  /** The projection as a binary snapshot (see snapshot.ts). */
  encode(safeSeq: number, counter: number): Buffer {
    this.ensureIndex().merge();
    // every declared sort order goes in, so a new container's first sorted queries are warm too
    for (const key of Object.keys(this.spec.sortKeys)) if (this.sortKey(key)) this.order(key);
    const n = this.slots;
    const w = new SnapshotWriter();
    w.u8('live', this.live.subarray(0, n));
    w.f64('ids', this.ids.subarray(0, n));
    w.f64('seqs', this.seqs.subarray(0, n));
    const columns: { name: string; kind: ColumnKind }[] = [];
    this.store.columns.forEach((c, i) => {
      columns.push({ name: c.name, kind: c.kind });
      const p = `c${i}`;
      switch (c.kind) {
        case 'num':
          w.f64(`${p}.nums`, c.nums.subarray(0, n));
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          break;
        case 'bool':
        case 'empty':
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          break;
        case 'dict': {
          const { codes, dict } = c.compacted(n, this.live);
          w.i32(`${p}.codes`, codes);
          w.strings(`${p}.dict`, dict);
          break;
        }
        case 'plain': {
          w.u8(`${p}.flags`, c.flags.subarray(0, n));
          const { text, offs } = c.packed.packed(n);
          w.packed(`${p}.values`, text, offs);
          break;
        }
        case 'any':
          w.json(`${p}.values`, c.values.slice(0, n));
          break;
      }
    });
    w.text('vocab', this.index.vocab);
    w.i32('vocabOff', this.index.vocabOff);
    w.i32('postStart', this.index.postStart);
    w.i32('post', this.index.post);
    const orders: string[] = [];
    for (const [key, o] of this.orders) {
      orders.push(key);
      w.i32(`order.${key}`, o.a.subarray(0, o.n));
    }
    return w.finish({ type: this.spec.type, fingerprint: this.fingerprint(), safeSeq, counter, slots: n, size: this.size, columns, orders });
  }

  /** Load a snapshot made by `encode`; answers its safe seq, or undefined when it is another list's or version's. */
  restore(body: Buffer): number | undefined {
    const r = new SnapshotReader(body);
    const h = r.header as { type: string; fingerprint: string; safeSeq: number; slots: number; size: number; columns: { name: string; kind: ColumnKind }[]; orders: string[] };
    if (h.type !== this.spec.type || h.fingerprint !== this.fingerprint()) return undefined;
    const n = h.slots;
    const cap = Math.max(16, Math.ceil(n * 1.1));
    this.clearAll();
    this.capacity = cap;
    this.slots = n;
    this.live = r.u8('live', cap);
    this.ids = r.f64('ids', cap);
    this.seqs = r.f64('seqs', cap);
    this.texts.restore('', new Int32Array(1), cap);
    this.textsStale = true;
    this.store.capacity = cap;
    h.columns.forEach((c, i) => {
      const p = `c${i}`;
      const state =
        c.kind === 'num'
          ? { kind: c.kind, nums: r.f64(`${p}.nums`), flags: r.u8(`${p}.flags`) }
          : c.kind === 'bool' || c.kind === 'empty'
            ? { kind: c.kind, flags: r.u8(`${p}.flags`) }
            : c.kind === 'dict'
              ? { kind: c.kind, codes: r.i32(`${p}.codes`), dict: r.strings(`${p}.dict`) }
              : c.kind === 'plain'
                ? { kind: c.kind, flags: r.u8(`${p}.flags`), packed: r.packed(`${p}.values`) }
                : { kind: c.kind, values: r.json<unknown[]>(`${p}.values`) };
      this.store.add(Column.restore(c.name, cap, state));
    });
    this.syncViews();
    this.indexStale = false;
    this.index.restore(r.text('vocab'), r.i32('vocabOff'), r.i32('postStart'), r.i32('post'), cap);
    for (let s = 0; s < n; s++) {
      if (this.live[s]) {
        this.slotOf.set(this.ids[s]!, s);
        if (this.seqs[s]! > this.maxApplied) this.maxApplied = this.seqs[s]!;
      } else this.free.push(s);
    }
    this.free.reverse();
    this.size = h.size;
    for (const key of h.orders) {
      if (!this.sortKey(key)) continue;
      const a = r.i32(`order.${key}`, cap);
      this.orders.set(key, { a, n: this.size });
    }
    this.slotEpoch++;
    this.version++;
    return h.safeSeq;
  }
}
