import { useQuery } from '@tanstack/react-query';
import { accountQuery } from './api';
import { ACCOUNT_TEXTS } from './account-texts';

/** The longest account name shown whole in a tab (the rest in its tooltip). */
const TAB_NAME_MAX = 24;

/**
 * An account's record tab as users know it (issue 28): its name and LDC number ('Harborview Hotels
 * · 1234567890'), read with the tab's own query, so every tab is named before it is clicked.
 */
export function AccountTabLabel({ objectId }: { objectId: number }) {
  const q = useQuery(accountQuery(objectId));
  const a = q.data;
  if (!a) return <span>{ACCOUNT_TEXTS.tabLoading(objectId)}</span>;
  const name = a.name ?? '';
  const short = name.length > TAB_NAME_MAX ? `${name.slice(0, TAB_NAME_MAX - 1)}…` : name;
  return <span title={[name, a.ldcAccountNum].filter(Boolean).join(' · ')}>{[short, a.ldcAccountNum].filter(Boolean).join(' · ') || String(objectId)}</span>;
}
