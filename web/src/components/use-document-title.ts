import { useEffect } from 'react';
import { APP_NAME } from '../config/brand';

/** Sets the browser tab title to 'Page · Enrollment Back Office'. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
