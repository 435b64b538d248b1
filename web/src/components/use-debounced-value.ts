import { useEffect, useState } from 'react';

/**
 * The value, once it has stopped changing for `ms` milliseconds (spec: the email search waits
 * SEARCH_DEBOUNCE_MS = 500 ms; lists and popups 100 ms). The first render returns the value at once.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (Object.is(debounced, value)) return undefined;
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, debounced]);
  return debounced;
}
