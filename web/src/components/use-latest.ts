import { useRef } from 'react';

/**
 * A ref holding the latest value of this render: effects that must run only when some inputs change
 * read the rest (callbacks, props) through it at call time, without re-running for them.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
