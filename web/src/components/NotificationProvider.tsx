import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@eb/shared/constants';
import { setErrorNotifier } from '../lib/api-client';
import { NotifyContext, type Notify } from './notify-context';

type Severity = 'success' | 'error' | 'info';
const SUMMARY: Record<Severity, string> = { success: 'Success', error: 'Error', info: 'Information' };

/**
 * One toast area at the top right. A notification closes after NOTIFICATION_AUTO_CLOSE_MS or when
 * closed. The API client's error notifications come here too.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const notify = useMemo<Notify>(() => {
    const show = (severity: Severity) => (detail: string, summary: string = SUMMARY[severity]) =>
      toast.current?.show({ severity, summary, detail, life: NOTIFICATION_AUTO_CLOSE_MS, closable: true });
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);

  useEffect(() => setErrorNotifier((text) => notify.error(text)), [notify]);

  return (
    <NotifyContext.Provider value={notify}>
      <Toast ref={toast} position="top-right" />
      {children}
    </NotifyContext.Provider>
  );
}
