/**
 * Full-page navigations, behind one seam so that tests can observe them (jsdom cannot navigate).
 * A full load clears every in-memory cache, which is what sign-in changes and 401s need.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** The query of the address bar now (it may be ahead of the last render: navigations render in a transition). */
  currentQuery(): URLSearchParams {
    return new URLSearchParams(window.location.search);
  },
  /** The current path and query, e.g. '/enrollments/users?x=1'. */
  currentPath(): string {
    return `${window.location.pathname}${window.location.search}`;
  },
};
