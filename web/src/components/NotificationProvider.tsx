import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Toast as ToastType, ToastMessage } from 'primereact/toast';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@eb/shared/constants';
import { setErrorNotifier } from '../lib/api-client';
import { NotifyContext, type Notify } from './notify-context';

/** Its own chunk, fetched with the first notification (not on a page's first load: docs/web.md#budgets). */
const Toast = lazy(async () => ({ default: (await import('primereact/toast')).Toast }));

type Severity = 'success' | 'error' | 'info';
const SUMMARY: Record<Severity, string> = { success: 'Success', error: 'Error', info: 'Information' };

/**
 * One toast area at the bottom right (clear of the page headers' actions at the top right, which a
 * toast there covered for its five seconds), at the top right while a dialog is open (clear of its
 * Save and Cancel: app.css). A notification closes after NOTIFICATION_AUTO_CLOSE_MS or when
 * closed. The API client's error notifications come here too. The toast area is mounted from the
 * first notification on; notifications given before it has loaded are shown when it has.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const toast = useRef<ToastType | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [mounted, setMounted] = useState(false);
  const notify = useMemo<Notify>(() => {
    const show = (severity: Severity) => (detail: string, summary: string = SUMMARY[severity]) => {
      const message: ToastMessage = { severity, summary, detail, life: NOTIFICATION_AUTO_CLOSE_MS, closable: true };
      if (toast.current) toast.current.show(message);
      else {
        waiting.current.push(message);
        setMounted(true);
      }
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
      {mounted && (
        <Suspense fallback={null}>
          <Toast ref={attach} position="bottom-right" />
        </Suspense>
      )}
      {children}
    </NotifyContext.Provider>
  );
}
