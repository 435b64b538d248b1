import { useCallback, useEffect, useState } from 'react';
import { NAV_AUTO_COLLAPSE_WIDTH_PX, RESIZE_DEBOUNCE_MS } from '@eb/shared/constants';

const isNarrow = () => window.innerWidth <= NAV_AUTO_COLLAPSE_WIDTH_PX;

/**
 * The navigation panel's collapsed state: toggled by the user, and set by the window width when it
 * crosses NAV_AUTO_COLLAPSE_WIDTH_PX (resize handling debounced RESIZE_DEBOUNCE_MS).
 */
export function useNavCollapse(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(isNarrow);

  useEffect(() => {
    let narrow = isNarrow();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const nowNarrow = isNarrow();
        if (nowNarrow !== narrow) {
          narrow = nowNarrow;
          setCollapsed(nowNarrow);
        }
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  return { collapsed, toggle };
}
