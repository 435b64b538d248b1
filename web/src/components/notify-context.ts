import { createContext, useContext } from 'react';

/** The global notification service (spec 1 "Notifications and confirmation"). */
export interface Notify {
  success(detail: string, summary?: string): void;
  error(detail: string, summary?: string): void;
  info(detail: string, summary?: string): void;
}

export const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationProvider>');
  return notify;
}
