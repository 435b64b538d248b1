import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route chunks load slowly while the other suites (emulators, Chromium) share the 2 cores:
// give findBy*/waitFor more than the default second before calling a UI state missing.
configure({ asyncUtilTimeout: 5000 });

// The project's files share one jsdom (vitest isolate: false, a third of the suite's time): each
// file starts from a blank page, its storage empty and at '/'.
if (typeof window !== 'undefined') {
  // (a file of the project may ask for the node environment instead)
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
}

// Type-ahead fields render PrimeReact's AutoComplete at once, as once it has loaded on a page: a
// test holding a field's input across its loading would hold the stand-in it replaced
// (TypeaheadSelect.test.tsx tests the stand-in and the hand-over to AutoComplete).
if (typeof window !== 'undefined') await (await import('./components/TypeaheadSelect')).loadAutoComplete();

// Testing Library unmounts automatically only when the runner exposes global hooks.
afterEach(() => cleanup());
