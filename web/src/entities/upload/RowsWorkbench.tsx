import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { TabPanel, TabView } from 'primereact/tabview';
import type { Job } from '@eb/shared/job/schemas';
import { UPLOAD_LOAD_DEBOUNCE_MS, UPLOAD_PAGE_SIZE as PAGE } from '@eb/shared/constants';
import type { ParseResult, RowState } from '@eb/shared/upload/schemas';
import { cancelJob, jobPace, jobsQuery, waitForJob } from '../job/jobs';
import { invalidateRoutes } from '../../lib/queries';
import { saveFile } from '../../lib/download';
import { DataGrid } from '../../components/DataGrid';
import { PageHeader } from '../../components/PageHeader';
import { TypeaheadSelect } from '../../components/TypeaheadSelect';
import { useConfirm } from '../../components/confirm-context';
import { useUrlQuery } from '../../components/use-url-query';
import { useNotify } from '../../components/notify-context';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { RowExceptions } from './RowExceptions';
import { UndoImport } from './UndoImport';
import { rowColumns } from './row-columns';
import { UPLOADER_TEXTS as T } from './upload-texts';
import type { WorkbenchConfig, WorkbenchRow } from './workbench';
import '../../components/list-page.css';
import './rows-workbench.css';

const STATES: RowState[] = ['validated', 'withExceptions', 'imported'];

/** What the last-save tab of the `onlyLastSave` type shows (the uploader's SingleFile panel). */
export interface LastSavePanelProps {
  jobs: Job[];
  posting: boolean;
  onContinue(file: File, resumeKey: string): void;
  /** the panel's record count, for its tab's label (the rows the job it shows imported) */
  onCount(n: number): void;
}

/**
 * The screen of a spreadsheet pipeline (spec 3 "Uploader" and "Updater"; administrators only): the
 * type and batch filter in the URL, Upload Spreadsheet (straight to S3, then the parse job) with
 * its progress, Download Template; tabs Validated(n), Exception(n) and, for the types that have it,
 * a last-save tab (a type without it falls back to the first); Save, Remove, Save All and Remove
 * All with the spec's enabling rules and confirmations; the exception rows expanding to their
 * fields with an editable New Value and Validate; the tasks with their progress, time left and
 * Cancel. The Uploader and the Updater are two configurations of it.
 */
