import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { TabPanel, TabView } from 'primereact/tabview';
import { UPLOAD_COLUMNS, UPLOAD_TYPES, type RowType, type UploadType } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import type { ParseResult, RowState, UploadedRow } from '@eb/shared/upload/schemas';
import { formatDisplayDate } from '@eb/shared/validation';
import {
  batchIdsQuery,
  deleteAll,
  deleteRows,
  downloadExceptions,
  downloadImported,
  downloadTemplate,
  importRows,
  resolveRows,
  saveAll,
  uploadCountQuery,
  uploadRowsQuery,
  uploadSpreadsheet,
} from '../../../entities/upload/api';
import { UPLOADER_TEXTS as T } from '../../../entities/upload/upload-texts';
import { cancelJob, jobsQuery, secondsLeft, waitForJob } from '../../../entities/job/jobs';
import { AREAS } from '../../../config/areas';
import { invalidateRoutes } from '../../../lib/queries';
import { saveFile } from '../../../lib/download';
import { DataGrid, type GridColumn } from '../../../components/DataGrid';
import { PageHeader } from '../../../components/PageHeader';
import { TypeaheadSelect } from '../../../components/TypeaheadSelect';
import { useConfirm } from '../../../components/confirm-context';
import { useNotify } from '../../../components/notify-context';
import '../../../components/list-page.css';
import { SingleFilePanel } from './SingleFilePanel';
import './uploader.css';

const PAGE = { validated: 100, withExceptions: 25, imported: 100 } as const;
const TYPE_OPTIONS = UPLOAD_TYPES.map((t) => ({ label: t, value: t }));
const LAST_SAVE_TYPES: readonly UploadType[] = ['Amendments', 'Accounts', 'SingleFile'];
const STATES: RowState[] = ['validated', 'withExceptions', 'imported'];

