import { UPLOAD_COLUMNS, UPLOAD_TYPES, type RowType } from '@eb/shared/upload/columns';
import { UPLOAD_WORKBENCH_API } from '../../../entities/upload/api';
import { RowsWorkbench } from '../../../entities/upload/RowsWorkbench';
import { UPLOADER_TEXTS as T } from '../../../entities/upload/upload-texts';
import type { WorkbenchConfig } from '../../../entities/upload/workbench';
import { AREAS } from '../../../config/areas';
import { SingleFilePanel } from './SingleFilePanel';

/**
 * Uploader (spec 3 "Uploader"; administrators only): the spreadsheet workbench with the uploader's
 * types and columns; tabs '1 Validated(n)', '2 Exception(n)' and, for Amendments, Accounts and
 * SingleFile, '3 Last Save(n)' (SingleFile shows only it, with its job picker and resume);
 * PriceReport hides Save, Remove, Download Template and row selection.
 */
const UPLOADER: WorkbenchConfig = {
  title: AREAS.uploader.title,
  api: UPLOAD_WORKBENCH_API,
  types: UPLOAD_TYPES,
  columns: (type) => UPLOAD_COLUMNS[type as RowType],
  texts: { pickType: T.pickType, type: T.type, chooseType: T.chooseType, validatedTab: T.validatedTab, exceptionTab: T.exceptionTab, lastSaveTab: T.lastSaveTab, common: T.common },
  lastSaveTypes: ['Amendments', 'Accounts', 'SingleFile'],
  onlyLastSave: 'SingleFile',
  saveless: 'PriceReport',
};

export function UploaderPage() {
  return <RowsWorkbench config={UPLOADER} lastSavePanel={(p) => <SingleFilePanel {...p} />} />;
}
