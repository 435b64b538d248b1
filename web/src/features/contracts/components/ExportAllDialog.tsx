import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { ContractListBody } from '@eb/shared/contract/schemas';
import { exportAllLink, startExportAll } from '../../../entities/contract/api';
import { CONTRACT_TEXTS } from '../../../entities/contract/contract-texts';
import { cancelJob, JobError, waitForJob } from '../../../entities/job/jobs';
import { Popup } from '../../../components/Popup';
import { useNotify } from '../../../components/notify-context';

/**
 * Export all (beyond the spec): every row of the search's filter, in its order, written by a job
 * to an .xlsx; the popup shows the job's progress with an estimate of the time left, Cancel stops
 * it, and the file downloads in this window when it is ready.
 */
export function ExportAllDialog({ filter, orderBy, onClose }: { filter: ContractListBody; orderBy: string; onClose: () => void }) {
  const notify = useNotify();
  const [progress, setProgress] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const jobId = useRef<string | null>(null);
  const started = useRef(Date.now());

  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const job = await startExportAll(filter, orderBy);
        jobId.current = job.jobId;
        started.current = Date.now();
        await waitForJob(job.jobId, {
          signal: abort.signal,
          onProgress: (j) => {
            setProgress(j.progress);
            const elapsed = (Date.now() - started.current) / 1000;
            setLeft(j.progress > 0 && j.progress < 100 ? Math.max(1, Math.round((elapsed * (100 - j.progress)) / j.progress)) : null);
          },
        });
        const { downloadInfo } = await exportAllLink(job.jobId);
        setProgress(100);
        window.location.assign(downloadInfo.link);
        notify.success(CONTRACT_TEXTS.exportReady);
        onClose();
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof JobError) notify.error(e.reason === 'cancelled' ? CONTRACT_TEXTS.exportCancelled : CONTRACT_TEXTS.exportFailed);
        onClose();
      }
    })();
    return () => abort.abort();
    // one job per opening of the popup
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const cancel = async () => {
    if (jobId.current) await cancelJob(jobId.current).catch(() => undefined);
    onClose();
  };

  return (
    <Popup visible header={CONTRACT_TEXTS.exportAll} onClose={() => void cancel()} style={{ width: 'min(30rem, 95vw)' }}>
      <p className="eb-contracts-export__text">{CONTRACT_TEXTS.exporting(progress, left)}</p>
      <ProgressBar value={progress} showValue={false} aria-label={CONTRACT_TEXTS.exporting(progress, left)} />
      <div className="eb-form-footer">
        <Button type="button" label={CONTRACT_TEXTS.cancelExport} outlined onClick={() => void cancel()} />
      </div>
    </Popup>
  );
}
