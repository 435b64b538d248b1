import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { TabPanel, TabView } from 'primereact/tabview';
import { NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';
import { PageHeader } from './PageHeader';

/** What a detail tab is given: its record's id, and how it renames its tab or reports its new id. */
export interface DetailTabProps {
  objectId: number;
  onName: (name: string) => void;
  onCreated: (objectId: number) => void;
}

/** The ids of a detail route parameter: one number or several joined by '+'. */
export function parseNavigationIds(param: string): number[] {
  return param.split(NAVIGATION_ID_DELIMITER).map((part) => Number(part.trim()));
}

/**
 * The tabs of a detail screen (spec 2 Contract Details, Amendment Details, Account Detail): one
 * per id of the route parameter ('+'-joined, 0 for a new record), each with a close icon. Closing a
 * tab drops its id from the route; closing the last returns to the area's list. A saved new record
 * replaces its 0.
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
  children: (tab: DetailTabProps) => ReactNode;
}) {
  const navigate = useNavigate();
  const ids = parseNavigationIds(props.param).filter((n) => Number.isInteger(n) && n >= 0);
  const [active, setActive] = useState(0);
  const [names, setNames] = useState<Record<number, string>>({});
  const go = (next: number[]) =>
    navigate(next.length ? `${props.basePath}/${next.join(NAVIGATION_ID_DELIMITER)}` : props.area.path, { replace: next.length > 0 });
  return (
    <section className={`eb-list-page ${props.className}`}>
      <PageHeader title={props.area.title} />
      <TabView activeIndex={Math.min(active, ids.length - 1)} onTabChange={(e) => setActive(e.index)} onTabClose={(e) => go(ids.filter((_, i) => i !== e.index))} scrollable>
        {ids.map((id, i) => (
          <TabPanel key={`${id}-${i}`} header={names[i] ?? props.initialName(id)} closable>
            {props.children({
              objectId: id,
              onName: (name) => setNames((n) => (n[i] === name ? n : { ...n, [i]: name })),
              onCreated: (newId) => go(ids.map((x, j) => (j === i ? newId : x))),
            })}
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
