import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { KeywordSearch, type KeywordSearchProps } from './KeywordSearch';
import './list-page.css';

export interface ListFiltersProps {
  /** Accessible name of the filters (a 'search' landmark). */
  ariaLabel: string;
  /** The keyword box, first. */
  keyword: KeywordSearchProps;
  /** The other filters, between the keyword box and Reset. */
  children?: ReactNode;
  resetLabel: string;
  /** Reset is disabled while there is nothing to clear. */
  resetDisabled: boolean;
  onReset: () => void;
  /** Content after Reset (e.g. a search page's saved views). */
  after?: ReactNode;
  /** Extra classes of the bar and of the Reset button. */
  className?: string;
  resetClassName?: string;
}

/** The filter bar of a list page (in the grid's header): a keyword box, other filters, and a Reset link. */
export function ListFilters(props: ListFiltersProps) {
  return (
    <div className={['eb-list-filters', props.className].filter(Boolean).join(' ')} role="search" aria-label={props.ariaLabel}>
      <KeywordSearch {...props.keyword} />
      {props.children}
      <Button
        type="button"
        label={props.resetLabel}
        text
        size="small"
        className={['eb-list-filters__reset', props.resetClassName].filter(Boolean).join(' ')}
        disabled={props.resetDisabled}
        onClick={props.onReset}
      />
      {props.after}
    </div>
  );
}
