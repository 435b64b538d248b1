import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import type { Job } from '@eb/shared/job/schemas';
import { MSG } from '@eb/shared/messages';
import { undoText, type UndoResult } from '@eb/shared/upload/undo';
import { call, endpoint } from '../../lib/api-client';
import { useConfirm } from '../../components/confirm-context';

// the result's popup loads when a result is there (the screens' bundles stay within their budget)
const UndoResultPopup = lazy(() => import('./UndoResultPopup'));

/**
 * Undo of a batch's import (issue 29 section 5, beyond the spec): the button asks with the kit's
 * confirm dialog, starts the undo job (followed in the task panel like the other jobs) and, when it
 * ends, shows what it did and the records it kept because someone changed them since, with what
 * differs. The uploader's last-save tab and the updater's screen, with a batch chosen.
 */
export function UndoImport({ resource, batchId, follow }: { resource: string; batchId: number | null; follow(job: Job, done: (result: unknown) => void): void }) {
  const confirm = useConfirm();
  const [result, setResult] = useState<UndoResult | null>(null);
  const undo = async () => {
    if (batchId === null || !(await confirm({ header: MSG.undoAction, message: undoText(MSG.undoConfirm, { batchId }), danger: true }))) return;
    const start = resource === 'upload' ? call(endpoint('POST', 'upload', 'Undo'), { body: { batchId } }) : call(endpoint('POST', 'update', 'Undo'), { body: { batchId } });
    const job = await start.catch(() => null);
    if (job) follow(job, (r) => setResult(r as UndoResult));
  };
  return (
    <>
      <Button type="button" label={MSG.undoAction} icon="pi pi-undo" size="small" outlined severity="danger" disabled={batchId === null} onClick={() => void undo()} />
      {result && (
        <Suspense fallback={null}>
          <UndoResultPopup result={result} onClose={() => setResult(null)} />
        </Suspense>
      )}
    </>
  );
}
