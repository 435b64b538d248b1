import { Tag } from 'primereact/tag';
import './list-page.css';

export interface StatusTagProps {
  active: boolean;
  /** The texts shown (default 'Active' / 'Inactive'). */
  labels?: { active: string; inactive: string };
  /**
   * The theme's tag severity for an inactive status; without it an inactive status is a muted
   * grey tag (class `eb-status-tag--inactive`).
   */
  inactiveSeverity?: 'secondary';
  /** Extra classes of the tag. */
  className?: string;
}

const ACTIVE_LABELS = { active: 'Active', inactive: 'Inactive' } as const;

/**
 * The rounded Active/Inactive tag of a grid's status cell: green when active, muted (or of
 * `inactiveSeverity`) when inactive. It keeps upright in the grid's italic inactive rows.
 */
export function StatusTag({ active, labels = ACTIVE_LABELS, inactiveSeverity, className }: StatusTagProps) {
  const muted = !active && inactiveSeverity === undefined;
  return (
    <Tag
      value={active ? labels.active : labels.inactive}
      severity={active ? 'success' : inactiveSeverity}
      className={['eb-status-tag', muted && 'eb-status-tag--inactive', className].filter(Boolean).join(' ')}
      rounded
    />
  );
}
