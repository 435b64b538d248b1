import { useSearchParams } from 'react-router';
import { browser } from '../lib/browser';

/** Keys of the query to set (a value) or remove (null), or the next query made from the address bar's. */
export type QueryChange = Record<string, string | null> | ((live: URLSearchParams) => URLSearchParams);

/**
 * A page's URL query and its one way to change it. A change starts from the address bar, not
 * from the last render's query: the router renders a navigation in a transition, so a change made
 * right after another (a batch chosen after a tab click, a click after the keyword reached the
 * URL) would otherwise drop the first. Each change is a new history entry (Back undoes it).
 */
export function useUrlQuery(): { params: URLSearchParams; change: (changes: QueryChange) => void } {
  const [params, setParams] = useSearchParams();
  const change = (changes: QueryChange) =>
    setParams(() => {
      const live = browser.currentQuery();
      if (typeof changes === 'function') return changes(live);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) live.delete(key);
        else live.set(key, value);
      }
      return live;
    });
  return { params, change };
}
