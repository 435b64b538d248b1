import { parseNavigationIds } from '../../../components/DetailTabs';

export { parseNavigationIds };

/**
 * The pre-navigation guard of contracts/amendment/{id} (spec 1 section 2): an id list containing 0
 * (a new amendment) needs a stored contract with an id; otherwise the user goes to '/'.
 */
export function mayOpenAmendment(param: string, storedContractId: number | null | undefined): boolean {
  return !parseNavigationIds(param).includes(0) || !!storedContractId;
}
