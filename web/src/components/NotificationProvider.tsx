import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Toast as ToastType, ToastMessage } from 'primereact/toast';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@eb/shared/constants';
import { setErrorNotifier } from '../lib/api-client';
import { NotifyContext, type Notify } from './notify-context';

/** Its own chunk, loaded as the app first renders (outside the sign-in page's size budget). */
const Toast = lazy(async () => ({ default: (await import('primereact/toast')).Toast }));

type Severity = 'success' | 'error' | 'info';
const SUMMARY: Record<Severity, string> = { success: 'Success', error: 'Error', info: 'Information' };

/**
 * One toast area at the bottom right (clear of the page headers' actions at the top right, which a
 * toast there covered for its five seconds), at the top right while a dialog is open (clear of its
 * Save and Cancel: app.css). A notification closes after NOTIFICATION_AUTO_CLOSE_MS or when
 * closed. The API client's error notifications come here too. Notifications given before the toast
 * area has loaded are shown when it has.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const toast = useRef<ToastType | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const notify = useMemo<Notify>(() => {
    const show = (severity: Severity) => (detail: string, summary: string = SUMMARY[severity]) => {
      const message: ToastMessage = { severity, summary, detail, life: NOTIFICATION_AUTO_CLOSE_MS, closable: true };
      if (toast.current) toast.current.show(message);
      else waiting.current.push(message);
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);
  const attach = useCallback((t: ToastType | null) => {
    toast.current = t;
    if (t && waiting.current.length) t.show(waiting.current.splice(0));
  }, []);

  useEffect(() => setErrorNotifier((text) => notify.error(text)), [notify]);

  return (
    <NotifyContext.Provider value={notify}>
      <Suspense fallback={null}>
        <Toast ref={attach} position="bottom-right" />
      </Suspense>
      {children}
    </NotifyContext.Provider>
  );
}
