import { queryOptions } from '@tanstack/react-query';
import type { ReferenceOption, ReferenceSet } from '@eb/shared/reference/data';
import { endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';

/** All reference data sets; loaded once at startup and kept for the session. */
export const referencesQuery = () =>
  queryOptions({ ...routeQuery(endpoint('GET', 'reference', 'GetReferences')), staleTime: Infinity });

/** The items of one reference set ('userTypes', 'states', ...), or [] when the set is absent. */
export function referenceItems(sets: readonly ReferenceSet[] | undefined, itemType: string): ReferenceOption[] {
  return sets?.find((s) => s.itemType === itemType)?.items ?? [];
}
