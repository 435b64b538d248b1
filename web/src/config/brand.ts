/** Product name and logo icon (primeicons), shown on the login card and in the navigation panel. */
export const APP_NAME = 'Enrollment Back Office';
export const APP_LOGO_ICON = 'pi pi-bolt';
