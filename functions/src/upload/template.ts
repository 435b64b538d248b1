import { SINGLE_FILE_ORDER, UPLOAD_COLUMNS, type UploadType } from '@eb/shared/upload/columns';
import { xlsxSheets } from '../lib/xlsx';

/**
 * GET upload/DownloadTemplate?uploadType: an .xlsx whose header row is the type's columns in order
 * (a SingleFile template: a sheet per type, named by the type, in import order).
 */
export const templateFileName = (type: UploadType) => `${type}-template.xlsx`;

export function uploadTemplate(type: UploadType): Promise<Buffer> {
  const types = type === 'SingleFile' ? SINGLE_FILE_ORDER : [type];
  return xlsxSheets(types.map((t) => ({ name: t, columns: UPLOAD_COLUMNS[t].map((c) => ({ header: c.header })), rows: [] })));
}
