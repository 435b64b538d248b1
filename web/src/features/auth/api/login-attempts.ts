import { LOGIN_ATTEMPTS_PER_PAGE_SESSION } from '@eb/shared/constants';

let used = 0;

/**
 * Sign-in attempts of this page session (spec 1 section 4): module state, so leaving and coming
 * back to the login page does not reset it; a page reload does. An attempt is a call to the server.
 */
export const loginAttempts = {
  hasLeft(): boolean {
    return used < LOGIN_ATTEMPTS_PER_PAGE_SESSION;
  },
  take(): void {
    used += 1;
  },
  /** Starts a new page session (tests). */
  reset(): void {
    used = 0;
  },
};
