/** The users list's default sort (zod-free, for the screens as well as the server). */
export const USER_DEFAULT_SORT = { field: 'lastName', direction: 'Ascending' } as const;
