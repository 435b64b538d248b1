import { sortKeysOf } from '../list-columns';
import { CONTRACT_LIST_COLUMNS } from './list-columns';

/** The contract list's sort keys and default sorts (zod-free, for the screens as well as the schemas). */

/** Spec 2 section 3: the contract list's sort keys (the columns' keys, CONTRACT_LIST_COLUMNS), and the row column each sorts by. */
export const CONTRACT_SORT_KEYS: Record<AmendmentSortKey, string> = sortKeysOf(CONTRACT_LIST_COLUMNS);
export type AmendmentSortKey = (typeof CONTRACT_LIST_COLUMNS)[number]['sortKey'];
/** Spec 2 section 9: contracts contractId descending; a contract's amendments amendmentNumber ascending. */
export const CONTRACT_DEFAULT_SORT = { field: 'contractId', direction: 'Descending' } as const;
export const CONTRACT_AMENDMENTS_DEFAULT_SORT = { field: 'amendmentNumber', direction: 'Ascending' } as const;
