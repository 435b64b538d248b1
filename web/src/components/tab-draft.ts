import { createContext, useContext } from 'react';

/**
 * A record tab's draft (DetailTabs): values a form hands over to the next form of the same tab (the
 * conflict view's apply reloads the record and keeps the user's values). Read once by the next form.
 */
export interface TabDraft {
  put: (values: unknown) => void;
  /** The draft left for this tab, if any (it stays until `clear`). */
  peek: () => unknown;
  clear: () => void;
}
export const TabDraftContext = createContext<TabDraft | null>(null);
const NO_DRAFT: TabDraft = { put: () => undefined, peek: () => undefined, clear: () => undefined };

/** The draft of the record tab a form is in (nothing outside a DetailTabs). */
export function useTabDraft(): TabDraft {
  return useContext(TabDraftContext) ?? NO_DRAFT;
}
