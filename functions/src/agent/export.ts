import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { AGENT_FIELD_KINDS, AGENT_FIELDS, AGENT_LABELS, type Agent, type AgentField } from '@eb/shared/agent/schemas';
import { STATIC_REFERENCE_SETS } from '@eb/shared/reference/data';
import type { HttpResult } from '../lib/http';

/**
 * The agents export (GET agent/Export): an .xlsx written with exceljs's streaming writer (no shared
 * strings), one row per agent, every field but the portal password (chosen: a secret does not go
 * into a file that gets mailed around). Text that a spreadsheet would take for a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with a single quote. The export is bounded by
 * MAX_RECORD_COUNT rows, so the file (tens of kilobytes) is answered inline, base64-encoded; a larger
 * export would go through S3 and a presigned GET (ARCHITECTURE "Files").
 */
export const EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_FILENAME = 'agents.xlsx';
const EXPORTED_FIELDS: AgentField[] = AGENT_FIELDS.filter((f) => f !== 'portalPassword');
export const EXPORT_HEADERS = ['Agent Id', ...EXPORTED_FIELDS.map((f) => AGENT_LABELS[f])];

/** A text cell that cannot be read as a formula (CSV/formula injection). */
export function escapeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The names of a reference set's items by code (reference-set values are stored as codes). */
const namesOf = (itemType: string) =>
  new Map((STATIC_REFERENCE_SETS.find((s) => s.itemType === itemType)?.items ?? []).map((i) => [i.code, i.name]));

/** A transfer-format date as an Excel date (a calendar day: no time-zone shift). */
function excelDate(transfer: string): Date {
  const [y, m, d] = transfer.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function cellOf(agent: Agent, field: AgentField, agentTypes: Map<string, string>, states: Map<string, string>): ExcelJS.CellValue {
  const v = agent[field];
  if (v === null || v === undefined) return null;
  switch (AGENT_FIELD_KINDS[field]) {
    case 'commission':
      return Number(v);
    case 'yesNo':
      return v ? 'Yes' : 'No';
    case 'date':
      return excelDate(String(v));
    case 'agentType':
      return agentTypes.get(String(v)) ?? null;
    case 'state':
      return states.get(String(v)) ?? null;
    default:
      return escapeCell(String(v));
  }
}

/** Write the agents to an .xlsx in memory (streamed through the writer) and answer its bytes. */
export async function agentsWorkbook(rows: readonly Agent[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Agents', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { key: 'objectId', width: 10 },
    ...EXPORTED_FIELDS.map((f) => ({
      key: f,
      width: Math.max(12, Math.min(40, AGENT_LABELS[f].length + 2)),
      ...(AGENT_FIELD_KINDS[f] === 'date' ? { style: { numFmt: 'mm/dd/yyyy' } } : {}),
    })),
  ];
  const header = sheet.addRow(EXPORT_HEADERS);
  header.font = { bold: true };
  header.commit();
  const agentTypes = namesOf('agentTypes');
  const states = namesOf('states');
  for (const a of rows) {
    sheet.addRow([a.objectId, ...EXPORTED_FIELDS.map((f) => cellOf(a, f, agentTypes, states))]).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The HTTP answer of a file download (the API client names the file from content-disposition). */
export function xlsxResult(bytes: Buffer, filename = EXPORT_FILENAME): HttpResult {
  return {
    statusCode: 200,
    headers: {
      'content-type': EXPORT_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  };
}
