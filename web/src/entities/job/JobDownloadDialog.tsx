import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { Job } from '@eb/shared/job/schemas';
import { cancelJob, JobError, secondsLeft, waitForJob } from './jobs';
import { Popup } from '../../components/Popup';
import { useNotify } from '../../components/notify-context';

export const JOB_DOWNLOAD_TEXTS = {
  progress: (what: string, progress: number, secondsLeft: number | null) =>
    `Writing ${what}: ${progress}%${secondsLeft !== null ? `, about ${secondsLeft} s left` : ''}`,
  cancel: 'Cancel',
  ready: 'The file is ready',
  cancelled: 'The download was cancelled',
  failed: 'The file could not be written. Please try again.',
};

/**
 * A file written by a job (Export all, reports): the popup starts the job, shows its progress with
 * an estimate of the time left, Cancel stops it, and the file opens in this window when it is ready
 * (its presigned link: the browser downloads it).
 */
export function JobDownloadDialog(props: {
  header: string;
  /** what is written, for the progress text ('every contract of the search') */
  what: string;
  start: () => Promise<Job>;
  link: (jobId: string) => Promise<{ downloadInfo: { link: string } }>;
  onClose: () => void;
}) {
  const { header, what, onClose } = props;
  const notify = useNotify();
  const [progress, setProgress] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const jobId = useRef<string | null>(null);
  const started = useRef(Date.now());
  const calls = useRef(props);

  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const job = await calls.current.start();
        jobId.current = job.jobId;
        started.current = Date.now();
        await waitForJob(job.jobId, {
          signal: abort.signal,
          onProgress: (j) => {
            setProgress(j.progress);
            setLeft(secondsLeft((Date.now() - started.current) / 1000, j.progress));
          },
        });
        const { downloadInfo } = await calls.current.link(job.jobId);
        setProgress(100);
        window.location.assign(downloadInfo.link);
        notify.success(JOB_DOWNLOAD_TEXTS.ready);
        calls.current.onClose();
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof JobError) notify.error(e.reason === 'cancelled' ? JOB_DOWNLOAD_TEXTS.cancelled : JOB_DOWNLOAD_TEXTS.failed);
        calls.current.onClose();
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
  const text = JOB_DOWNLOAD_TEXTS.progress(what, progress, left);

  return (
    <Popup visible header={header} onClose={() => void cancel()} style={{ width: 'min(30rem, 95vw)' }}>
      <p className="eb-job-download__text">{text}</p>
      <ProgressBar value={progress} showValue={false} aria-label={text} />
      <div className="eb-form-footer">
        <Button type="button" label={JOB_DOWNLOAD_TEXTS.cancel} outlined onClick={() => void cancel()} />
      </div>
    </Popup>
  );
}
