import { useEffect, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MSG } from '@eb/shared/messages';
import { ApiError, redirectToLogin } from '../lib/api-client';
import { referencesQuery } from '../entities/reference/references';
import { currentUserQuery } from '../entities/users/session';
import { LoadingScreen } from '../components/LoadingScreen';
import { jobsQuery } from '../entities/job/jobs';
import { browser } from '../lib/browser';
import { KIT_TEXTS } from '../components/component-texts';

/**
 * Startup (spec 1 section 2): loads the current user, all jobs and the reference data in parallel
 * and shows the loading indicator until all three have finished. A 401 for the user means signed
 * out: the browser goes to /login?ref=<this page>.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const [user, jobs, references] = useQueries({ queries: [currentUserQuery(), jobsQuery(), referencesQuery()] });
  const signedOut = user.error instanceof ApiError && user.error.status === 401;

  useEffect(() => {
    if (signedOut) redirectToLogin();
  }, [signedOut]);

  if (signedOut || user.isPending || jobs.isPending || references.isPending) return <LoadingScreen />;
  // A failed job list or reference load was already notified; the app still opens.
  if (!user.data) return <StartupFailed />;
  return <>{children}</>;
}

function StartupFailed() {
  return (
    <div className="eb-loading" role="alert">
      <i className="pi pi-exclamation-circle eb-loading__error-icon" aria-hidden="true" />
      <span className="eb-loading__label">{MSG.somethingWentWrong}</span>
      <Button label={KIT_TEXTS.reload} icon="pi pi-refresh" onClick={() => browser.reload()} />
    </div>
  );
}
