import { useState } from 'react';

/** Every opening of any popup gets a new number. */
let openings = 0;

/**
 * The session of a popup that starts afresh at each opening: a number that changes whenever
 * `visible` turns true (use it as the `key` of the popup's content). `onOpen` runs then, during
 * the render, to reset the popup's own state (setState calls only).
 */
export function usePopupSession(visible: boolean, onOpen?: () => void): number {
  const [session, setSession] = useState(0);
  const [wasVisible, setWasVisible] = useState(false);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) {
      setSession(++openings);
      onOpen?.();
    }
  }
  return session;
}
