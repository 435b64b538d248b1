import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Job } from '@eb/shared/job/schemas';
import { MSG } from '@eb/shared/messages';
import { undoText, type UndoResult } from '@eb/shared/upload/undo';
import { call, endpoint } from '../../lib/api-client';
import { Popup } from '../../components/Popup';
import { useConfirm } from '../../components/confirm-context';

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
        <Popup header={MSG.undoAction} visible onClose={() => setResult(null)} style={{ width: '48rem' }}>
          <div className="eb-undo-result" role="region" aria-label={MSG.undoResult}>
            <p>{undoText(MSG.undoDone, { batchId: result.batchId, undone: result.undone, rows: result.rows })}</p>
            {result.keptCount > 0 && (
              <>
                <p>{undoText(MSG.undoKept, { count: result.keptCount })}</p>
                <table className="eb-undo-result__kept">
                  <thead>
                    <tr>
                      {MSG.undoColumns.split('|').map((h) => (
                        <th key={h}>{h}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {result.kept.flatMap((k) =>
                      k.differences.map((d, i) => (
                        <tr key={`${k.entity}#${k.objectId}#${i}`}>
                          <td>{i === 0 ? `${k.entity === 'contract' ? 'amendment' : k.entity} ${k.name}` : ''}</td>
                          <td>{d.fieldName}</td>
                          <td>{d.importedValue ?? ''}</td>
                          <td>{d.currentValue ?? ''}</td>
                          <td>{d.changedBy}</td>
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              </>
            )}
          </div>
        </Popup>
      )}
    </>
  );
}
