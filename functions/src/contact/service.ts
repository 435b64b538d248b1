/**
 * The contact's use cases other resources call (the amendment's and the account's contact, the
 * uploader's contact rows, the updater's checks): read, reference data, create, a new id, the list
 * and its spec (joined by the amendments' list).
 */
export { contactListSpec, contactReferenceData, contacts, createContact, deleteImportedContact, generateContactId, getContact } from './repository';
/** the contact's addresses, phones and emails (an import's undo removes those of a contact it created) */
export { contactAddresses, contactEmails, contactPhones } from './children';
