import { useCallback, useState } from 'react';
import type { ApiFile } from '../lib/api-client';
import { saveFile } from '../lib/download';

/**
 * A download button's state: `download(fetchFile)` marks it downloading while the file is fetched,
 * then hands the file to the browser under its server-given name. A failure was already notified by
 * the API client; the button is ready again either way.
 */
export function useDownload(): { downloading: boolean; download: (fetchFile: () => Promise<ApiFile>) => Promise<void> } {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (fetchFile: () => Promise<ApiFile>) => {
    setDownloading(true);
    try {
      saveFile(await fetchFile());
    } catch {
      // the API client notified the failure
    } finally {
      setDownloading(false);
    }
  }, []);
  return { downloading, download };
}
