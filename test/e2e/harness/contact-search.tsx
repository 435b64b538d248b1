/**
 * Test harness (not part of the product): the Contact Search popup alone, open, with its default
 * texts, inside the app's real providers (PrimeReact, TanStack Query with the app's query client,
 * notifications, confirmations) and the app's styles. The choice it hands back is written as JSON
 * into <pre data-testid="picked">, for the browser test to read.
 *
 * test/e2e/contact-search-dialog.test.ts bundles this file with esbuild and serves it on the app's
 * origin, so its `/api` calls go to the real stack with the signed-in session's cookies. No router:
 * nothing the popup renders uses router context.
 */
import '../../../web/src/app/styles';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../../../web/src/app/AppProviders';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { ContactSearchDialog, type ContactSelection } from '../../../web/src/entities/contact/ContactSearchDialog';

function Harness() {
  const [visible, setVisible] = useState(true);
  const [picked, setPicked] = useState<ContactSelection | null>(null);
  return (
    <main style={{ padding: '1rem' }}>
      <pre data-testid="picked">{picked ? JSON.stringify(picked, null, 2) : ''}</pre>
      <ContactSearchDialog visible={visible} onHide={() => setVisible(false)} onSelect={setPicked} />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The harness page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <Harness />
    </AppProviders>
  </StrictMode>,
);
