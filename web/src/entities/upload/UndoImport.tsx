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
 * Undo of an import job (issue 29 section 5, beyond the spec): on the uploader's Last Save tab the
 * type's last Save or Save All (the job whose rows the tab shows, `rowType`), else the chosen
 * batch's latest import (`batchId`: the updater's Validated tab, or a batch chosen on the Last Save
 * tab). The button asks with the kit's confirm dialog, starts the undo job (followed in the task
 * panel like the other jobs) and, when it ends, shows what it did and the records it kept because
 * someone changed them since, with what differs.
 */
export function UndoImport({ resource, rowType, batchId, follow }: { resource: string; rowType: string | null; batchId: number | null; follow(job: Job, done: (result: unknown) => void): void }) {
  const confirm = useConfirm();
  const [result, setResult] = useState<UndoResult | null>(null);
  // a batch chosen names the batch's latest import; else the type's last save
  const body = batchId !== null ? { batchId } : rowType !== null ? { rowType } : null;
  const undo = async () => {
    if (!body) return;
    const what = batchId !== null ? undoText(MSG.undoBatchImport, { batchId }) : undoText(MSG.undoLastSave, { type: rowType ?? '' });
    if (!(await confirm({ header: MSG.undoAction, message: undoText(MSG.undoConfirm, { what }), danger: true }))) return;
    const start = resource === 'upload' ? call(endpoint('POST', 'upload', 'Undo'), { body }) : call(endpoint('POST', 'update', 'Undo'), { body });
    const job = await start.catch(() => null);
    if (job) follow(job, (r) => setResult(r as UndoResult));
  };
  return (
    <>
      <Button type="button" label={MSG.undoAction} icon="pi pi-undo" size="small" outlined severity="danger" disabled={body === null} onClick={() => void undo()} />
      {result && (
        <Suspense fallback={null}>
          <UndoResultPopup result={result} onClose={() => setResult(null)} />
        </Suspense>
      )}
    </>
  );
}