/** A cell of an uploaded row's data as the grid shows it. */
function show(v: unknown, kind: string): string {
  if (v === null || v === undefined) return '';
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDisplayDate(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

/**
 * Uploader (spec 3 "Uploader"; administrators only): the upload type and batch filter in the URL,
 * Upload Spreadsheet (straight to S3, then the parse job), Download Template; tabs '1
 * Validated(n)', '2 Exception(n)' and, for Amendments, Accounts and SingleFile, '3 Last Save(n)'
 * (SingleFile forces it; a type without it falls back to tab 1); Save, Remove, Save All and Remove
 * All with the spec's enabling rules and confirmations; the exception rows expanding to their
 * fields with an editable New Value and Validate; the tasks with their progress and Cancel.
 */
export function UploaderPage() {
  const [params, setParams] = useSearchParams();
  const type = (UPLOAD_TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as UploadType) : null;
  const batchId = Number(params.get('batch')) > 0 ? Number(params.get('batch')) : null;
  const hasLastSave = type !== null && LAST_SAVE_TYPES.includes(type);
  const requestedTab = Number(params.get('tab') ?? 0);
  const tab = type === 'SingleFile' ? 2 : requestedTab === 2 && !hasLastSave ? 0 : Math.min(Math.max(0, requestedTab), 2);
  const setParam = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const rowType = type && type !== 'SingleFile' ? (type as RowType) : null;
  const state: RowState = STATES[tab]!;
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [posting, setPosting] = useState<{ name: string; done: number } | null>(null);
  const [first, setFirst] = useState(0);
  const [selection, setSelection] = useState<UploadedRow[]>([]);
  const [fixes, setFixes] = useState<Record<string, string | null>>({});
  const [showTasks, setShowTasks] = useState(false);

  const counts = [
    useQuery({ ...uploadCountQuery(rowType ?? 'Amendments', 'validated', batchId), enabled: rowType !== null }),
    useQuery({ ...uploadCountQuery(rowType ?? 'Amendments', 'withExceptions', batchId), enabled: rowType !== null }),
    useQuery({ ...uploadCountQuery(rowType ?? 'Amendments', 'imported', batchId), enabled: rowType !== null }),
  ];
  const rows = useQuery({ ...uploadRowsQuery({ uploadType: rowType ?? 'Amendments', rowState: state, batchId, skip: first, limit: PAGE[state] }), enabled: rowType !== null });
  const batches = useQuery({ ...batchIdsQuery(rowType ?? 'Amendments', state !== 'withExceptions'), enabled: rowType !== null });
  const jobs = useQuery(jobsQuery());
  const tasks = [...(jobs.data?.currentJob ? [jobs.data.currentJob] : []), ...(jobs.data?.jobsInQueue ?? [])];
  const total = rows.data?.totalCount ?? 0;
  const priceReport = type === 'PriceReport';
  const reload = () => invalidateRoutes(queryClient, [['upload'], ['job']]);

  /** A job started here: its end reloads the rows and says how it went. */
  const follow = async (job: { jobId: string; name: string }, done?: (result: unknown) => void) => {
    setShowTasks(true);
    void reload();
    try {
      const finished = await waitForJob(job.jobId);
      notify.success(T.jobDone(job.name));
      done?.(finished.result);
    } catch {
      notify.error(T.jobFailed(job.name));
    } finally {
      setSelection([]);
      void reload();
    }
  };

  const upload = async (file: File, resumeKey?: string) => {
    if (!type) return;
    setPosting({ name: file.name, done: 0 });
    try {
      const job = await uploadSpreadsheet(type, file, (done) => setPosting({ name: file.name, done }), resumeKey);
      setPosting(null);
      void follow(job, (result) => {
        if (type === 'SingleFile') return;
        const r = result as ParseResult;
        notify.info(T.parsed(r.rows, r.validated, r.withExceptions));
        if (r.unknownHeaders.length) notify.info(T.unknownHeaders(r.unknownHeaders));
        if (r.missingColumns.length) notify.error(T.missingColumns(r.missingColumns));
      });
    } catch {
      // the API client notified the refusal
      setPosting(null);
    }
  };

  const columns: GridColumn<UploadedRow>[] = useMemo(() => {
    const common: GridColumn<UploadedRow>[] = [
      { field: 'uploadBatchId', header: T.common.uploadBatchId },
      { field: 'rowNumber', header: T.common.rowNumber },
      { field: 'uploadDate', header: T.common.uploadDate, body: (r) => formatDisplayDate(r.uploadDate) },
      { field: 'uploadUser', header: T.common.uploadUser },
    ];
    if (!rowType) return common;
    return [
      ...common,
      ...UPLOAD_COLUMNS[rowType].map(
        (c): GridColumn<UploadedRow> => ({ field: `data.${c.field}` as keyof UploadedRow & string, header: c.header, body: (r) => show((JSON.parse(r.uploadDataRow) as Record<string, unknown>)[c.field], c.kind) }),
      ),
    ];
  }, [rowType]);

  const selected = selection.length > 0;
  const rowRuleOk = selected && rowType !== null && batchId === null;
  const allRuleOk = total > 0 && batchId !== null && !selected;
  const removeSelected = async () => {
    if (!(await confirm({ message: T.removeSelected, danger: true }))) return;
    await deleteRows(selection.map((r) => r.objectId)).catch(() => undefined);
    setSelection([]);
    void reload();
  };
  const removeAll = async () => {
    if (!rowType || !(await confirm({ message: T.removeAll, danger: true }))) return;
    const job = await deleteAll(rowType, state === 'withExceptions' ? 'withExceptions' : 'validated', batchId).catch(() => null);
    if (job) void follow(job);
  };
  const validate = async () => {
    const body = selection.map((r) => ({
      objectId: r.objectId,
      exceptions: r.uploadExceptions.map((e) => ({ uiHeader: e.uiHeader, newValue: fixes[`${r.objectId}|${e.uiHeader}`] ?? e.newValue })),
    }));
    await resolveRows(body).catch(() => undefined);
    setSelection([]);
    void reload();
  };

  const expansion = (r: UploadedRow) => (
    <table className="eb-uploader__exceptions">
      <thead>
        <tr>
          <th scope="col">{T.fieldName}</th>
          <th scope="col">{T.originalValue}</th>
          <th scope="col">{T.reason}</th>
          <th scope="col">{T.newValue}</th>
        </tr>
      </thead>
      <tbody>
        {r.uploadExceptions.map((e) => {
          const k = `${r.objectId}|${e.uiHeader}`;
          return (
            <tr key={k}>
              <td>{e.uiHeader}</td>
              <td>{e.oldValue ?? ''}</td>
              <td className="p-error">{EXCEPTION_REASONS[e.type]}</td>
              <td>
                <InputText value={fixes[k] ?? e.newValue ?? ''} aria-label={T.newValueOf(e.uiHeader, r.rowNumber)} onChange={(ev) => setFixes((f) => ({ ...f, [k]: ev.target.value }))} className="p-inputtext-sm" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  const grid = (
    <DataGrid<UploadedRow>
      ariaLabel={T.grid(['Validated', 'Exception', 'Last Save'][tab]!)}
      value={rows.data?.data ?? []}
      columns={columns}
      dataKey="objectId"
      lazy
      totalRecords={total}
      first={first}
      rows={PAGE[state]}
      rowsPerPageOptions={[PAGE[state]]}
      onPage={(p) => setFirst(p.first)}
      loading={rows.isFetching && !rows.data}
      selection={priceReport || state === 'imported' ? undefined : selection}
      onSelectionChange={priceReport || state === 'imported' ? undefined : setSelection}
      {...(state === 'withExceptions' ? { rowExpansionTemplate: expansion } : {})}
      className="eb-list-grid eb-uploader__grid"
    />
  );

  return (
    <section className="eb-list-page eb-uploader">
      <PageHeader
        title={AREAS.uploader.title}
        actions={<Button type="button" label={showTasks ? T.hideProgress : T.showProgress(tasks.length)} icon="pi pi-list" outlined onClick={() => setShowTasks((s) => !s)} />}
      />
      {showTasks && (
        <div className="eb-uploader__tasks" role="region" aria-label={T.showProgress(tasks.length)}>
          {tasks.length === 0 && <p className="eb-account__later">{T.noTasks}</p>}
          {tasks.map((j) => (
            <div key={j.jobId} className="eb-uploader__task">
              <span>{T.taskLine(j.name, j.progress, secondsLeft((Date.now() - Date.parse(j.created)) / 1000, j.progress))}</span>
              <ProgressBar value={j.progress} showValue={false} aria-label={j.name} className="eb-uploader__task-bar" />
              <Button type="button" label={T.cancel} size="small" text onClick={() => void cancelJob(j.jobId).then(reload, () => undefined)} />
            </div>
          ))}
        </div>
      )}
      <div className="eb-uploader__bar">
        <TypeaheadSelect<UploadType>
          value={type}
          options={TYPE_OPTIONS}
          onChange={(v) => {
            setSelection([]);
            setFirst(0);
            setParam({ type: v, batch: null });
          }}
          placeholder={T.pickType}
          aria-label={T.type}
          className="eb-uploader__type"
        />
        <TypeaheadSelect<number>
          value={batchId}
          options={(batches.data?.batchIds ?? []).map((b) => ({ label: String(b), value: b }))}
          onChange={(v) => {
            setSelection([]);
            setFirst(0);
            setParam({ batch: v === null ? null : String(v) });
          }}
          placeholder={T.pickBatch}
          aria-label={T.batch}
          className="eb-uploader__batch"
          disabled={!rowType}
        />
        <input ref={fileInput} type="file" accept=".xlsx" hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0]).finally(() => (e.target.value = ''))} />
        <Button type="button" label={T.uploadSpreadsheet} icon="pi pi-upload" disabled={!type || posting !== null} onClick={() => fileInput.current?.click()} />
        {!priceReport && <Button type="button" label={T.downloadTemplate} icon="pi pi-file-excel" outlined disabled={!type} onClick={() => type && void downloadTemplate(type).then(saveFile, () => undefined)} />}
      </div>
      {posting && (
        <div className="eb-uploader__posting">
          <span>{T.posting(posting.name, Math.round(posting.done * 100))}</span>
          <ProgressBar value={Math.round(posting.done * 100)} showValue={false} aria-label={T.posting(posting.name, Math.round(posting.done * 100))} />
        </div>
      )}
      {!type ? (
        <p className="eb-account__later">{T.chooseType}</p>
      ) : (
        <TabView
          activeIndex={tab}
          onTabChange={(e) => {
            setSelection([]);
            setFirst(0);
            setParam({ tab: e.index === 0 ? null : String(e.index) });
          }}
        >
          <TabPanel header={T.validatedTab(counts[0]!.data?.totalCount ?? 0)} disabled={type === 'SingleFile'}>
            <div className="eb-uploader__actions">
              {!priceReport && <Button type="button" label={T.save} size="small" disabled={!rowRuleOk} onClick={() => rowType && void importRows(rowType, selection.map((r) => r.objectId)).then((j) => follow(j), () => undefined)} />}
              {!priceReport && <Button type="button" label={T.remove} size="small" outlined severity="danger" disabled={!rowRuleOk} onClick={() => void removeSelected()} />}
              <Button type="button" label={T.saveAll} size="small" disabled={!allRuleOk} onClick={() => rowType && void saveAll(rowType, batchId).then((j) => follow(j), () => undefined)} />
              <Button type="button" label={T.removeAll} size="small" outlined severity="danger" disabled={!allRuleOk} onClick={() => void removeAll()} />
            </div>
            {grid}
          </TabPanel>
          <TabPanel header={T.exceptionTab(counts[1]!.data?.totalCount ?? 0)} disabled={type === 'SingleFile'}>
            <div className="eb-uploader__actions">
              <Button type="button" label={T.validate} size="small" disabled={!selected} onClick={() => void validate()} />
              <Button type="button" label={T.remove} size="small" outlined severity="danger" disabled={!rowRuleOk} onClick={() => void removeSelected()} />
              <Button type="button" label={T.removeAll} size="small" outlined severity="danger" disabled={!allRuleOk} onClick={() => void removeAll()} />
              <Button type="button" label={T.download} icon="pi pi-download" size="small" outlined disabled={total === 0} onClick={() => rowType && void downloadExceptions(rowType, batchId).then(saveFile, () => undefined)} />
            </div>
            {grid}
          </TabPanel>
          {hasLastSave && (
            <TabPanel header={T.lastSaveTab(counts[2]!.data?.totalCount ?? 0)}>
              {type === 'SingleFile' ? (
                <SingleFilePanel jobs={jobs.data?.completedJobs ?? []} posting={posting !== null} onContinue={(file, key) => void upload(file, key)} />
              ) : (
                <>
                  <div className="eb-uploader__actions">
                    <Button type="button" label={T.download} icon="pi pi-download" size="small" outlined disabled={total === 0} onClick={() => rowType && void downloadImported(rowType, batchId).then(saveFile, () => undefined)} />
                  </div>
                  {grid}
                </>
              )}
            </TabPanel>
          )}
        </TabView>
      )}
    </section>
  );
}
