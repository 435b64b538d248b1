import { useState } from 'react';
import { Button } from 'primereact/button';
import { P2C_COLUMNS, REPORT_TYPES, type ReportType } from '@eb/shared/report/schemas';
import { reportLink, startReport } from '../../../entities/report/api';
import { REPORT_TEXTS } from '../../../entities/report/report-texts';
import { JobDownloadDialog } from '../../../entities/job/JobDownloadDialog';
import { AREAS } from '../../../config/areas';
import { FormField } from '../../../components/FormField';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import './reports.css';

const OPTIONS = REPORT_TYPES.map((t) => ({ label: t, value: t }));

/**
 * Reports (spec 2 "Reports screen", staff only): pick a report type (only 'Export To P2C') and press
 * Download; the report is written by a job (progress, time left, Cancel) and its file opens in the
 * same window.
 */
export function ReportsPage() {
  const [type, setType] = useState<ReportType | null>(null);
  const [running, setRunning] = useState<ReportType | null>(null);
  return (
    <section className="eb-list-page eb-reports-page">
      <PageHeader title={AREAS.reports.title} />
      <div className="eb-reports">
        <FormField id="report-type" label={REPORT_TEXTS.reportType}>
          <TypeaheadSelect<ReportType> inputId="report-type" value={type} options={OPTIONS} onChange={setType} placeholder={REPORT_TEXTS.pick} />
        </FormField>
        <Button type="button" label={REPORT_TEXTS.download} icon="pi pi-download" disabled={!type || running !== null} onClick={() => setRunning(type)} />
      </div>
      {type && (
        <div className="eb-reports__about">
          <p>{REPORT_TEXTS.about[type]}</p>
          <ol className="eb-reports__columns">
            {P2C_COLUMNS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </div>
      )}
      {running && <JobDownloadDialog header={running} what={REPORT_TEXTS.what} start={() => startReport(running)} link={reportLink} onClose={() => setRunning(null)} />}
    </section>
  );
}
