/** Business constants and limits (spec 1 section 9, spec 2 section 9). One module, imported by web and server. */
export const DEFAULT_ROUTE = '/enrollments';
export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';
export const DATE_INPUT_FORMAT = 'm/d/Y';
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
export const LOGIN_ATTEMPTS_PER_PAGE_SESSION = 3;
export const SEARCH_DEBOUNCE_MS = 500;
export const RESIZE_DEBOUNCE_MS = 100;
export const TYPEAHEAD_LIMIT = 10;
export const FILE_SIZE_LIMIT_MB = 30;
export const FILE_SIZE_LIMIT_BYTES = FILE_SIZE_LIMIT_MB * 1024 * 1024;
/** Where presigned forms put documents until they are registered (a bucket lifecycle rule removes the rest after a day). */
export const DOCUMENT_INCOMING_PREFIX = 'incoming/';
export const TERRITORY_PAGE_SIZE = 100;
/** Chosen: the users grid shows 25 rows a page, so that its CHANGE LOG section stays in reach. */
export const USERS_PAGE_SIZE = 25;
/** Spec: "server constant, value not shown". Chosen: 100, the page size of the main lists. */
export const DEFAULT_PAGE_SIZE = 100;
/** Spec: "server constant, value not shown". Chosen: 1000, the list-download export limit of spec 2. */
export const MAX_RECORD_COUNT = 1000;
export const EMAIL_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
/** Identifier (a user's agent code). Spec 2 gives identifiers 30 characters; chosen for users too. */
export const IDENTIFIER_MAX_LENGTH = 30;
export const TERRITORY_TEXT_MAX_LENGTH = 50;
/** A territory's LDC number format (issue 28): its pattern and its description, at most this long (chosen). */
export const LDC_PATTERN_MAX_LENGTH = 100;
export const LDC_FORMAT_DESCRIPTION_MAX_LENGTH = 100;
/** Agents grid (spec 2 sections 5 and 9): page size, field lengths. */
export const AGENT_PAGE_SIZE = 100;
export const AGENT_TEXT_MAX_LENGTH = 50;
export const AGENT_EMAIL_MAX_LENGTH = 200;
export const AGENT_NOTES_MAX_LENGTH = 128;
/** Business entities (spec 3 sections 5 and 9, spec 2 "Business Entity search popup"). */
export const BUSINESS_ENTITY_PAGE_SIZE = 15;
export const BUSINESS_ENTITY_DEBOUNCE_MS = 100;
export const LEGAL_NAME_MAX_LENGTH = 40;
/** Contact entities (spec 3 sections 5 and 9, spec 2 sections 5 and 9). */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_SEARCH_PAGE_SIZE = 15;
export const CONTACT_SUB_GRID_PAGE_SIZE = 5;
export const CONTACT_LIST_DEBOUNCE_MS = 500;
export const CONTACT_POPUP_DEBOUNCE_MS = 100;
export const CONTACT_NAME_MAX_LENGTH = 30;
export const ADDRESS_LINE_MAX_LENGTH = 80;
export const CITY_MAX_LENGTH = 30;
/** Chosen (the spec gives no length for a county): the longest US county name is 35 characters. */
export const COUNTY_MAX_LENGTH = 50;
/** Spec 2 section 5 "Account": supplyZone 25. */
export const SUPPLY_ZONE_MAX_LENGTH = 25;
export const PHONE_MAX_LENGTH = 14;
/** Chosen: an array delete of child records is one transaction of two actions per item (100 max). */
export const CHILD_DELETE_MAX = 50;
/** The contact's addresses, phones and emails are child records. */
export const CONTACT_DELETE_MAX = CHILD_DELETE_MAX;
/** Commissions: the account's commission rule of spec 2 section 5 (7 integer and 8 decimal digits). */
export const COMMISSION_INTEGER_DIGITS = 7;
export const COMMISSION_DECIMAL_DIGITS = 8;
export const GRID_COLUMN_MIN_PX = 50;
/** Spec 1 section 9: "default column minmax 100 px to 1fr": the width a column starts from. */
export const GRID_DEFAULT_COLUMN_MIN_PX = 100;
export const GRID_SELECT_COLUMN_PX = 50;
export const GRID_SELECT_COLUMN_WITH_MAX_PX = 110;
/** A tracked job (waitForJob) is polled every second. */
export const JOB_POLLING_INTERVAL_MS = 1000;
/** The job list is polled every 5 seconds while it holds any job (spec 3). */
export const JOB_LIST_POLLING_INTERVAL_MS = 5000;
export const ENTITY_DETAIL_LIMIT = 2;
export const NAVIGATION_ID_DELIMITER = '+';
export const PASSWORD_MIN_LENGTH = 8;
/** Window width at or below which the navigation panel collapses by itself (a 1024 px screen). */
export const NAV_AUTO_COLLAPSE_WIDTH_PX = 1024;

