import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/** The heading of an area page: its <h1> title, an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="eb-page-header">
      <div>
        <h1 className="eb-page-header__title">{title}</h1>
        {subtitle && <p className="eb-page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="eb-page-header__actions">{actions}</div>}
    </header>
  );
}
