import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { Job } from '@eb/shared/job/schemas';
import type { RowType } from '@eb/shared/upload/columns';
import type { SingleFileResult, UploadedRow } from '@eb/shared/upload/schemas';
import { formatDisplayDateTime } from '@eb/shared/validation';
import { singleFileJobsQuery, uploadRowsQuery } from '../../../entities/upload/api';
import { UPLOADER_TEXTS as T } from '../../../entities/upload/upload-texts';
import { DataGrid } from '../../../components/DataGrid';
import { FormField } from '../../../components/FormField';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';

const SINGLE_FILE_JOB_TYPE = 'singleFileUpload';

/** A type's imported rows of a SingleFile job (its batch). */
function TypeRows({ type, batchId, count }: { type: RowType; batchId: number; count: number }) {
  const rows = useQuery(uploadRowsQuery({ uploadType: type, rowState: 'imported', batchId, skip: 0, limit: 100 }));
  return (
    <section className="eb-uploader__single-type" aria-label={T.records(type, count)}>
      <h4>{T.records(type, count)}</h4>
      <DataGrid<UploadedRow>
        ariaLabel={T.records(type, count)}
        value={rows.data?.data ?? []}
        totalRecords={rows.data?.totalCount ?? 0}
        loading={rows.isFetching}
        lazy={false}
        paginator={false}
        dataKey="objectId"
        columns={[
          { field: 'uploadBatchId', header: T.common.batchId },
          { field: 'rowNumber', header: T.common.rowNumber },
          { field: 'uploadDate', header: T.common.date, body: (r) => formatDisplayDateTime(r.uploadDate) },
          { field: 'uploadUser', header: T.common.user },
        ]}
        className="eb-list-grid"
      />
    </section>
  );
}

/**
 * The SingleFile tab (spec 3 "Single-file tab"): 'Select job' (the last completed SingleFile
 * uploads of the user, newest first: GET upload/GetSingleFileJobs), the read-only 'Amendment Key to Resume', Continue upload (a type and a
 * key needed: the next file resumes there), the per-type error blocks with their line breaks, and a
 * section per record type with its count and rows.
 */
export function SingleFilePanel({ jobs, posting, onContinue }: { jobs: readonly Job[]; posting: boolean; onContinue: (file: File, resumeKey: string) => void }) {
  // the user's own SingleFile jobs, asked for by type (the job list keeps only the latest jobs of every kind)
  const newest = jobs.find((j) => j.jobType === SINGLE_FILE_JOB_TYPE && j.status === 'completed')?.jobId ?? null;
  const finished = useQuery(singleFileJobsQuery(newest)).data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const job = finished.find((j) => j.jobId === chosen) ?? finished[0];
  const result = (job?.result ?? null) as SingleFileResult | null;
  const fileInput = useRef<HTMLInputElement>(null);
  const key = result?.currentKey ?? '';
  return (
    <div className="eb-uploader__single">
      <div className="eb-uploader__bar">
        <FormField id="single-job" label={T.selectJob}>
          <TypeaheadSelect<string> inputId="single-job" value={job?.jobId ?? null} options={finished.map((j) => ({ label: j.created.replace('T', ' '), value: j.jobId }))} onChange={setChosen} placeholder={T.selectJob} />
        </FormField>
        <FormField id="single-key" label={T.resumeKey}>
          <InputText id="single-key" value={key} readOnly />
        </FormField>
        <input ref={fileInput} type="file" accept=".xlsx" hidden aria-label={T.continueUpload} onChange={(e) => e.target.files?.[0] && (onContinue(e.target.files[0], key), (e.target.value = ''))} />
        <Button type="button" label={T.continueUpload} icon="pi pi-forward" disabled={!key || posting} onClick={() => fileInput.current?.click()} />
      </div>
      {!result ? (
        <p className="eb-account__later">{T.noSingleJobs}</p>
      ) : (
        <>
          {result.errors.map((e) => (
            <div key={e.uploadType} className="eb-uploader__single-error" role="group" aria-label={T.errorsOf(e.uploadType)}>
              <strong>{e.uploadType}</strong>
              <pre>{e.message}</pre>
            </div>
          ))}
          {result.uploadedRows.map((u) => (
            <TypeRows key={u.uploadType} type={u.uploadType} batchId={u.uploadBatchId} count={u.rowInfos.length} />
          ))}
        </>
      )}
    </div>
  );
}
