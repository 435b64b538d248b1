import type { UploadException } from '@eb/shared/upload/exceptions';
import type { PagedResult } from '@eb/shared/paging';
import type { RowState, UploadedRow } from '@eb/shared/upload/schemas';
import { toTransferDate } from '@eb/shared/formats';
import { reservedRanges } from '../lib/bulk-scope';
import { addToCounter, batchGet, batchPut, getItem } from '../lib/db';
import { feedAttributes, RESERVATION_MAX_AGE_MS, seqCounter } from '../lib/feed';
import { listEngine, pageParams, type ListEngine, type ListSpec } from '../lib/list-engine';

/**
 * The rows of a spreadsheet pipeline (spec 3 "Uploaded row" and "Update row"), one item each
 * (UPLOADROW#id or UPDATEROW#id), listed by the list engine (type 'uploadRow' or 'updateRow': by
 * type, state and batch, paged and counted). The uploader and the updater each have one store; a
 * row's id is its batch's id times ROWS_PER_BATCH plus its row number, so a parse job delivered
 * again writes the same items (nothing twice). Rows are written in batches of 25 with their feed
 * stamps drawn from a range reserved once per write (one counter update per chunk, not per row).
 */
export const ROWS_PER_BATCH = 1_000_000;
export const rowIdOf = (batchId: number, rowNumber: number) => batchId * ROWS_PER_BATCH + rowNumber;
export type RowKind = 'upload' | 'update';

export interface NewRow {
  /** the row's type (an upload type or an update type) */
  rowType: string;
  batchId: number;
  rowNumber: number;
  user: string;
  data: Record<string, unknown>;
  exceptions: UploadException[];
  /** the row's upload date when it is written again (a Validate keeps it; none: now) */
  date?: string;
  /** who fixed the row last, and when (a Validate's): kept on the row once it is validated */
  fix?: RowFix;
  /**
   * the exceptions fixed so far (a Validate's): each with the value read from the file, the fix as
   * its New Value and who fixed it; a validated or imported row answers these as its exceptions
   */
  resolved?: UploadException[];
}
/** Who fixed a row last (the user's objectId), and when. */
export interface RowFix {
  fixUser: number;
  fixDate: string;
}

/**
 * A stored row as the list engine projects it: what the lists filter, sort and count by. The row's
 * data and exceptions (a kilobyte or more each) stay in the table: a page, a download or an import
 * reads them for its rows alone, so a container holds a batch of 100,000 rows in a few megabytes.
 */
export interface RowOwn {
  objectId: number;
  rowType: string;
  batchId: number;
  rowNumber: number;
  date: string;
  user: string;
  rowState: string;
  /** the Save or Save All job that imported the row ('' when none did) */
  importJob: string;
}

/** A row as the pipeline's calls answer it (the spec's names: uploadBatchId or updateBatchId, ...). */
export interface ApiRow {
  objectId: number;
  rowNumber: number;
  rowState: RowState;
}

/** GetList's body, whichever pipeline: a type's rows of a state (and batch). */
export interface RowListBody {
  rowType: string;
  rowState: RowState;
  batchId?: number | undefined;
  rowCountOnly?: boolean | undefined;
  /** only the rows this Save or Save All job imported (a type's last-save tab) */
  importJob?: string | undefined;
}

export interface RowStore<A extends ApiRow = ApiRow> {
  kind: RowKind;
  /** the list engine's type and the feed's */
  type: string;
  key(id: number): { pk: string; sk: string };
  rows(): ListEngine<RowOwn>;
  write(rows: readonly NewRow[]): Promise<void>;
  list(body: RowListBody, query: Record<string, string | undefined>): Promise<PagedResult<A>>;
  /** the batches with rows of this type in this state, newest first */
  batchIds(rowType: string, state: RowState): Promise<{ batchIds: number[] }>;
  remove(ids: readonly number[]): Promise<void>;
  byIds(ids: readonly number[]): Promise<A[]>;
  /** one stored row as the pipeline reads it (null when it is not there or removed) */
  read(id: number): Promise<StoredRow | null>;
  /** the stored rows of these ids that are there (removed ones left out) */
  readMany(ids: readonly number[]): Promise<Map<number, StoredRow>>;
}
/** A stored row: its data and exceptions (JSON text) and its version. */
export type StoredRow = RowOwn & { data: string; exceptions: string; version: number; fix?: RowFix; resolved: UploadException[] };

/** The stored attribute names of the spec's row fields, per pipeline. */
const NAMES = {
  upload: { type: 'uploadType', batch: 'uploadBatchId', date: 'uploadDate', user: 'uploadUser', data: 'uploadDataRow', exceptions: 'uploadExceptions' },
  update: { type: 'updateType', batch: 'updateBatchId', date: 'updateDate', user: 'updateUser', data: 'updateDataRow', exceptions: 'updateExceptions' },
} as const;

const stores = new Map<RowKind, RowStore<never>>();

