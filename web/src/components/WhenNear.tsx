import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the visible part of the page a section starts to load. */
export const NEAR_VIEWPORT_MARGIN = '50% 0px';

/**
 * A Suspense that also waits for its place to come near the visible part of the page (within
 * NEAR_VIEWPORT_MARGIN): a record's sections below the fold (their grids, their lazily loaded code
 * and their requests) load as the user scrolls to them, not with the page's first load
 * (docs/web.md#budgets). Until then, and while loading, it shows `fallback`. Where the browser
 * cannot tell (no IntersectionObserver, e.g. jsdom) it is a plain Suspense.
 */
export function WhenNear({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={place}>{fallback}</div>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
