import type { ReportType } from '@eb/shared/report/schemas';
import { NotFoundError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { p2cReport } from './p2c';

/** The report Lambda (spec 2 section 7 "Report"): staff start a report and fetch its file (the route table). */
const REPORTS: Record<ReportType, typeof p2cReport> = { 'Export To P2C': p2cReport };

export const handler = resourceHandler('report', {
  /** POST report { reportType } -> the job writing the report (a POST: it changes state; issue 26 item 6) */
  'POST ': ({ body, user }: ActionContext<unknown, { reportType: ReportType }>) => REPORTS[body.reportType].start({}, user!.objectId),
  /** GET report/GetReportLink?id -> { downloadInfo: { link } } of a finished report (its starter only) */
  'GET getreportlink': async ({ query, user }: ActionContext<{ id: string }>) => {
    for (const report of Object.values(REPORTS)) {
      const link = await report.link(query.id, user!.objectId).catch(() => null);
      if (link) return link;
    }
    throw new NotFoundError();
  },
});
