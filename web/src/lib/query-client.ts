import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are reported once by the API client (notification or 401 redirect), so calls are not
 * retried behind the user's back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
