import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListPaging } from './use-list-paging';

describe('useListPaging', () => {
  it('starts again from the first page on any change of the filters, also back to filters that had another page (spec 1: any change reloads from the first page)', () => {
    // Prepare: page 3 chosen under filters A
    const hook = renderHook((props: { filterKey: string }) => useListPaging(props.filterKey, 25), { initialProps: { filterKey: 'A' } });
    act(() => hook.result.current.onPage({ first: 50, rows: 25 } as never));
    expect(hook.result.current.first).toBe(50);
    // Act: filters B, then back to A
    hook.rerender({ filterKey: 'B' });
    const underB = hook.result.current.first;
    hook.rerender({ filterKey: 'A' });
    // Assess
    expect(underB).toBe(0);
    expect(hook.result.current.first).toBe(0);
    expect(hook.result.current.rows).toBe(25);
  });

  it('keeps the page size chosen when the filters change', () => {
    const hook = renderHook((props: { filterKey: string }) => useListPaging(props.filterKey, 25), { initialProps: { filterKey: 'A' } });
    act(() => hook.result.current.onPage({ first: 100, rows: 100 } as never));
    hook.rerender({ filterKey: 'B' });
    expect([hook.result.current.first, hook.result.current.rows]).toEqual([0, 100]);
  });
});
