import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { DialogProps } from 'primereact/dialog';
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

/** PrimeReact's Dialog: its own chunk, fetched when a popup first opens (docs/web.md#budgets). */
const Dialog = lazy(async () => ({ default: (await import('primereact/dialog')).Dialog }));

/** The open popups, innermost last: Esc belongs to the innermost. */
const openPopups: string[] = [];

function PopupDialog({ onClose, children, className, ...dialog }: PopupProps) {
  const pending = usePendingEdits();
  const asking = useRef(false);
  const requestClose = async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      if (await pending.confirmDiscard()) onClose();
    } finally {
      asking.current = false;
    }
  };
  const latestClose = useRef(requestClose);
  latestClose.current = requestClose;

  // Esc closes the innermost thing only: what is inside the popup takes it first (a type-ahead
  // list marks it handled, an edited grid row stops it), then the innermost popup, then the next.
  const id = useId();
  const visible = dialog.visible;
  // Mounted from the first opening on, so that it closes (and opens again) with its animation.
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  useEffect(() => {
    if (!visible) return;
    openPopups.push(id);
    // closed, the popup gives the focus back to what opened it, unless the page put it elsewhere (issue 28)
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || openPopups.at(-1) !== id) return;
      if (document.querySelector('.p-confirm-dialog')) return; // the question answers its own Esc
      e.preventDefault();
      void latestClose.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openPopups.splice(openPopups.indexOf(id), 1);
      requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
        if (lost && opener?.isConnected) opener.focus();
      });
    };
  }, [visible, id]);

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        draggable={false}
        {...dialog}
        closeOnEscape={false}
        className={['eb-popup', className].filter(Boolean).join(' ')}
        onHide={() => void requestClose()}
      >
        {typeof children === 'function' ? children(requestClose) : children}
      </Dialog>
    </Suspense>
  );
}
