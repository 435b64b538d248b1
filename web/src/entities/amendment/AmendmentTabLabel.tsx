import { useQuery } from '@tanstack/react-query';
import { formatDisplayDate } from '@eb/shared/formats';
import { amendmentQuery } from './api';
import { AMENDMENT_TEXTS } from './amendment-texts';

/**
 * An amendment's record tab as users know it (issue 28): 'Contract 1024 · Amendment 2', read with
 * the tab's own query (one call), so every tab is named before it is clicked; its legacy id and
 * agreement date (the spec's tab name) in the tooltip.
 */
export function AmendmentTabLabel({ objectId }: { objectId: number }) {
  const q = useQuery(amendmentQuery(objectId));
  const a = q.data;
  if (!a) return <span>{AMENDMENT_TEXTS.tabLoading(objectId)}</span>;
  const spec = [a.legacyId, formatDisplayDate(a.agreementDate)].filter(Boolean).join(' ');
  return <span title={spec || undefined}>{AMENDMENT_TEXTS.tabName(a.contractId ?? null, a.amendmentNumber ?? null)}</span>;
}
