import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENTLY_OPENED_KEPT, openedRememberer, recentlyOpened, rememberOpened } from './recently-opened';

describe('recently opened records', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each user their own records, newest first, an opened-again record moved to the top', () => {
    rememberOpened(1, { path: '/enrollments/accounts/5', kind: 'Account', label: 'Acme 123' });
    rememberOpened(1, { path: '/enrollments/contracts/7', kind: 'Contract', label: 'Contract 7' });
    rememberOpened(2, { path: '/enrollments/accounts/9', kind: 'Account', label: 'Other' });
    rememberOpened(1, { path: '/enrollments/accounts/5', kind: 'Account', label: 'Acme 123' });
    expect(recentlyOpened(1).map((r) => r.path)).toEqual(['/enrollments/accounts/5', '/enrollments/contracts/7']);
    expect(recentlyOpened(2).map((r) => r.label)).toEqual(['Other']);
  });

  it('reads the store once per record and name a screen names, however often it names them', () => {
    const remember = openedRememberer();
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    for (let render = 0; render < 5; render++) remember(1, { path: '/enrollments/accounts/5', kind: 'Account', label: 'Acme 123' });
    remember(1, { path: '/enrollments/accounts/6', kind: 'Account', label: 'Other' });
    remember(1, { path: '/enrollments/accounts/5', kind: 'Account', label: 'Acme 124' });
    remember(1, { path: '/enrollments/accounts/5', kind: 'Account', label: 'Acme 124' });
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
    expect(recentlyOpened(1).map((r) => r.label)).toEqual(['Acme 124', 'Other']);
  });

  it(`keeps the latest ${RECENTLY_OPENED_KEPT} and survives a damaged store`, () => {
    for (let i = 0; i < RECENTLY_OPENED_KEPT + 3; i++) rememberOpened(1, { path: `/a/${i}`, kind: 'Account', label: String(i) });
    expect(recentlyOpened(1)).toHaveLength(RECENTLY_OPENED_KEPT);
    expect(recentlyOpened(1)[0]!.label).toBe(String(RECENTLY_OPENED_KEPT + 2));
    localStorage.setItem('eb:recently-opened:1', '{not json');
    expect(recentlyOpened(1)).toEqual([]);
  });
});
