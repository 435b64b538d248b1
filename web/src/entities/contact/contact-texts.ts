import { MSG } from '@eb/shared/messages';
import { CONTACT_LABELS } from '@eb/shared/contact/labels';

/**
 * Labels of the contact screen, form and search popup. The spec's own texts are marked "spec"; the
 * others are chosen. Messages (created, saved, errors, confirmations) are in @eb/shared/messages.
 */
export const CONTACT_TEXTS = {
  /** the filters' group (accessible name; chosen) */
  filtersLabel: 'Contact filters',
  /** spec 3 "Contact Entity Management": the page title */
  pageTitle: 'Contact Entity Management',
  /** spec 3: the add button and the create popup's title */
  addNew: MSG.addNewContactEntity,
  editTitle: 'Edit Contact Entity',
  /** spec 3: the filters' reset button (as on Business Entity Management) */
  resetFilters: 'x Reset Filters',
  /** spec 3: the grid's edit link */
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  /** spec 2 "Contact Search popup": its default button texts */
  searchAddNew: MSG.contactSearchAddNew,
  searchConfirm: MSG.contactSearchConfirm,
  searchSaveAndAdd: MSG.contactSearchSaveAndAdd,
  searchTitle: 'Contact Search',
  backToSearch: 'Back to Search',
  keywordPlaceholder: 'Search by name, ID or legal name',
  popupKeywordPlaceholder: 'Search contacts',
  keywordLabel: 'Keyword',
  statusFilter: 'Status',
  selectPlaceholder: 'Select',
  businessEntityPlaceholder: 'Search by Legal Name or ID',
  generating: 'Generating…',
  generateFailed: 'A new Contact Id could not be reserved.',
  retry: 'Try again',
  reload: 'Reload',
  active: 'Active',
  inactive: 'Inactive',
  contactSection: 'Contact',
  addresses: 'Addresses',
  phones: 'Phones',
  emails: 'Emails',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  noEmail: 'No email',
  none: 'None',
  loading: 'Loading…',
  zipLooking: 'Looking up the zip code…',
  zipUnknown: 'Zip code not found: enter the city, state and county',
  gridLabel: 'Contacts',
  searchGridLabel: 'Contacts to choose from',
  chooseHint: 'Expand a contact and choose an address and a phone (email optional).',
  selected: 'Selected',
  deleteRow: 'Delete',
  deleteHeader: 'Delete',
  editRow: (name: string) => `Edit ${name}`,
  expandRow: (name: string) => `Show the addresses, phones and emails of ${name}`,
} as const;

/** The texts of the edit popup's sub-grids (addresses, phones, emails). */
export const SUB_RECORD_TEXTS = {
  address: { title: 'Addresses', noun: 'address', deleteTitle: 'Delete Address' },
  phone: { title: 'Phones', noun: 'phone', deleteTitle: 'Delete Phone' },
  email: { title: 'Emails', noun: 'email', deleteTitle: 'Delete Email' },
} as const;

/** Field labels and column titles: the spec's names (Contact Id, First Name, Business Entity ID, ...). */
export const CONTACT_FIELD_LABELS = CONTACT_LABELS;

/** The status choices (filter and form). */
export const CONTACT_STATUS_OPTIONS = [
  { label: CONTACT_TEXTS.active, value: 'Active' },
  { label: CONTACT_TEXTS.inactive, value: 'Inactive' },
] as const;
