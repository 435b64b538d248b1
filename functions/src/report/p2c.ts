import { rceOf } from '@eb/shared/account/schemas';
import { referenceName } from '@eb/shared/reference/codes';
import { P2C_ACTIVE_STATUSES, P2C_COLUMNS, P2C_FILENAME } from '@eb/shared/report/schemas';
import { accounts, type AccountListRow } from '../account/service';
import { defineExportJob } from '../job/service';
import type { XlsxColumn } from '../lib/xlsx';

/**
 * Export To P2C (shared/src/report/schemas.ts): every active account, by CAMS account id, written by
 * an export job from the accounts list (no row cap, streamed). The rows' cells come from the list's
 * columns (the account's own, its amendment's, its territory's and its agent's), so the report reads
 * no item of the table per row.
 */
const ACTIVE = new Set<string>(P2C_ACTIVE_STATUSES);
const DATE_COLUMNS = new Set<string>(['Amendment Start Date', 'Amendment End Date', 'Contract Start Date', 'Contract End Date', 'Flow Date']);
const COLUMNS: XlsxColumn[] = P2C_COLUMNS.map((header) => ({ header, ...(DATE_COLUMNS.has(header) ? { date: true } : {}) }));

export function p2cCells(r: AccountListRow): unknown[] {
  return [
    r.objectId, r.ldcAccountNumber, r.accountName, r.territoryCode, r.commodity,
    referenceName('accountStatuses', r.accountStatus), referenceName('accountTypes', r.accountType),
    r.contractId, r.amendmentNumber, referenceName('contractStatuses', r.contractStatus), r.businessEntityLegalName,
    r.amendmentStartDate, r.amendmentEndDate, r.contractStartDate, r.accountEndDate, r.term, r.flowDate,
    r.unitOfMeasure, r.annualUsage, rceOf(r.annualUsage, r.unitOfMeasure, r.commodity),
    r.contractRate, r.uploadRate, r.indexAdder, r.priceAdder,
    referenceName('commissionPlans', r.commissionPlan), r.commissionMasterUnit, r.commissionUnitNum, r.commissionSubAgentUnit, r.agentName,
  ];
}

export const P2C_JOB = 'reportP2C';
export const p2cReport = defineExportJob<Record<string, never>>({
  jobType: P2C_JOB,
  name: 'Export To P2C',
  folder: 'reports/p2c',
  fileName: P2C_FILENAME,
  sheetName: 'P2C',
  columns: COLUMNS,
  ids: () => accounts().idsOf({ filter: (r) => ACTIVE.has(r.accountStatus), orderBy: 'objectId Ascending' }),
  cells: async (ids) => (await accounts().rowsOf(ids)).map(p2cCells),
});
