import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate, type Location } from 'react-router';
import { TabPanel, TabView } from 'primereact/tabview';
import { NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { PageHeader } from './PageHeader';
import { useConfirm } from './confirm-context';
import { PendingEditsScope, confirmDiscardOf, hasUnsaved, type UnsavedHandle } from './pending-edits';
import { openedRememberer } from '../lib/recently-opened';
import { TabDraftContext, type TabDraft } from './tab-draft';

/** What a detail tab is given: its record's id, and how it renames its tab or reports its new id. */
export interface DetailTabProps {
  objectId: number;
  /** the tab's name; `known`: the record as users know it, for their recently opened records (the name when absent) */
  onName: (name: string, known?: string) => void;
  onCreated: (objectId: number) => void;
}

/** The ids of a detail route parameter: one number or several joined by '+'. */
export function parseNavigationIds(param: string): number[] {
  return param.split(NAVIGATION_ID_DELIMITER).map((part) => Number(part.trim()));
}

/** How many tabs are loaded at start (spec 2 "Routes": "The first two are loaded at start"); the others with their first visit. */
export const TABS_LOADED_AT_START = 2;

/** Each tab's key: its id and, for an id open twice (two new records), which one. */
function tabKeys(ids: readonly number[]): string[] {
  const seen = new Map<number, number>();
  return ids.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return `${id}#${n}`;
  });
}

/**
 * The tabs of a detail screen (spec 2 Contract Details, Amendment Details, Account Detail): one
 * per id of the route parameter ('+'-joined, 0 for a new record), each with a close icon. Closing a
 * tab drops its id from the route; closing the last returns to the area's list. A saved new record
 * replaces its 0.
 *
 * Nothing lost (issue 28 section 1): the first two tabs load at start and every tab, once shown,
 * stays mounted (hidden when another is active), so switching tabs keeps its form as it was. Each
 * tab is a scope of unsaved edits (pending-edits.tsx: its forms and grid rows report there); closing
 * a tab with unsaved edits, a navigation that would drop such a tab (the sidebar, a link, Add
 * Amendment) and a reload or closing the browser tab ask first ('Your changes are not saved.
 * Discard them?'; the browser's own question for a reload).
 */