/** The row store of a pipeline. */
export function rowStore<A extends ApiRow>(kind: RowKind): RowStore<A> {
  const existing = stores.get(kind);
  if (existing) return existing as unknown as RowStore<A>;
  const n = NAMES[kind];
  const type = `${kind}Row`;
  const prefix = `${kind.toUpperCase()}ROW`;
  const key = (id: number) => ({ pk: `${prefix}#${id}`, sk: prefix });
  const spec: ListSpec<RowOwn> = {
    type,
    project: (s) => ({
      objectId: Number(s.objectId),
      rowType: String(s[n.type]),
      batchId: Number(s[n.batch]),
      rowNumber: Number(s.rowNumber),
      date: String(s[n.date] ?? ''),
      user: String(s[n.user] ?? ''),
      rowState: String(s.rowState),
      importJob: String(s.importJob ?? ''),
    }),
    id: (r) => r.objectId,
    searchText: () => '',
    sortKeys: { objectId: 'objectId', rowNumber: 'rowNumber', [n.batch]: 'batchId', [n.date]: 'date' },
    defaultSort: { field: 'objectId', direction: 'Ascending' },
    // the attribute names come from NAMES, which the projection's text does not show
    version: 3,
  };
  const rows = () => listEngine(spec);
  const stored = (item: Record<string, unknown>): StoredRow => ({
    ...spec.project(item),
    data: String(item.data ?? '{}'),
    exceptions: String(item.exceptions ?? '[]'),
    version: Number(item.version),
    resolved: JSON.parse(String(item.resolved ?? '[]')) as UploadException[],
    ...(typeof item.fixUser === 'number' ? { fix: { fixUser: item.fixUser, fixDate: String(item.fixDate ?? '') } } : {}),
  });
  /**
   * A row's exceptions: those still open, or once it is validated (or imported) those it had, as
   * fixed (the last-save tab lists them). An update row's exceptions carry the row's objectId
   * (spec 3 "Update row"); an uploaded row's do not.
   */
  const exceptionsOf = (r: StoredRow) => {
    const list = r.rowState === 'withExceptions' ? (JSON.parse(r.exceptions) as UploadException[]) : r.resolved;
    return kind === 'update' ? list.map((e) => ({ objectId: r.objectId, ...e })) : list;
  };
  const toApi = (r: StoredRow): A =>
    ({
    objectId: r.objectId,
    [n.type]: r.rowType,
    [n.batch]: r.batchId,
    rowNumber: r.rowNumber,
    [n.date]: r.date,
    [n.user]: r.user,
    rowState: r.rowState as RowState,
    [n.data]: r.data,
    [n.exceptions]: exceptionsOf(r),
    ...(r.fix ?? {}),
  }) as unknown as A;
  /**
   * Rows written sixteen batches in flight, each item's feed stamp drawn as its batch is sent: one
   * counter update for the write, and a fresh range once the reserved one is older than
   * RESERVATION_MAX_AGE_MS (bulk-scope.ts), so a slowed write (throttling, retries) never stores a
   * sequence number reserved long before, which the lists' feed reads would no longer look at.
   */
  const batchWrite = (items: (Record<string, unknown> & { objectId: number })[]) => {
    const draw = reservedRanges(items.length, addToCounter, { maxAgeMs: RESERVATION_MAX_AGE_MS });
    const counter = seqCounter(type);
    return batchPut(items, 16, (batch) => Promise.all(batch.map(async (item) => ({ ...item, ...feedAttributes(type, item.objectId, await draw(counter)) }))));
  };
  const store: RowStore<A> = {
    kind,
    type,
    key,
    rows,
    async write(list) {
      if (!list.length) return;
      const now = toTransferDate(new Date());
      await batchWrite(
        list.map((r) => {
          const objectId = rowIdOf(r.batchId, r.rowNumber);
          return {
            ...key(objectId),
            objectId,
            [n.type]: r.rowType,
            [n.batch]: r.batchId,
            rowNumber: r.rowNumber,
            [n.date]: r.date ?? now,
            [n.user]: r.user,
            rowState: r.exceptions.length ? 'withExceptions' : 'validated',
            data: JSON.stringify(r.data),
            exceptions: JSON.stringify(r.exceptions),
            ...(r.resolved?.length ? { resolved: JSON.stringify(r.resolved) } : {}),
            ...(r.fix ?? {}),
            version: 1,
          };
        }),
      );
    },
    async list(body, query) {
      const page = pageParams(query);
      const result = await rows().query({
        ...page,
        ...(body.rowCountOnly ? { limit: 0 } : {}),
        orderBy: page.orderBy ?? 'objectId Ascending',
        getTotalCount: true,
        filter: (r) =>
          r.rowType === body.rowType && r.rowState === body.rowState && (body.batchId === undefined || r.batchId === body.batchId) && (body.importJob === undefined || r.importJob === body.importJob),
      });
      // the page's rows as stored (their data and exceptions), in the page's order
      const full = await store.readMany(result.data.map((r) => r.objectId));
      return { data: result.data.flatMap((r) => (full.has(r.objectId) ? [toApi(full.get(r.objectId)!)] : [])), totalCount: result.totalCount };
    },
    async batchIds(rowType, state) {
      const ids = new Set<number>();
      for await (const batch of rows().batches({ filter: (r) => r.rowType === rowType && r.rowState === state }, 10_000)) for (const r of batch) ids.add(r.batchId);
      return { batchIds: [...ids].sort((a, b) => b - a) };
    },
    async remove(ids) {
      // tombstones: the list sees the removal
      await batchWrite(ids.map((objectId) => ({ ...key(objectId), objectId, deleted: true, version: 2 })));
    },
    async byIds(ids) {
      const full = await store.readMany(ids);
      return ids.flatMap((id) => (full.has(id) ? [toApi(full.get(id)!)] : []));
    },
    async read(id) {
      const item = await getItem<Record<string, unknown>>(key(id));
      if (!item || item.deleted) return null;
      return stored(item);
    },
    async readMany(ids) {
      const out = new Map<number, StoredRow>();
      for (const item of await batchGet(ids.map(key))) if (!item.deleted) out.set(Number(item.objectId), stored(item));
      return out;
    },
  };
  stores.set(kind, store as unknown as RowStore<never>);
  return store;
}

/** The uploader's rows. */
export const uploadStore = () => rowStore<UploadedRow>('upload');
