/**
 * The records a user opened lately, newest first (the home page's 'Recently opened'), kept in this
 * browser per user: what a user opens is not the server's business and needs no call. At most
 * RECENTLY_OPENED_KEPT records; opening one again moves it to the top.
 */
export interface OpenedRecord {
  /** the record's page ('/enrollments/accounts/12') */
  path: string;
  /** what it is ('Account', 'Amendment', 'Contract') */
  kind: string;
  /** the record as users know it ('Contract 68 · Amendment 4', 'Acme - Site 1 · 7000000180') */
  label: string;
  /** when it was opened (ISO) */
  at: string;
}

export const RECENTLY_OPENED_KEPT = 10;
const key = (userId: number) => `eb:recently-opened:${userId}`;

export function recentlyOpened(userId: number): OpenedRecord[] {
  try {
    const kept = JSON.parse(localStorage.getItem(key(userId)) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as OpenedRecord[]).filter((r) => typeof r?.path === 'string' && typeof r.label === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A screen's remembering (DetailTabs): each record once by its page and name, however often its tab
 * names it on a render; the store is read and written again only for another record or a new name.
 */
export function openedRememberer(): (userId: number, record: Omit<OpenedRecord, 'at'>) => void {
  const named = new Map<string, string>();
  return (userId, record) => {
    const at = `${userId}:${record.path}`;
    if (named.get(at) === record.label) return;
    named.set(at, record.label);
    rememberOpened(userId, record);
  };
}

export function rememberOpened(userId: number, record: Omit<OpenedRecord, 'at'>, now = new Date()): void {
  const kept = recentlyOpened(userId);
  if (kept[0]?.path === record.path && kept[0].label === record.label) return; // named again on a render
  const next = [{ ...record, at: now.toISOString() }, ...kept.filter((r) => r.path !== record.path)].slice(0, RECENTLY_OPENED_KEPT);
  try {
    localStorage.setItem(key(userId), JSON.stringify(next));
  } catch {
    // storage full or refused (private mode): the list is a convenience
  }
}
