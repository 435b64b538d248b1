import { withSharedReads } from '../lib/bulk-scope';
import type { UploadException } from '@eb/shared/upload/exceptions';
import { toTransferDate } from '@eb/shared/formats';
import { NotFoundError } from '../lib/errors';
import type { Pending, RowPipeline } from './pipeline';
import type { ApiRow, StoredRow } from './rows';

/**
 * Resolve (spec 3 section 4 "Validate"; the uploader's and the updater's): the chosen rows' fixes —
 * each exception's New Value (the original value to start with) — with the current user as
 * fixUser; the server applies them to the rows and checks them again with the same rules and
 * cross-record checks as the parse. A row without exceptions becomes 'validated'; one still failing
 * keeps its new exceptions (each naming who fixed it, its Original Value the value read from the
 * file, its New Value the fix). The row keeps its upload date, and who fixed it last and when
 * (fixUser, fixDate) stay on it once it is validated, with the exceptions it cleared (each with the
 * value read from the file, the fix as New Value and who fixed it): a validated or imported row
 * answers those as its exceptions.
 */
export interface ResolveInput {
  objectId: number;
  exceptions: { uiHeader: string; newValue: string | null }[];
}

export async function resolveRows<A extends ApiRow>(p: RowPipeline<A>, input: readonly ResolveInput[], fixUser: number): Promise<A[]> {
  const rows: { row: StoredRow; pending: Pending }[] = [];
  const fixes = new Map(input.map((fix) => [fix.objectId, fix.exceptions]));
  // the chosen rows in one read
  const stored = await p.store.readMany(input.map((fix) => fix.objectId));
  for (const fix of input) {
    const row = stored.get(fix.objectId);
    if (!row || row.rowState !== 'withExceptions') throw new NotFoundError();
    const cells = JSON.parse(row.data) as Record<string, unknown>;
    for (const e of fix.exceptions) {
      const field = p.fieldOf(row.rowType, e.uiHeader);
      if (field) cells[field] = e.newValue;
    }
    const { data, exceptions } = p.validate(row.rowType, cells);
    rows.push({ row, pending: { rowNumber: row.rowNumber, cells, data, exceptions } });
  }
  const byType = new Map<string, Pending[]>();
  for (const r of rows) {
    const list = byType.get(r.row.rowType) ?? [];
    list.push(r.pending);
    byType.set(r.row.rowType, list);
  }
  // the fixes' checks share their reads of reference records
  await withSharedReads(async () => {
    for (const [type, pending] of byType) await p.crossCheck(type, pending, new Set());
  });
  const fixDate = toTransferDate(new Date());
  await p.store.write(
    rows.map(({ row, pending }) => {
      // the Original Value stays the value read from the file; the New Value is the fix
      const open = JSON.parse(row.exceptions) as UploadException[];
      const read = new Map(open.map((e) => [e.uiHeader, e.oldValue]));
      const exceptions: UploadException[] = pending.exceptions.map((e) => ({ ...e, oldValue: read.has(e.uiHeader) ? read.get(e.uiHeader)! : e.oldValue, newValue: e.oldValue, fixUser }));
      // the exceptions this fix cleared join those fixed before: the reason, the file's value, the fix and who made it
      const failing = new Set(exceptions.map((e) => e.uiHeader));
      const sent = new Map(fixes.get(row.objectId)!.map((e) => [e.uiHeader, e.newValue]));
      const cleared = open.filter((e) => !failing.has(e.uiHeader)).map((e) => ({ ...e, newValue: sent.has(e.uiHeader) ? sent.get(e.uiHeader)! : e.newValue, fixUser }));
      const resolved = [...row.resolved.filter((e) => !cleared.some((c) => c.uiHeader === e.uiHeader)), ...cleared];
      return { rowType: row.rowType, batchId: row.batchId, rowNumber: row.rowNumber, user: row.user, date: row.date, fix: { fixUser, fixDate }, data: p.keep(pending.data), exceptions, resolved };
    }),
  );
  return p.store.byIds(rows.map((r) => r.row.objectId));
}
