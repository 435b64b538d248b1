import { useEffect, useRef, useState } from 'react';
import { FORM_TEXTS } from './component-texts';

interface IndexedSection {
  title: string;
  element: HTMLElement;
}

/** The sections of a form: its toggleable panels (DeclaredFields' and the record's own), not those nested in them. */
function sectionsOf(form: HTMLElement): IndexedSection[] {
  return [...form.querySelectorAll<HTMLElement>('.p-panel')]
    .filter((p) => !form.contains(p.parentElement?.closest('.p-panel') ?? null))
    .map((element) => ({ element, title: element.querySelector('.p-panel-title')?.textContent?.trim() ?? '' }))
    .filter((s) => s.title !== '');
}

/**
 * A long form's section index (issue 28), in its sticky action bar (`.eb-form-bar`): a link per
 * section of the form the bar stands in (its parent element), found in the page as the sections
 * render (the lazy ones later), each scrolling its section to the top under the bar and focusing
 * its header. Every form that puts its actions in an `.eb-form-bar` with this index gets it.
 */
export function FormSectionIndex() {
  const own = useRef<HTMLDivElement>(null);
  const [sections, setSections] = useState<IndexedSection[]>([]);
  useEffect(() => {
    const form = own.current?.closest('.eb-form-bar')?.parentElement;
    if (!form) return;
    const read = () =>
      setSections((was) => {
        const now = sectionsOf(form);
        return now.length === was.length && now.every((s, i) => s.element === was[i]!.element && s.title === was[i]!.title) ? was : now;
      });
    read();
    const watch = new MutationObserver(read);
    watch.observe(form, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, []);
  const go = (s: IndexedSection) => {
    s.element.scrollIntoView({ block: 'start' });
    s.element.querySelector<HTMLElement>('.p-panel-header button, .p-panel-header [tabindex]')?.focus({ preventScroll: true });
  };
  return (
    // buttons in a group, not links in a landmark: the sections' names are the site's too ('Accounts')
    <div ref={own} role="group" className="eb-section-index" aria-label={FORM_TEXTS.sectionIndex}>
      {sections.map((s, i) => (
        <button key={`${i}-${s.title}`} type="button" className="eb-section-index__link" onClick={() => go(s)}>
          {s.title}
        </button>
      ))}
    </div>
  );
}