/** Server-side sign-in throttling (cognito-local has no lockout; the app enforces its own). */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_LOCK_MINUTES = 15;
/** Session lifetimes. The access token is refreshed from the refresh cookie when it expires. */
export const ACCESS_TOKEN_MINUTES = 60;
export const REFRESH_TOKEN_HOURS = 12;
/** A reset-password link is valid for one hour and works once. */
export const RESET_LINK_MINUTES = 60;
/** Largest JSON body the API accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** How many completed jobs GET job returns (newest first). */
export const COMPLETED_JOBS_SHOWN = 20;

// ---- contracts and amendments (spec 2 sections 5 and 9) ---------------------------------------
/** Contracts Search: 100 a page with the total; the contract's amendments grid: 10. */
export const CONTRACT_PAGE_SIZE = 100;
export const CONTRACT_AMENDMENTS_PAGE_SIZE = 10;
/** Contracts Search waits for typing to pause this long (spec 2 section 9). */
export const CONTRACT_SEARCH_DEBOUNCE_MS = 500;
/** Term suggestions, in months (spec 2 section 9). */
export const TERM_SUGGESTIONS = [6, 12, 18, 24, 36] as const;
/** The contract's governing-law country: read-only, the USA (spec 2 section 3 "Billing"). */
export const CH_LAW_COUNTRY = 'USA';
/** The largest contractId accepted (a 32-bit signed integer, as legacy systems hold it). */
export const CONTRACT_ID_MAX = 2_147_483_647;
/** An amendment's (and an account's) participants and CRM notes: 10 a page (chosen, as the amendments grid). */
export const CONTRACT_SUB_GRID_PAGE_SIZE = 10;
/** Participant rows (spec 2 section 5 "Participant row"): zip 5 digits; names and city use the contact's lengths. */
export const PARTICIPANT_ZIP_MAX_LENGTH = 5;
/** A CRM note's comment (spec 2 section 3 "Amendment CRM entry"). */
export const CRM_COMMENT_MAX_LENGTH = 300;
/** Who reported or resolved a CRM note: a user's full name. */
export const CRM_USER_MAX_LENGTH = 201;

// ---- accounts (spec 2 sections 5 and 9) --------------------------------------------------------
/** Accounts Search: 100 a page with the total; the amendment's accounts grid: 10; typing settles after 100 ms. */
export const ACCOUNT_PAGE_SIZE = 100;
export const AMENDMENT_ACCOUNTS_PAGE_SIZE = 10;
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 100;
/** Account Name [25]: the short name, and how much of the name it takes by default. */
export const ACCOUNT_SHORT_NAME_MAX_LENGTH = 25;
/** A new account's tax-exempt number when none is given (spec 2 section 5). */
export const ACCOUNT_DEFAULT_TAX_EXEMPT_NUM = '999999999';
/**
 * Residential customer equivalents (RCEs, issue 9): an account's annual usage over what one
 * residential customer uses in a year — 10,000 kWh of electricity, 1,000 therms of gas (chosen round
 * figures near the US residential averages).
 */
export const RCE_ANNUAL_KWH = 10_000;
export const RCE_ANNUAL_THERMS = 1_000;
/** The years a volume row may name (the monthly grid and the uploader's 'year out of range'). */
export const VOLUME_YEAR_MIN = 2000;
export const VOLUME_YEAR_MAX = 2100;
/** Billing rows one LoadBillingRows call takes (one DynamoDB transaction with its change-log event). */
export const BILLING_LOAD_MAX_ROWS = 99;
// ---- uploads (issue 10) ------------------------------------------------------------------------
/** An .xlsx is refused as a zip bomb beyond these (a 30 MB workbook of 50,000 rows inflates to about 300 MB at most). */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 600 * 1024 * 1024;
export const XLSX_MAX_RATIO = 200;
export const XLSX_MAX_ENTRIES = 10_000;
/**
 * The uploader's commission limit ('Invalid Commission - Reduce Rate.'; chosen): an account's master,
 * agent and sub-agent rates together may be at most this share of its contract rate.
 */
export const UPLOAD_COMMISSION_SHARE_MAX = 0.25;
/** The Uploader's 'Select job' lists at most this many completed SingleFile uploads (spec 3 section 9). */
export const SINGLE_FILE_SHOWN_JOBS = 10;
/** The Uploader's and the Updater's rows load 100 ms after their type, batch, tab or page last changed (spec 3 section 9). */
export const UPLOAD_LOAD_DEBOUNCE_MS = 100;
/** The Uploader's and the Updater's page sizes by row state (spec 3 section 9: exception tabs 25, validated tabs and the upload list 100). */
export const UPLOAD_PAGE_SIZE = { validated: 100, withExceptions: 25, imported: 100 } as const;
/** Accounts Search's renewal filter: accounts whose term ends within this many days (chosen). */
export const RENEWAL_WINDOW_DAYS = [30, 60, 90, 120] as const;