export function DetailTabs(props: {
  param: string;
  /** the area's title (the page header) and list (where closing the last tab goes) */
  area: { title: string; path: string };
  /** the route of the ids ('/enrollments/contracts', '/enrollments/contracts/amendment') */
  basePath: string;
  className: string;
  /** the tab's name until the record names it */
  initialName: (objectId: number) => string;
  /** a saved record's tab label, known before its tab is opened (e.g. a component reading the record) */
  tabLabel?: (objectId: number) => ReactNode;
  /** what a named saved record is remembered as in the user's recently opened records ('Account') */
  recent?: { userId: number; kind: string };
  children: (tab: DetailTabProps) => ReactNode;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const ids = parseNavigationIds(props.param).filter((n) => Number.isInteger(n) && n >= 0);
  const keys = tabKeys(ids);
  const [active, setActive] = useState(0);
  const [names, setNames] = useState<Record<string, string>>({});
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const activeIndex = Math.max(0, Math.min(active, ids.length - 1));

  // what each tab holds unsaved; tabs let go on purpose (closed after the question, or saved new)
  const handles = useRef(new Map<string, UnsavedHandle>());
  const released = useRef(new Set<string>());
  const drafts = useRef(new Map<string, unknown>());
  // a named saved record goes to the recently opened once per tab's record and name, not on every render
  const [remember] = useState(openedRememberer);
  const unsavedOf = (tabs: readonly string[]) =>
    tabs.filter((k) => !released.current.has(k)).flatMap((k) => (handles.current.has(k) ? [handles.current.get(k)!] : []));

  /** The tab keys a location keeps open (none when it leaves this screen). */
  const keysAt = (location: Location): string[] => {
    if (!location.pathname.startsWith(`${props.basePath}/`)) return [];
    const next = parseNavigationIds(location.pathname.slice(props.basePath.length + 1));
    return next.every((n) => Number.isInteger(n) && n >= 0) ? tabKeys(next) : [];
  };
  const latest = useRef({ keys, keysAt, unsavedOf });
  latest.current = { keys, keysAt, unsavedOf };

  // a navigation that drops a tab with unsaved edits asks first (the router's blocker)
  const blocker = useBlocker(({ nextLocation }) => {
    const { keys: now, keysAt: at, unsavedOf: unsaved } = latest.current;
    const kept = new Set(at(nextLocation));
    return hasUnsaved(unsaved(now.filter((k) => !kept.has(k))));
  });
  const blocked = useRef<typeof blocker | null>(null);
  blocked.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { keys: now, keysAt: at, unsavedOf: unsaved } = latest.current;
    const kept = new Set(at(blocker.location));
    void confirmDiscardOf(unsaved(now.filter((k) => !kept.has(k))), confirm).then((yes) => {
      if (blocked.current?.state !== 'blocked') return;
      if (yes) blocked.current.proceed();
      else blocked.current.reset();
    });
  }, [blocker.state, blocker.location, confirm]);

  // a reload or closing the browser tab: the browser's own question
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!hasUnsaved(latest.current.unsavedOf(latest.current.keys))) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const go = (next: number[]) =>
    navigate(next.length ? `${props.basePath}/${next.join(NAVIGATION_ID_DELIMITER)}` : props.area.path, { replace: next.length > 0 });
  const close = async (index: number) => {
    const key = keys[index]!;
    if (!(await confirmDiscardOf(unsavedOf([key]), confirm))) return;
    released.current.add(key);
    if (index < active || (index === active && active === ids.length - 1)) setActive(Math.max(0, active - 1));
    go(ids.filter((_, i) => i !== index));
  };
  // a key let go stays let go only until its tab is gone
  useEffect(() => {
    for (const k of released.current) if (!keys.includes(k)) released.current.delete(k);
  });

  const onHandle = useCallback((key: string, handle: UnsavedHandle | null) => {
    if (handle) handles.current.set(key, handle);
    else handles.current.delete(key);
  }, []);

  // a record opened (from a search's row, by the keyboard too): focus on its tab, whence Tab goes into its form
  const frame = useRef<HTMLElement>(null);
  useEffect(() => {
    frame.current?.querySelector<HTMLElement>('.p-tabview-nav [role="tab"][aria-selected="true"]')?.focus({ preventScroll: true });
  }, []);

  return (
    <section ref={frame} className={`eb-list-page eb-detail-tabs ${props.className}`}>
      <PageHeader title={props.area.title} />
      <TabView
        activeIndex={activeIndex}
        onTabChange={(e) => {
          setActive(e.index);
          const key = keys[e.index];
          if (key) setVisited((v) => (v.has(key) ? v : new Set(v).add(key)));
        }}
        // the route holds the tabs: closing asks first, then drops the id from the route
        onBeforeTabClose={(e) => {
          void close(e.index);
          return false;
        }}
        renderActiveOnly={false}
        scrollable
      >
        {ids.map((id, i) => {
          const key = keys[i]!;
          const loaded = i < TABS_LOADED_AT_START || i === activeIndex || visited.has(key);
          return (
            <TabPanel key={key} header={id !== 0 && props.tabLabel ? props.tabLabel(id) : (names[key] ?? props.initialName(id))} closable>
              {loaded && (
                <DetailTab
                  tabKey={key}
                  onHandle={onHandle}
                  drafts={drafts.current}
                  render={() =>
                    props.children({
                      objectId: id,
                      onName: (name, known) => {
                        setNames((n) => (n[key] === name ? n : { ...n, [key]: name }));
                        if (id !== 0 && props.recent) remember(props.recent.userId, { path: `${props.basePath}/${id}`, kind: props.recent.kind, label: known ?? `${props.recent.kind} ${name}` });
                      },
                      onCreated: (newId) => {
                        // the saved new record's tab is replaced by its id's
                        released.current.add(key);
                        go(ids.map((x, j) => (j === i ? newId : x)));
                      },
                    })
                  }
                />
              )}
            </TabPanel>
          );
        })}
      </TabView>
    </section>
  );
}

/** One tab's content in its scope of unsaved edits, with its draft. */
function DetailTab(props: { tabKey: string; onHandle: (key: string, handle: UnsavedHandle | null) => void; drafts: Map<string, unknown>; render: () => ReactNode }) {
  const { tabKey, onHandle, drafts } = props;
  const handle = useCallback((h: UnsavedHandle | null) => onHandle(tabKey, h), [onHandle, tabKey]);
  const draft = useMemo<TabDraft>(
    () => ({ put: (v) => drafts.set(tabKey, v), peek: () => drafts.get(tabKey), clear: () => drafts.delete(tabKey) }),
    [drafts, tabKey],
  );
  return (
    <TabDraftContext.Provider value={draft}>
      <PendingEditsScope onHandle={handle}>{props.render()}</PendingEditsScope>
    </TabDraftContext.Provider>
  );
}
