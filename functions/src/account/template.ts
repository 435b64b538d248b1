import { ACCOUNT_FIELD_LABELS, ACCOUNT_ROW_LABELS } from '@eb/shared/account/labels';
import { ACCOUNT_FIELDS } from '@eb/shared/account/schemas';
import { xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';
import { getAmendment } from '../amendment/service';

/**
 * POST account/DownloadAccountsTemplate (spec 2 section 7): an .xlsx whose header row names the
 * amendment's keys (Contract ID, Amendment #) and every field of an account a form can set, in the
 * form's order, to fill and upload. With an amendment, a first row carries its keys.
 */
export const ACCOUNTS_TEMPLATE_FILENAME = 'accounts-template.xlsx';
const FIELDS = ACCOUNT_FIELDS.filter((f) => f !== 'accountVolume');
const COLUMNS: XlsxColumn[] = [{ header: ACCOUNT_ROW_LABELS.contractId }, { header: ACCOUNT_ROW_LABELS.amendmentNumber }, ...FIELDS.map((f) => ({ header: ACCOUNT_FIELD_LABELS[f] }))];
export const ACCOUNTS_TEMPLATE_HEADERS = COLUMNS.map((c) => c.header);

export async function accountsTemplate(amendmentId: number | undefined): Promise<Buffer> {
  if (amendmentId === undefined) return xlsxWorkbook('Accounts', COLUMNS, []);
  const amendment = await getAmendment(amendmentId);
  return xlsxWorkbook('Accounts', COLUMNS, [[amendment.contractId, amendment.amendmentNumber, ...FIELDS.map(() => null)]]);
}
