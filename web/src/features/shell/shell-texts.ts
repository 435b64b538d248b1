/** Texts of the navigation panel (spec 1 "Navigation panel": Administration, Log Out; the rest chosen). */
export const SHELL_TEXTS = {
  navigation: 'Navigation panel',
  main: 'Main',
  expand: 'Expand navigation',
  collapse: 'Collapse navigation',
  administration: 'Administration',
  logOut: 'Log Out',
} as const;
