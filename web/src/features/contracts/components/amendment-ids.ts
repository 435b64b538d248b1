import { NAVIGATION_ID_DELIMITER } from '@eb/shared/constants';

/** The ids of an amendment route parameter: one number or several joined by '+'. */
export function parseNavigationIds(param: string): number[] {
  return param.split(NAVIGATION_ID_DELIMITER).map((part) => Number(part.trim()));
}

/**
 * The pre-navigation guard of contracts/amendment/{id} (spec 1 section 2): an id list containing 0
 * (a new amendment) needs a stored contract with an id; otherwise the user goes to '/'.
 */
export function mayOpenAmendment(param: string, storedContractId: number | null | undefined): boolean {
  return !parseNavigationIds(param).includes(0) || !!storedContractId;
}
