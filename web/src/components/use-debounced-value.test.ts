import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@eb/shared/constants';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the first value at once', () => {
    // Prepare / Act
    const { result } = renderHook(() => useDebouncedValue('a', SEARCH_DEBOUNCE_MS));
    // Assess
    expect(result.current).toBe('a');
  });

  it('returns a new value only once it has been still for the delay', () => {
    // Prepare
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, SEARCH_DEBOUNCE_MS), { initialProps: { v: 'a' } });
    // Act
    rerender({ v: 'ab' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    rerender({ v: 'abc' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    // Assess
    expect(result.current).toBe('a');
    // Act
    act(() => vi.advanceTimersByTime(1));
    // Assess
    expect(result.current).toBe('abc');
  });
});
