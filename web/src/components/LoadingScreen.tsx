import { ProgressSpinner } from 'primereact/progressspinner';

/** Full-screen, centred loading indicator (startup, lazy pages). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="eb-loading" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
      <span className="eb-loading__label">{label}</span>
    </div>
  );
}
