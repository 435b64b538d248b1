import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { ConfirmContext, type Confirm, type ConfirmOptions } from './confirm-context';

interface Pending {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** The global confirmation popup: a confirm and a close action, buttons Yes and No by default. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>((input) => {
    const options = typeof input === 'string' ? { message: input } : input;
    return new Promise<boolean>((resolve) => {
      pendingRef.current?.resolve(false);
      pendingRef.current = { options, resolve };
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
      <ConfirmDialog
        visible={pending !== null}
        onHide={close}
        header={options?.header ?? 'Confirmation'}
        message={options?.message}
        icon={options?.icon ?? 'pi pi-exclamation-triangle'}
        acceptLabel={options?.acceptLabel ?? 'Yes'}
        rejectLabel={options?.rejectLabel ?? 'No'}
        acceptClassName={options?.danger ? 'p-button-danger' : undefined}
        rejectClassName="p-button-text"
        defaultFocus="reject"
        style={{ width: 'min(32rem, 92vw)' }}
      />
    </ConfirmContext.Provider>
  );
}
