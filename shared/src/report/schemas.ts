import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Reports (spec 2 "Reports screen", section 7 "Report"): POST report { reportType } starts the
 * report's job (the spec's GET: a call that changes state is not a GET, issue 26 item 6); its file opens in the same window when it is written (GET report/GetReportLink?id). The only
 * type is 'Export To P2C' (spec 2 section 9).
 */
export const REPORT_TYPES = ['Export To P2C'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const reportBodySchema = z.object({ reportType: z.enum(REPORT_TYPES, { error: MSG.invalidOption }) });

/**
 * Export To P2C (issue 9: the spec does not list its columns): the supplier's full book of active
 * accounts, one row each, with the contract, amendment, pricing, commission and agent columns, in
 * this order (the README lists them). Active: the utility has the enrollment or is serving it.
 */
export const P2C_ACTIVE_STATUSES = ['Sent to Utility', 'Enrolled', 'Drop Pending'] as const;
export const P2C_COLUMNS = [
  'CAMS Account ID', 'LDC Account #', 'Account Name', 'Territory', 'Commodity', 'Account Status', 'Account Type',
  'Contract ID', 'Amendment #', 'Contract Status', 'Business Entity', 'Amendment Start Date', 'Amendment End Date',
  'Contract Start Date', 'Contract End Date', 'Term', 'Flow Date', 'Unit of Measure', 'Annual Usage', 'RCEs',
  'Contract Rate', 'Upload Rate', 'Index Adder', 'Price Adder',
  'Commission Plan', 'Master Agent Rate', 'Agent Rate', 'Sub-Agent Rate', 'Agent',
] as const;
export const P2C_FILENAME = 'export-to-p2c.xlsx';
