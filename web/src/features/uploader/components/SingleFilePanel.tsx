import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { UPLOAD_PAGE_SIZE } from '@eb/shared/constants';
import { UPLOAD_COLUMNS, type RowType } from '@eb/shared/upload/columns';
import type { SingleFileResult } from '@eb/shared/upload/schemas';
import { singleFileJobsQuery, UPLOAD_WORKBENCH_API } from '../../../entities/upload/api';
import type { LastSavePanelProps } from '../../../entities/upload/RowsWorkbench';
import { rowColumns } from '../../../entities/upload/row-columns';
import { UPLOADER_TEXTS as T } from '../../../entities/upload/upload-texts';
import type { WorkbenchRow } from '../../../entities/upload/workbench';
import { DataGrid } from '../../../components/DataGrid';
import { FormField } from '../../../components/FormField';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';

const SINGLE_FILE_JOB_TYPE = 'singleFileUpload';
const PAGE = UPLOAD_PAGE_SIZE.imported;

/**
 * A type's imported rows of a SingleFile job (its batch), with the type's own columns as its
 * uploader tabs show them, a page of UPLOAD_PAGE_SIZE.imported at a time (a paginator once there are more).
 */
function TypeRows({ type, batchId, count }: { type: RowType; batchId: number; count: number }) {
  const [first, setFirst] = useState(0);
  const rows = useQuery({ ...UPLOAD_WORKBENCH_API.rowsQuery({ type, rowState: 'imported', batchId, skip: first, limit: PAGE }), placeholderData: keepPreviousData });
  const columns = useMemo(() => rowColumns(T.common, UPLOAD_COLUMNS[type]), [type]);
  const total = rows.data?.totalCount ?? 0;
  return (
    <section className="eb-uploader__single-type" aria-label={T.records(type, count)}>
      <h4>{T.records(type, count)}</h4>
      <DataGrid<WorkbenchRow>
        ariaLabel={T.records(type, count)}
        value={rows.data?.data ?? []}
        totalRecords={total}
        loading={rows.isFetching}
        lazy
        paginator={total > PAGE}
        first={first}
        rows={PAGE}
        rowsPerPageOptions={[PAGE]}
        onPage={(p) => setFirst(p.first)}
        dataKey="objectId"
        columns={columns}
        className="eb-list-grid eb-uploader__grid"
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
export function SingleFilePanel({ jobs, posting, onContinue, onCount }: LastSavePanelProps) {
  // the user's own SingleFile jobs, asked for by type (the job list keeps only the latest jobs of every kind)
  const newest = jobs.find((j) => j.jobType === SINGLE_FILE_JOB_TYPE && j.status === 'completed')?.jobId ?? null;
  // (the jobs known keep showing while a newer job's list loads: the tab's count does not drop to 0 in between)
  const finished = useQuery({ ...singleFileJobsQuery(newest), placeholderData: keepPreviousData }).data ?? [];
  // a job chosen before the newest one ended gives way to it (an upload just finished shows its outcome)
  const [chosen, setChosen] = useState<{ jobId: string | null; newest: string | null }>({ jobId: null, newest });
  const job = (chosen.newest === newest ? finished.find((j) => j.jobId === chosen.jobId) : undefined) ?? finished[0];
  const result = (job?.result ?? null) as SingleFileResult | null;
  // the tab's count: the records the shown job imported
  const count = result?.uploadedRows.reduce((n, u) => n + u.rowInfos.length, 0) ?? 0;
  useEffect(() => onCount(count), [count, onCount]);
  const fileInput = useRef<HTMLInputElement>(null);
  const key = result?.currentKey ?? '';
  return (
    <div className="eb-uploader__single">
      <div className="eb-uploader__bar">
        <FormField id="single-job" label={T.selectJob}>
          <TypeaheadSelect<string> inputId="single-job" value={job?.jobId ?? null} options={finished.map((j) => ({ label: j.created.replace('T', ' '), value: j.jobId }))} onChange={(jobId) => setChosen({ jobId, newest })} placeholder={T.selectJob} />
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
            <TypeRows key={`${u.uploadType}-${u.uploadBatchId}`} type={u.uploadType} batchId={u.uploadBatchId} count={u.rowInfos.length} />
          ))}
        </>
      )}
    </div>
  );
}
