import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import './list-page.css';

export interface SearchPopupFooterProps {
  /** What is chosen so far (or a hint), announced politely. */
  selection: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  addNewLabel: string;
  /** Switches to the create form; without it there is no Add New button. */
  onAddNew?: () => void;
  /** The confirm button's text ('Add to Amendment', 'Make Primary Contact'). */
  confirmLabel: string;
  /** The confirm button is disabled until a choice is complete. */
  confirmDisabled: boolean;
  onConfirm: () => void;
  /** Extra classes of the footer. */
  className?: string;
}

/**
 * The footer of a search popup: the current selection on the left, and on the right Cancel, Add
 * New (when `onAddNew` is given) and the confirm button.
 */
export function SearchPopupFooter(props: SearchPopupFooterProps) {
  return (
    <div className={['eb-search-popup__footer', props.className].filter(Boolean).join(' ')}>
      <span className="eb-search-popup__selection" aria-live="polite">
        {props.selection}
      </span>
      <div className="eb-search-popup__buttons">
        <Button type="button" label={props.cancelLabel} severity="secondary" text onClick={props.onCancel} />
        {props.onAddNew && <Button type="button" label={props.addNewLabel} icon="pi pi-plus" outlined onClick={props.onAddNew} />}
        <Button type="button" label={props.confirmLabel} icon="pi pi-check" disabled={props.confirmDisabled} onClick={props.onConfirm} />
      </div>
    </div>
  );
}
