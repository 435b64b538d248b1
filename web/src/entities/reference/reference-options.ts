import { useQuery } from '@tanstack/react-query';
import type { ReferenceSet } from '@eb/shared/reference/data';
import { referenceItems, referencesQuery } from './references';
import type { TypeaheadOption } from '../../components/TypeaheadSelect';

/** The reference data sets loaded at startup (kept for the session). */
export function useReferenceSets(): ReferenceSet[] | undefined {
  return useQuery(referencesQuery()).data;
}

/**
 * Options of a reference set: the value is the item's code, as every reference-set value travels
 * and is stored (territory state 'NJ', commodity 'Electric', agent type 'master'); labelled by name
 * or code.
 */
export function codeOptions(sets: readonly ReferenceSet[] | undefined, itemType: string, label: 'name' | 'code' = 'name'): TypeaheadOption<string>[] {
  return referenceItems(sets, itemType).map((i) => ({ label: i[label], value: i.code }));
}

/** The name shown for a reference-set code (the code itself when the set has no such item; '' for none). */
export function referenceNameOf(sets: readonly ReferenceSet[] | undefined, itemType: string, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  return referenceItems(sets, itemType).find((i) => i.code === code)?.name ?? code;
}

/** Spec 2 "Reference values": Yes/No choices: Yes true, No false. */
export const YES_NO_OPTIONS: TypeaheadOption<boolean>[] = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];
