import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route chunks load slowly while the other suites (emulators, Chromium) share the 2 cores:
// give findBy*/waitFor more than the default second before calling a UI state missing.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts automatically only when the runner exposes global hooks.
afterEach(() => cleanup());
