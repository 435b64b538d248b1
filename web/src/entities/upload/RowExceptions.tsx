import { InputText } from 'primereact/inputtext';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import { UPLOADER_TEXTS as T } from './upload-texts';
import type { WorkbenchRow } from './workbench';

/** The key of a fix of one exception of a row. */
export const fixKey = (row: WorkbenchRow, uiHeader: string) => `${row.objectId}|${uiHeader}`;

/**
 * A row's exceptions as its expanded row lists them (spec 3 "Exception tab"): Field Name, Original
 * Value, Exception Reason and New Value — editable on the exception tab (`onFix`), read as fixed on
 * the last-save tab (the exceptions a row had, each with the value read from the file and its fix).
 */
export function RowExceptions({ row, fixes = {}, onFix }: { row: WorkbenchRow; fixes?: Readonly<Record<string, string | null>>; onFix?: (key: string, value: string) => void }) {
  if (!row.exceptions.length) return <p className="eb-uploader__no-exceptions">{T.noExceptions}</p>;
  return (
    <table className="eb-uploader__exceptions" aria-label={T.exceptionsOf(row.rowNumber)}>
      <thead>
        <tr>
          <th scope="col">{T.fieldName}</th>
          <th scope="col">{T.originalValue}</th>
          <th scope="col">{T.reason}</th>
          <th scope="col">{T.newValue}</th>
        </tr>
      </thead>
      <tbody>
        {row.exceptions.map((e) => {
          const k = fixKey(row, e.uiHeader);
          return (
            <tr key={k}>
              <td>{e.uiHeader}</td>
              <td>{e.oldValue ?? ''}</td>
              <td className={onFix ? 'p-error' : undefined}>{EXCEPTION_REASONS[e.type]}</td>
              <td>
                {onFix ? (
                  <InputText value={fixes[k] ?? e.newValue ?? ''} aria-label={T.newValueOf(e.uiHeader, row.rowNumber)} onChange={(ev) => onFix(k, ev.target.value)} className="p-inputtext-sm" />
                ) : (
                  (e.newValue ?? '')
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
