/**
 * Saved views of a list screen (issue 8 "Saved views"; also the accounts search's): a user saves
 * the current filters and sort (the page's URL query) and the visible columns under a name, and
 * picks them again later. Stored per user; chosen limits below. Zod-free (the list screens read it);
 * the bodies' schemas are in users/schemas.ts.
 */
/** 'start': the start-page preference (a view named 'Work Queues': shared/src/home.ts START_PAGE_VIEW) */
export const SAVED_VIEW_LISTS = ['contracts', 'accounts', 'start'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
export const SAVED_VIEWS_MAX = 20;
export const SAVED_VIEW_NAME_MAX_LENGTH = 50;
export const SAVED_VIEW_QUERY_MAX_LENGTH = 2000;
export const SAVED_VIEW_TEXTS = {
  tooMany: `A list keeps at most ${SAVED_VIEWS_MAX} views: delete one first.`,
} as const;

export interface SavedView {
  name: string;
  query: string;
  columns: string[];
  savedAt: string;
}
