import { useState, type ReactNode } from 'react';
import { MSG } from '@eb/shared/messages';
import { ConflictMerge } from './ConflictMerge';
import type { ConflictField } from './conflict-merge';
import { useTabDraft } from './tab-draft';

/** A save's failure was the stored version being newer (409 with the stale-version text), not another conflict. */
export const isStaleVersion = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { status?: number }).status === 409 && (e as { message?: string }).message === MSG.staleVersion;

export interface RecordConflict {
  /** After a stale save: loads the record as it is now and opens the conflict view. */
  open: () => Promise<void>;
  /** Takes the record as it is now, dropping the user's changes (the failure's Reload). */
  reload: () => Promise<void>;
  /** The conflict view while open (render it anywhere in the form). */
  view: ReactNode;
}

/**
 * A record form's side of the conflict view (issue 28 section 1): `latest` loads the record as it
 * is now (not through the form's cached query, which would replace the form), `replace` puts a
 * record in the form's place (the tab's form then starts again from it; with the merged values as
 * the tab's draft after Apply). Generic over the form's declaration (`fields`) and values.
 */
export function useRecordConflict<R, V extends Record<string, unknown>>(options: {
  latest: () => Promise<R>;
  valuesOf: (record: R) => V;
  replace: (record: R) => void;
  fields: readonly ConflictField[];
  base: V;
  mine: V;
}): RecordConflict {
  const [latest, setLatest] = useState<R | null>(null);
  const draft = useTabDraft();
  const load = async (): Promise<R | null> => {
    try {
      return await options.latest();
    } catch {
      return null; // the API client notified the failure
    }
  };
  return {
    open: async () => setLatest(await load()),
    reload: async () => {
      const record = await load();
      if (record === null) return;
      draft.clear();
      options.replace(record);
    },
    view:
      latest === null ? null : (
        <ConflictMerge<V>
          fields={options.fields}
          base={options.base}
          theirs={options.valuesOf(latest)}
          mine={options.mine}
          onClose={() => setLatest(null)}
          onReload={() => {
            draft.clear();
            options.replace(latest);
          }}
          onApply={(merged) => {
            draft.put(merged);
            options.replace(latest);
          }}
        />
      ),
  };
}
