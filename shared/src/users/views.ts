import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Saved views of a list screen (issue 8 "Saved views"; also the accounts search's): a user saves
 * the current filters and sort (the page's URL query) and the visible columns under a name, and
 * picks them again later. Stored per user; chosen limits below.
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

const listSchema = z.enum(SAVED_VIEW_LISTS, { error: MSG.invalidInput });
const nameSchema = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(SAVED_VIEW_NAME_MAX_LENGTH, MSG.invalidInput);

export const savedViewListQuerySchema = z.object({ list: listSchema });
export const savedViewBodySchema = z.object({
  list: listSchema,
  name: nameSchema,
  /** the list page's URL query ('keyword=acme&status=Signed&sort=...') */
  query: z.string().max(SAVED_VIEW_QUERY_MAX_LENGTH, MSG.invalidInput),
  /** the visible columns, in order (none: the list's default columns) */
  columns: z.array(z.string().min(1).max(60), { error: MSG.invalidInput }).max(60, MSG.invalidInput),
});
export const savedViewDeleteBodySchema = z.object({ list: listSchema, name: nameSchema });
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;

export interface SavedView {
  name: string;
  query: string;
  columns: string[];
  savedAt: string;
}
