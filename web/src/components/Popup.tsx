import type { ReactNode } from 'react';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { PendingEditsScope, usePendingEdits } from './pending-edits';
import './popup.css';

export interface PopupProps extends Omit<DialogProps, 'onHide' | 'children'> {
  /** Closes the popup (after the Yes/No question when something is unsaved). */
  onClose: () => void;
  /** The content; a function receives `requestClose` (e.g. for a Cancel that asks first). */
  children?: ReactNode | ((requestClose: () => Promise<void>) => ReactNode);
}

/**
 * The application's popup (issue 7 section 9: nothing lost): a PrimeReact Dialog whose footer
 * stays in view while its body scrolls, and which closes by X or Esc only when nothing inside is
 * unsaved, or after a Yes/No question. Forms (useForm) and editable grids inside report what is
 * unsaved; a type-ahead list or an edited grid row takes Esc first (the innermost thing closes).
 */
export function Popup(props: PopupProps) {
  return (
    <PendingEditsScope>
      <PopupDialog {...props} />
    </PendingEditsScope>
  );
}

function PopupDialog({ onClose, children, className, ...dialog }: PopupProps) {
  const pending = usePendingEdits();
  const requestClose = async () => {
    if (await pending.confirmDiscard()) onClose();
  };
  return (
    <Dialog
      draggable={false}
      {...dialog}
      className={['eb-popup', className].filter(Boolean).join(' ')}
      onHide={() => void requestClose()}
    >
      {typeof children === 'function' ? children(requestClose) : children}
    </Dialog>
  );
}
