import { MSG } from '@eb/shared/messages';
import { undoText, type UndoResult } from '@eb/shared/upload/undo';
import { Popup } from '../../components/Popup';

/** The undo job's result: what it did, and the records it kept with what differs (UndoImport). */
export default function UndoResultPopup({ result, onClose }: { result: UndoResult; onClose(): void }) {
  return (
    <Popup header={MSG.undoAction} visible onClose={onClose} style={{ width: '48rem' }}>
      <div className="eb-undo-result" role="region" aria-label={MSG.undoResult}>
        <p>{undoText(MSG.undoDone, { batchId: result.batchIds.join(', '), undone: result.undone, rows: result.rows })}</p>
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
  );
}
