import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider, type APIOptions } from 'primereact/api';
import { ConfirmProvider } from '../components/ConfirmProvider';
import { NotificationProvider } from '../components/NotificationProvider';

/**
 * PrimeReact everywhere: ripple, and dropdowns whose focusable input is the one named control
 * (WCAG): the hidden native select (kept for forms) and the mouse-only trigger are hidden from
 * assistive technology (select-name, e.g. the paginator's rows-per-page; aria-command-name), and a
 * disabled dropdown says so (its greyed text is then exempt from the contrast rule).
 */
const PRIME_REACT: Partial<APIOptions> = {
  ripple: true,
  pt: {
    dropdown: {
      root: (options?: { props?: { disabled?: boolean } }) => ({ 'aria-disabled': options?.props?.disabled ? true : undefined }),
      select: { 'aria-hidden': true },
      trigger: { 'aria-hidden': true },
    },
  },
};

/** Everything the pages rely on: PrimeReact, TanStack Query, notifications, the confirmation popup. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <PrimeReactProvider value={PRIME_REACT}>
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </NotificationProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
