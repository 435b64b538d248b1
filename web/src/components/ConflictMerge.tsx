import { useState } from 'react';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { MSG } from '@eb/shared/messages';
import { Popup } from './Popup';
import { conflictRows, mergeValues, type ConflictField } from './conflict-merge';
import './conflict-merge.css';

export interface ConflictMergeProps<V extends Record<string, unknown>> {
  /** the form's fields, in its order */
  fields: readonly ConflictField[];
  /** the values as loaded, as the other save left them, as the user has them */
  base: V;
  theirs: V;
  mine: V;
  /** Reload: the record as it is now; the user's changes are dropped */
  onReload: () => void;
  /** Apply: the record as it is now, with the user's values kept where chosen, to go on editing and Save */
  onApply: (merged: V) => void;
  onClose: () => void;
}

/**
 * The conflict view after a 409 ('This record was changed by someone else...', issue 28 section 1):
 * the fields the other save changed with their value and the user's; where both changed a field the
 * user takes one (theirs or mine, mine by default). Apply reloads the record and keeps the user's
 * values to Save again; Reload takes the record as it is now.
 */
export function ConflictMerge<V extends Record<string, unknown>>(props: ConflictMergeProps<V>) {
  const rows = conflictRows(props.fields, props.base, props.theirs, props.mine);
  const [takeTheirs, setTakeTheirs] = useState<ReadonlySet<string>>(() => new Set());
  const choose = (field: string, theirs: boolean) =>
    setTakeTheirs((s) => {
      const next = new Set(s);
      if (theirs) next.add(field);
      else next.delete(field);
      return next;
    });
  return (
    <Popup
      visible
      header={MSG.conflictTitle}
      onClose={props.onClose}
      className="eb-conflict"
      style={{ width: 'min(52rem, 96vw)' }}
      footer={
        <div className="eb-conflict__footer">
          <Button type="button" label={MSG.conflictReload} icon="pi pi-refresh" outlined onClick={props.onReload} />
          <Button type="button" label={MSG.conflictApply} icon="pi pi-check" onClick={() => props.onApply(mergeValues(props.fields, props.base, props.theirs, props.mine, takeTheirs))} />
        </div>
      }
    >
      <p className="eb-conflict__message" role="alert">
        {MSG.staleVersion}
      </p>
      <p className="eb-conflict__intro">{rows.length ? MSG.conflictIntro : MSG.conflictNoFields}</p>
      <table className="eb-conflict__table" hidden={rows.length === 0}>
        <thead>
          <tr>
            <th scope="col">{MSG.conflictField}</th>
            <th scope="col">{MSG.conflictTheirs}</th>
            <th scope="col">{MSG.conflictMine}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const theirsTaken = !r.bothChanged || takeTheirs.has(r.field);
            const name = `conflict-${r.field}`;
            return (
              <tr key={r.field} data-field={r.field}>
                <th scope="row">{r.label}</th>
                <td className={theirsTaken ? 'eb-conflict__taken' : undefined}>
                  {r.bothChanged ? (
                    <label className="eb-conflict__choice">
                      <RadioButton inputId={`${name}-theirs`} name={name} checked={theirsTaken} onChange={() => choose(r.field, true)} />
                      <span>{r.theirs}</span>
                    </label>
                  ) : (
                    r.theirs
                  )}
                </td>
                <td className={theirsTaken ? undefined : 'eb-conflict__taken'}>
                  {r.bothChanged ? (
                    <label className="eb-conflict__choice">
                      <RadioButton inputId={`${name}-mine`} name={name} checked={!theirsTaken} onChange={() => choose(r.field, false)} />
                      <span>{r.mine}</span>
                    </label>
                  ) : (
                    <span className="eb-conflict__unchanged">{r.mine}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Popup>
  );
}
