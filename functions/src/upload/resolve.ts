import { UPLOAD_COLUMNS, type RowType } from '@eb/shared/upload/columns';
import type { UploadException } from '@eb/shared/upload/exceptions';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import { validateCells } from '@eb/shared/upload/validate';
import { getItem } from '../lib/db';
import { NotFoundError } from '../lib/errors';
import { crossCheck, type Pending } from './parse';
import { listUploadRowsByIds, writeUploadRows } from './rows';

/**
 * POST upload/Resolve (spec 3 section 4 "Validate"): the chosen rows' fixes — each exception's New
 * Value (the original value to start with) — with the current user as fixUser; the server applies
 * them to the rows and checks them again with the same rules and cross-record checks as the parse.
 * A row without exceptions becomes 'validated'; one still failing keeps its new exceptions (each
 * naming who fixed it).
 */
export interface ResolveInput {
  objectId: number;
  exceptions: { uiHeader: string; newValue: string | null }[];
}

interface StoredRow {
  objectId: number;
  uploadType: RowType;
  uploadBatchId: number;
  rowNumber: number;
  uploadUser: string;
  rowState: string;
  data: string;
  exceptions: string;
}

export async function resolveRows(input: readonly ResolveInput[], fixUser: number): Promise<UploadedRow[]> {
  const rows: { row: StoredRow; pending: Pending }[] = [];
  for (const fix of input) {
    const row = await getItem<StoredRow>({ pk: `UPLOADROW#${fix.objectId}`, sk: 'UPLOADROW' });
    if (!row || (row as { deleted?: boolean }).deleted || row.rowState !== 'withExceptions') throw new NotFoundError();
    const cells = JSON.parse(row.data) as Record<string, unknown>;
    for (const e of fix.exceptions) {
      const column = UPLOAD_COLUMNS[row.uploadType].find((c) => c.header === e.uiHeader);
      if (column) cells[column.field] = e.newValue;
    }
    const { data, exceptions } = validateCells(row.uploadType, cells);
    rows.push({ row, pending: { rowNumber: row.rowNumber, cells, data, exceptions } });
  }
  const byType = new Map<RowType, Pending[]>();
  for (const r of rows) byType.set(r.row.uploadType, [...(byType.get(r.row.uploadType) ?? []), r.pending]);
  for (const [type, pending] of byType) await crossCheck(type, pending, new Set());
  await writeUploadRows(
    rows.map(({ row, pending }) => {
      const { masterContractRef: _m, amendmentRef: _a, territoryRef: _t, ...data } = pending.data;
      const exceptions: UploadException[] = pending.exceptions.map((e) => ({ ...e, fixUser }));
      return { uploadType: row.uploadType, uploadBatchId: row.uploadBatchId, rowNumber: row.rowNumber, uploadUser: row.uploadUser, data, exceptions };
    }),
  );
  return listUploadRowsByIds(rows.map((r) => r.row.objectId));
}
