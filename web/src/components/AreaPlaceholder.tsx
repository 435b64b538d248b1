import { PageHeader } from './PageHeader';

/** The page of an area that a later release delivers: its title and a neutral line, no data. */
export function AreaPlaceholder({ title, icon }: { title: string; icon: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="eb-panel eb-empty" aria-label={title}>
        <span className="eb-empty__icon" aria-hidden="true">
          <i className={icon} />
        </span>
        <p className="eb-empty__text">This area is not available yet.</p>
      </section>
    </>
  );
}
