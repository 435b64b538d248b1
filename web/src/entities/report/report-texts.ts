import { P2C_ACTIVE_STATUSES, type ReportType } from '@eb/shared/report/schemas';

/** The Reports screen's texts (chosen: the spec gives none but the type and Download). */
export const REPORT_TEXTS = {
  reportType: 'Report Type',
  pick: 'Select a report',
  download: 'Download',
  what: 'the report',
  about: {
    'Export To P2C': `Every account the utility has or serves (status ${P2C_ACTIVE_STATUSES.join(', ')}), one row each, with these columns:`,
  } satisfies Record<ReportType, string>,
} as const;

