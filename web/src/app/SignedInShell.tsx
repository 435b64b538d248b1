import { AppLayout } from '../features/shell/components/AppLayout';
import { SessionGate } from './SessionGate';

/**
 * Everything under /enrollments: the startup loads (session gate) and the layout with its
 * navigation. Its own chunk, loaded after sign-in, so the login page stays small.
 */
export function SignedInShell() {
  return (
    <SessionGate>
      <AppLayout />
    </SessionGate>
  );
}
