import { Button } from 'primereact/button';
import type { GridColumn } from './DataGrid';
import './list-page.css';

export interface EditColumnOptions<T> {
  /** The link's text, also the column's (visually hidden) title. */
  label: string;
  /** The link's accessible name for a row, e.g. 'Edit Acme Holdings'. */
  ariaLabel: (row: T) => string;
  onEdit: (row: T) => void;
  /** Starting width of the column (CSS length). */
  width: string;
  /** Extra classes of the link. */
  className?: string;
}

/**
 * The last column of an editable list: a centred, fixed-width 'Edit' link (pencil icon) per row,
 * under a visually hidden column title.
 */
export function editColumn<T>(options: EditColumnOptions<T>): GridColumn<T> {
  return {
    field: 'edit',
    header: <span className="eb-sr-only">{options.label}</span>,
    width: options.width,
    minWidth: 80,
    align: 'center',
    resizable: false,
    body: (row) => (
      <Button
        type="button"
        link
        label={options.label}
        icon="pi pi-pencil"
        className={['eb-edit-link', options.className].filter(Boolean).join(' ')}
        aria-label={options.ariaLabel(row)}
        onClick={() => options.onEdit(row)}
      />
    ),
  };
}
