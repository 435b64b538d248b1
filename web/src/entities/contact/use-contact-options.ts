import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZipLocation } from '@eb/shared/reference/schemas';
import { zipLocationQuery } from './api';
import { referenceItems, referencesQuery } from '../reference/references';
import type { TypeaheadOption } from '../../components/TypeaheadSelect';

/** The choices of the contact forms and sub-grids: reference codes with their names (states show their code). */
export interface ContactOptions {
  roles: TypeaheadOption<string>[];
  addressTypes: TypeaheadOption<string>[];
  states: TypeaheadOption<string>[];
  phoneTypes: TypeaheadOption<string>[];
  emailTypes: TypeaheadOption<string>[];
}

export function useContactOptions(): ContactOptions {
  const references = useQuery(referencesQuery());
  return useMemo(() => {
    const of = (itemType: string, label: 'name' | 'code' = 'name') =>
      referenceItems(references.data, itemType).map((o) => ({ label: o[label], value: o.code }));
    return {
      roles: of('primaryContactRoles'),
      addressTypes: of('addressTypes'),
      states: of('states', 'code'),
      phoneTypes: of('phoneTypes'),
      emailTypes: of('emailTypes'),
    };
  }, [references.data]);
}

/** The label of a code among options (or the code itself). */
export const labelOf = (options: readonly TypeaheadOption<string>[], code: string | null | undefined): string =>
  code ? (options.find((o) => o.value === code)?.label ?? code) : '';

/**
 * The zip lookup (Reference/GetAddressLocationByZipCode): state, city and county of a 5-digit zip,
 * or null when the zip is unknown or the lookup failed (cached per zip for the session).
 */
export function useZipLookup(): (zipCode: string) => Promise<ZipLocation | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (zipCode: string) => {
      if (!/^\d{5}$/.test(zipCode)) return null;
      try {
        return await queryClient.fetchQuery(zipLocationQuery(zipCode));
      } catch {
        return null;
      }
    },
    [queryClient],
  );
}

export { digitsOnly } from '../../components/grid-editors';
