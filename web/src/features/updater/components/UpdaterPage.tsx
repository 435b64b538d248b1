import { UPDATE_COLUMNS, UPDATE_TYPES, type UpdateType } from '@eb/shared/update/columns';
import { UPDATE_WORKBENCH_API } from '../../../entities/update/api';
import { UPDATER_TEXTS } from '../../../entities/update/update-texts';
import { RowsWorkbench } from '../../../entities/upload/RowsWorkbench';
import type { WorkbenchConfig } from '../../../entities/upload/workbench';
import { AREAS } from '../../../config/areas';

/**
 * Updater (spec 3 "Updater"; administrators only, others to login): the spreadsheet workbench with
 * the update types (Amendments, Accounts, Account Addresses, Volumes) and their columns — Update
 * Batch ID, Row #, Update DateTime, Update User, the key column(s), the field name and the new
 * value — in two tabs, Validated(n) and Exception(n).
 */
const UPDATER: WorkbenchConfig = {
  title: AREAS.updater.title,
  api: UPDATE_WORKBENCH_API,
  types: UPDATE_TYPES,
  typeLabel: (type) => UPDATER_TEXTS.typeLabels[type] ?? type,
  columns: (type) => UPDATE_COLUMNS[type as UpdateType],
  texts: UPDATER_TEXTS,
};

export function UpdaterPage() {
  return <RowsWorkbench config={UPDATER} />;
}
