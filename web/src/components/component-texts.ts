/**
 * Spec texts used by the shared components that `@eb/shared/messages` does not hold yet.
 * They are kept here, once, until they move to MSG (reported as missing): do not copy them.
 */

/** The confirmation popup's defaults (spec 1: Yes/No confirmations). */
export const CONFIRM_TEXTS = { header: 'Confirmation', accept: 'Yes', reject: 'No' } as const;

/** A grid's empty area while its rows load, and after they failed to load (chosen). */
export const GRID_LOADING = 'Loading records...';
export const GRID_LOAD_FAILED = 'The records could not be loaded.';
export const GRID_RETRY = 'Retry';

/** Spec 1 "Change log display": the text of an empty change log; also the grids' empty message. */
export const NO_RECORDS_FOUND = 'No records found.';
/** Spec 1 "User Administration" / "Data Administration": the title of the change-log section. */
export const CHANGE_LOG_TITLE = 'CHANGE LOG';
/** Spec 1 "Change log display": what an entry says the user did, by action. */
export const CHANGE_LOG_VERBS = { added: 'created', updated: 'made changes', deleted: 'deleted' } as const;
/** Spec 1 "Change log display": the columns of an update's field list. */
export const CHANGE_LOG_COLUMNS = { field: 'Field', oldValue: 'Original Value', newValue: 'New Value' } as const;
/** Spec 1 "Data Administration" / spec 2 "Agents grid": the single add/save button. */
export const ADD_LABEL = 'Add';
export const SAVE_LABEL = 'Save';
/** Spec 1 "Shared grid behaviour": the grid header's checkbox (label chosen). */
export const FULL_TEXT_SEARCH_LABEL = 'Full text search';
/** The row actions of an inline-edited grid (accessible names; chosen). */
export const ROW_ACTION_TEXTS = {
  header: 'Actions',
  removeNew: 'Remove the new row',
  restore: (row: string) => `Restore ${row}`,
  edit: (row: string) => `Edit ${row}`,
} as const;

/** Accessible names and small texts of the shared kit and the app frame (chosen). */
export const KIT_TEXTS = {
  calendar: 'Calendar',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  /** an empty value in the change log (shown as a dash) */
  empty: 'empty',
  loading: 'Loading',
  loadingPage: 'Loading page',
  /** reloads the application after a failure */
  reload: 'Reload',
  /** a popup's single closing button */
  done: 'Done',
} as const;

/** The documents of a record (spec 2 "Documents popup"). */
export const DOCUMENT_PANEL_TEXTS = {
  title: 'Documents',
  upload: 'Upload Documents',
  choose: 'Choose File to Upload',
  dropHere: 'Drag and drop files here, or',
  remaining: (mb: number) => `Remaining: ${mb} Mb`,
  ofLimit: (mb: number) => `of ${mb} Mb`,
  types: 'doc, docx, odt, pdf or csv',
  fileName: 'File Name',
  uploadDate: 'Upload Date',
  size: 'Size',
  delete: 'Delete',
  download: 'Download',
  none: 'No documents.',
  progress: 'Upload progress',
  close: 'Close',
  uploaded: (n: number) => `${n} document${n === 1 ? '' : 's'} uploaded`,
} as const;

/** A list page's saved views and column chooser. */
export const LIST_VIEW_TEXTS = {
  group: 'Views and columns',
  views: 'Views',
  none: 'No saved views',
  save: 'Save view',
  saveTitle: 'Save the current view',
  name: 'View name',
  cancel: 'Cancel',
  delete: 'Delete view',
  deleteTitle: 'Delete view',
  deleteConfirm: (name: string) => `Delete the view '${name}'?`,
  saved: (name: string) => `View '${name}' saved`,
  columns: 'Columns',
} as const;

/** The search filter bar (SearchFilterBar): column filters, the date kind and its period, the periods as chips. */
/** Why View Record is disabled on a search page (issue 28, chosen): 'Select up to 2 records to open'. */
/** The section index of a long form's sticky action bar (chosen). */
export const FORM_TEXTS = { sectionIndex: 'Sections' } as const;

export const selectionLimitText = (max: number) => `Select up to ${max} records to open`;

export const SEARCH_FILTER_TEXTS = {
  columnFilters: 'Column filters',
  datePeriods: 'Date periods',
  periodLabel: (kind: string, from: string, to: string) => `${kind}: ${from} – ${to}`,
  removePeriod: (kind: string) => `Remove the ${kind} period`,
  linkFilters: 'Filters from a link',
  removeFilter: (filter: string) => `Remove the filter ${filter}`,
  filterBy: 'Filter by',
  dateKind: 'Date',
  from: 'From',
  to: 'To',
  /** the button that shows or hides the filters beyond the keyword (chosen) */
  moreFilters: (active: number) => (active ? `Filters (${active})` : 'Filters'),
  moreFiltersPanel: 'More filters',
} as const;
