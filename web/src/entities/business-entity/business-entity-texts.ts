import { BUSINESS_ENTITY_LABELS } from '@eb/shared/business-entity/labels';

/**
 * Labels of the business entity screen, form and search popup. The spec's own texts are marked
 * "spec"; the others are chosen. Messages (saved, created, errors) are in @eb/shared/messages.
 */
export const BUSINESS_ENTITY_TEXTS = {
  /** spec 3: the add button and the create popup's title */
  addNew: 'Add New Business Entity',
  /** spec 3: the edit popup's title */
  editTitle: 'Edit Business Entity',
  /** spec 3: the filters' reset button */
  resetFilters: 'x Reset Filters',
  /** spec 3: the grid's edit link */
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  /** spec 2 "Business Entity search popup": its buttons */
  addToAmendment: 'Add to Amendment',
  saveAndAddToAmendment: 'Save and Add to Amendment',
  /** chosen: the popup's title, and the way back from its create form to the search */
  searchTitle: 'Business Entity Search',
  backToSearch: 'Back to Search',
  keywordPlaceholder: 'Search by ID or Legal Name',
  keywordLabel: 'Keyword',
  companyTypeFilter: 'Company Type',
  /** spec 3: the filter is named Business Type */
  typeFilter: 'Business Type',
  statusFilter: 'Status',
  selectPlaceholder: 'Select',
  /** the popup's spinner while the entity loads (for assistive technology) */
  loading: 'Loading the business entity',
  /** the filters' group (accessible name) */
  filtersLabel: 'Business entity filters',
  generating: 'Generating…',
  generateFailed: 'A new Business Entity ID could not be reserved.',
  retry: 'Try again',
  reload: 'Reload',
  active: 'Active',
  inactive: 'Inactive',
  selected: 'Selected',
  selectRow: (legalName: string) => `Select ${legalName}`,
  editRow: (legalName: string) => `Edit ${legalName}`,
  gridLabel: 'Business entities',
} as const;

/** Column titles and field labels: the spec's names. */
export const BUSINESS_ENTITY_COLUMNS = {
  ...BUSINESS_ENTITY_LABELS,
  /** spec 2 "Business Entity search popup" spells the id column 'Business Entity Id' */
  popupBusinessEntityId: 'Business Entity Id',
} as const;

/** The status choices (filter and form). */
export const STATUS_OPTIONS = [
  { label: BUSINESS_ENTITY_TEXTS.active, value: true },
  { label: BUSINESS_ENTITY_TEXTS.inactive, value: false },
] as const;
