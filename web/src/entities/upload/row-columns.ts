import type { UploadColumn } from '@eb/shared/upload/columns';
import { formatDisplayDate, formatDisplayDateTime } from '@eb/shared/formats';
import type { GridColumn } from '../../components/DataGrid';
import type { WorkbenchRow, WorkbenchTexts } from './workbench';

/** A cell of a row's data as the grids show it. */
function show(v: unknown, kind: string): string {
  if (v === null || v === undefined) return '';
  if ((kind === 'date' || typeof v === 'string') && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00/.test(v)) return formatDisplayDate(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

/**
 * The grid columns of a pipeline's rows: the spec's common ones (batch, row #, date and time,
 * user), then, for a type, its own columns as its template declares them. One declaration for the
 * workbench's tabs and the SingleFile tab's sections.
 */
export function rowColumns(texts: WorkbenchTexts['common'], columns: readonly UploadColumn[] | null): GridColumn<WorkbenchRow>[] {
  const common: GridColumn<WorkbenchRow>[] = [
    { field: 'batchId', header: texts.batchId },
    { field: 'rowNumber', header: texts.rowNumber },
    { field: 'date', header: texts.date, body: (r) => formatDisplayDateTime(r.date) },
    { field: 'user', header: texts.user },
  ];
  if (!columns) return common;
  return [
    ...common,
    ...columns.map((c): GridColumn<WorkbenchRow> => ({
      field: `data.${c.field}` as keyof WorkbenchRow & string,
      header: c.header,
      body: (r) => show((JSON.parse(r.dataRow) as Record<string, unknown>)[c.field], c.kind),
    })),
  ];
}
