import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { CONFIRM_TEXTS } from './component-texts';
import { ConfirmContext, type Confirm, type ConfirmOptions } from './confirm-context';

/** Loaded with the first confirmation: the sign-in page never asks one (its size budget). */
const ConfirmDialog = lazy(async () => ({ default: (await import('primereact/confirmdialog')).ConfirmDialog }));

interface Pending {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** The global confirmation popup: a confirm and a close action, buttons Yes and No by default. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  // Mounted from the first confirmation on, so that later ones open (and close) with their animation.
  const [used, setUsed] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>((input) => {
    const options = typeof input === 'string' ? { message: input } : input;
    return new Promise<boolean>((resolve) => {
      pendingRef.current?.resolve(false);
      pendingRef.current = { options, resolve };
      setUsed(true);
      setPending(pendingRef.current);
    });
  }, []);

  const close = (result: string) => {
    pendingRef.current?.resolve(result === 'accept');
    pendingRef.current = null;
    setPending(null);
  };

  const options = pending?.options;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialog
            visible={pending !== null}
            onHide={close}
            header={options?.header ?? CONFIRM_TEXTS.header}
            message={options?.message}
            icon={options?.icon ?? 'pi pi-exclamation-triangle'}
            acceptLabel={options?.acceptLabel ?? CONFIRM_TEXTS.accept}
            rejectLabel={options?.rejectLabel ?? CONFIRM_TEXTS.reject}
            acceptClassName={options?.danger ? 'p-button-danger' : undefined}
            rejectClassName="p-button-text"
            defaultFocus="reject"
            style={{ width: 'min(32rem, 92vw)' }}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
