import { useRouteError } from 'react-router';
import { Button } from 'primereact/button';
import { MSG } from '@eb/shared/messages';
import { browser } from '../lib/browser';
import { KIT_TEXTS } from '../components/component-texts';

/** Last-resort error screen of the router (a page crashed or a lazy chunk failed to load). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="eb-loading" role="alert">
      <i className="pi pi-exclamation-circle eb-loading__error-icon" aria-hidden="true" />
      <span className="eb-loading__label">{MSG.fallbackAlert}</span>
      <Button label={KIT_TEXTS.reload} icon="pi pi-refresh" onClick={() => browser.reload()} />
    </div>
  );
}
