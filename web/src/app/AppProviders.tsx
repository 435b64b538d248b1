import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmProvider } from '../components/ConfirmProvider';
import { NotificationProvider } from '../components/NotificationProvider';

/** Everything the pages rely on: PrimeReact, TanStack Query, notifications, the confirmation popup. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </NotificationProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
