import { CRM_LABELS } from '@eb/shared/amendment/labels';
import { referenceName } from '@eb/shared/reference/codes';
import { xlsxWorkbook, type XlsxColumn } from './xlsx';

/** The CRM download (GET ExportCrms of an amendment or an account): the grid's columns, the chosen notes (all when none chosen). */
export const CRMS_EXPORT_FILENAME = 'crm.xlsx';

type CrmRow = { crmType: string | null; date: string | null; comment: string | null; reportedBy: string | null; updatedDate: string | null; isResolved: boolean | null; resolvedBy: string | null; resolvedDate: string | null };
const crmColumns = (crmTypes: string): [XlsxColumn, (r: CrmRow) => unknown][] => [
  [{ header: CRM_LABELS.crmType }, (r) => referenceName(crmTypes, r.crmType)],
  [{ header: CRM_LABELS.date, date: true }, (r) => r.date],
  [{ header: CRM_LABELS.comment }, (r) => r.comment],
  [{ header: CRM_LABELS.reportedBy }, (r) => r.reportedBy],
  [{ header: CRM_LABELS.updatedDate, date: true }, (r) => r.updatedDate],
  [{ header: CRM_LABELS.isResolved }, (r) => (r.isResolved ? 'Yes' : 'No')],
  [{ header: CRM_LABELS.resolvedBy }, (r) => r.resolvedBy],
  [{ header: CRM_LABELS.resolvedDate, date: true }, (r) => r.resolvedDate],
];

export const CRM_EXPORT_HEADERS = crmColumns('crmTypes').map(([c]) => c.header);

export function crmsWorkbook(rows: readonly CrmRow[], crmTypes: string): Promise<Buffer> {
  const columns = crmColumns(crmTypes);
  return xlsxWorkbook('CRM', columns.map(([c]) => c), rows.map((r) => columns.map(([, value]) => value(r))));
}
