import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  message: string;
  header?: string;
  /** Default 'Yes'. */
  acceptLabel?: string;
  /** Default 'No'. */
  rejectLabel?: string;
  /** A primeicons class; default 'pi pi-exclamation-triangle'. */
  icon?: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
}

/** Opens the confirmation popup; resolves true on confirm, false on close or No. */
export type Confirm = (options: ConfirmOptions | string) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