export function RowsWorkbench({ config, lastSavePanel }: { config: WorkbenchConfig; lastSavePanel?: (props: LastSavePanelProps) => ReactNode }) {
  const { api, texts } = config;
  const { params, change: setParam } = useUrlQuery();
  const type = config.types.includes(params.get('type') ?? '') ? params.get('type')! : null;
  const batchId = Number(params.get('batch')) > 0 ? Number(params.get('batch')) : null;
  const hasLastSave = type !== null && (config.lastSaveTypes ?? []).includes(type);
  const onlyLastSave = type !== null && type === config.onlyLastSave;
  const requestedTab = Number(params.get('tab') ?? 0);
  const tab = onlyLastSave ? 2 : requestedTab === 2 && !hasLastSave ? 0 : Math.min(Math.max(0, requestedTab), 2);
  const rowType = type && !onlyLastSave ? type : null;
  const state: RowState = STATES[tab]!;
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [posting, setPosting] = useState<{ name: string; done: number } | null>(null);
  const [first, setFirst] = useState(0);
  const [selection, setSelection] = useState<WorkbenchRow[]>([]);
  const [fixes, setFixes] = useState<Record<string, string | null>>({});
  const [showTasks, setShowTasks] = useState(false);
  const [panelCount, setPanelCount] = useState(0);

  // the rows and counts load once the type, batch, tab and page have stayed put for UPLOAD_LOAD_DEBOUNCE_MS (spec 3 section 9)
  const loadKey = useDebouncedValue(JSON.stringify([rowType, state, batchId, first, hasLastSave]), UPLOAD_LOAD_DEBOUNCE_MS);
  const [loadType, loadState, loadBatch, loadFirst, loadLastSave] = JSON.parse(loadKey) as [string | null, RowState, number | null, number, boolean];
  const anyType = loadType ?? config.types[0]!;
  const counts = [
    useQuery({ ...api.countQuery(anyType, 'validated', loadBatch), enabled: loadType !== null }),
    useQuery({ ...api.countQuery(anyType, 'withExceptions', loadBatch), enabled: loadType !== null }),
    useQuery({ ...api.countQuery(anyType, 'imported', loadBatch), enabled: loadType !== null && loadLastSave }),
  ];
  const rows = useQuery({ ...api.rowsQuery({ type: anyType, rowState: loadState, batchId: loadBatch, skip: loadFirst, limit: PAGE[loadState] }), enabled: loadType !== null });
  // the batch filter's options follow the tab at once (a batch typed into it is matched against them)
  const batches = useQuery({ ...api.batchIdsQuery(rowType ?? config.types[0]!, state), enabled: rowType !== null });
  const jobs = useQuery(jobsQuery());
  const tasks = [...(jobs.data?.currentJob ? [jobs.data.currentJob] : []), ...(jobs.data?.jobsInQueue ?? [])];
  const timeLeft = useMemo(() => jobPace(), []);
  const total = rows.data?.totalCount ?? 0;
  const saveless = type !== null && type === config.saveless;
  const reload = () => invalidateRoutes(queryClient, [[api.resource], ['job']]);

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
      const job = await api.upload(type, file, (done) => setPosting({ name: file.name, done }), resumeKey);
      setPosting(null);
      void follow(job, (result) => {
        if (onlyLastSave) return;
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

  const columns = useMemo(() => rowColumns(texts.common, rowType ? config.columns(rowType) : null), [rowType, config, texts]);

  const selected = selection.length > 0;
  const rowRuleOk = selected && rowType !== null && batchId === null;
  const allRuleOk = total > 0 && batchId !== null && !selected;
  const removeSelected = async () => {
    if (!(await confirm({ message: T.removeSelected, danger: true }))) return;
    await api.deleteRows(selection.map((r) => r.objectId)).catch(() => undefined);
    setSelection([]);
    void reload();
  };
  const removeAll = async () => {
    if (!rowType || !(await confirm({ message: T.removeAll, danger: true }))) return;
    const job = await api.deleteAll(rowType, state === 'withExceptions' ? 'withExceptions' : 'validated', batchId).catch(() => null);
    if (job) void follow(job);
  };
  const validate = async () => {
    const body = selection.map((r) => ({
      objectId: r.objectId,
      exceptions: r.exceptions.map((e) => ({ uiHeader: e.uiHeader, newValue: fixes[`${r.objectId}|${e.uiHeader}`] ?? e.newValue })),
    }));
    await api.resolve(body).catch(() => undefined);
    setSelection([]);
    void reload();
  };
  const download = (file: Promise<Parameters<typeof saveFile>[0]>) => void file.then(saveFile, () => undefined);

  // the exception tab's rows expand to their fixes; the last-save tab's to the exceptions they had, as fixed
  const expansion = (r: WorkbenchRow) => <RowExceptions row={r} fixes={fixes} onFix={(k, v) => setFixes((f) => ({ ...f, [k]: v }))} />;
  const history = (r: WorkbenchRow) => <RowExceptions row={r} />;

  const grid = (
    <DataGrid<WorkbenchRow>
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
      // a price report's validated rows are not chosen (no Save, no Remove); its exceptions are, to be fixed in place
      selection={(saveless && state === 'validated') || state === 'imported' ? undefined : selection}
      onSelectionChange={(saveless && state === 'validated') || state === 'imported' ? undefined : setSelection}
      {...(state === 'withExceptions' ? { rowExpansionTemplate: expansion } : state === 'imported' ? { rowExpansionTemplate: history } : {})}
      className="eb-list-grid eb-uploader__grid"
    />
  );

  return (
    <section className="eb-list-page eb-uploader">
      <PageHeader
        title={config.title}
        actions={<Button type="button" label={showTasks ? T.hideProgress : T.showProgress(tasks.length)} icon="pi pi-list" outlined onClick={() => setShowTasks((s) => !s)} />}
      />
      {showTasks && (
        <div className="eb-uploader__tasks" role="region" aria-label={T.showProgress(tasks.length)}>
          {tasks.length === 0 && <p className="eb-account__later">{T.noTasks}</p>}
          {tasks.map((j) => (
            <div key={j.jobId} className="eb-uploader__task">
              <span>{T.taskLine(j.name, j.progress, timeLeft(j, Date.now()))}</span>
              <ProgressBar value={j.progress} showValue={false} aria-label={j.name} className="eb-uploader__task-bar" />
              <Button type="button" label={T.cancel} size="small" text onClick={() => void cancelJob(j.jobId).then(reload, () => undefined)} />
            </div>
          ))}
        </div>
      )}
      <div className="eb-uploader__bar">
        <TypeaheadSelect<string>
          value={type}
          options={config.types.map((t) => ({ label: config.typeLabel?.(t) ?? t, value: t }))}
          onChange={(v) => {
            setSelection([]);
            setFirst(0);
            setParam({ type: v, batch: null });
          }}
          placeholder={texts.pickType}
          aria-label={texts.type}
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
        {!saveless && <Button type="button" label={T.downloadTemplate} icon="pi pi-file-excel" outlined disabled={!type} onClick={() => type && download(api.downloadTemplate(type))} />}
      </div>
      {posting && (
        <div className="eb-uploader__posting">
          <span>{T.posting(posting.name, Math.round(posting.done * 100))}</span>
          <ProgressBar value={Math.round(posting.done * 100)} showValue={false} aria-label={T.posting(posting.name, Math.round(posting.done * 100))} />
        </div>
      )}
      {!type ? (
        <p className="eb-account__later">{texts.chooseType}</p>
      ) : (
        <TabView
          activeIndex={tab}
          onTabChange={(e) => {
            setSelection([]);
            setFirst(0);
            setParam({ tab: e.index === 0 ? null : String(e.index) });
          }}
        >
          <TabPanel header={texts.validatedTab(counts[0]!.data?.totalCount ?? 0)} disabled={onlyLastSave}>
            <div className="eb-uploader__actions">
              {!saveless && <Button type="button" label={T.save} size="small" disabled={!rowRuleOk} onClick={() => rowType && void api.importRows(rowType, selection.map((r) => r.objectId)).then((j) => follow(j), () => undefined)} />}
              {!saveless && <Button type="button" label={T.remove} size="small" outlined severity="danger" disabled={!rowRuleOk} onClick={() => void removeSelected()} />}
              <Button type="button" label={T.saveAll} size="small" disabled={!allRuleOk} onClick={() => rowType && void api.saveAll(rowType, batchId).then((j) => follow(j), () => undefined)} />
              <Button type="button" label={T.removeAll} size="small" outlined severity="danger" disabled={!allRuleOk} onClick={() => void removeAll()} />
              {/* a type without a last-save tab (the updater's): Undo of the chosen batch's import here */}
              {!hasLastSave && <UndoImport resource={api.resource} rowType={null} batchId={batchId} follow={(job, done) => void follow(job, done)} />}
            </div>
            {grid}
          </TabPanel>
          <TabPanel header={texts.exceptionTab(counts[1]!.data?.totalCount ?? 0)} disabled={onlyLastSave}>
            <div className="eb-uploader__actions">
              <Button type="button" label={T.validate} size="small" disabled={!selected} onClick={() => void validate()} />
              <Button type="button" label={T.remove} size="small" outlined severity="danger" disabled={!rowRuleOk} onClick={() => void removeSelected()} />
              <Button type="button" label={T.removeAll} size="small" outlined severity="danger" disabled={!allRuleOk} onClick={() => void removeAll()} />
              <Button type="button" label={T.download} icon="pi pi-download" size="small" outlined disabled={total === 0} onClick={() => rowType && download(api.downloadExceptions(rowType, batchId))} />
            </div>
            {grid}
          </TabPanel>
          {hasLastSave && (
            <TabPanel header={texts.lastSaveTab(onlyLastSave ? panelCount : (counts[2]!.data?.totalCount ?? 0))}>
              {onlyLastSave ? (
                lastSavePanel?.({ jobs: jobs.data?.completedJobs ?? [], posting: posting !== null, onContinue: (file, key) => void upload(file, key), onCount: setPanelCount })
              ) : (
                <>
                  <div className="eb-uploader__actions">
                    {api.downloadImported && (
                      <Button type="button" label={T.download} icon="pi pi-download" size="small" outlined disabled={total === 0} onClick={() => rowType && download(api.downloadImported!(rowType, batchId))} />
                    )}
                    <UndoImport resource={api.resource} rowType={total > 0 ? rowType : null} batchId={batchId} follow={(job, done) => void follow(job, done)} />
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
