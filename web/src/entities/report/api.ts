import type { ReportType } from '@eb/shared/report/schemas';
import { call, endpoint } from '../../lib/api-client';

/** POST report { reportType } (spec 2 section 7 "Report", a POST: it starts a job): the job writing the report. */
export const startReport = (reportType: ReportType) => call(endpoint('POST', 'report', ''), { body: { reportType } });
/** GET report/GetReportLink?id: the written report's link, opened in this window. */
export const reportLink = (jobId: string) => call(endpoint('GET', 'report', 'GetReportLink'), { query: { id: jobId } });
