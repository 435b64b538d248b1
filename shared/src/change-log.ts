/**
 * The change log as the API answers it (spec 1 section 3 "Change log entry"): one flat entry per
 * changed field; the entries of one change share an `eventId`. A change without field changes
 * (a creation, a deletion) is one entry with an empty `fieldName`.
 */
export type ChangeAction = 'added' | 'updated' | 'deleted';

export interface ChangeLogEntry {
  objectId: string;
  eventId: string;
  actionUser: string;
  actionUserId: number;
  action: ChangeAction;
  /** contract, account, participant, crm, file, territory, primaryContact, address, user, agent, ... */
  entity: string;
  entityId: number;
  parent: string | null;
  parentId: number | null;
  /** local time, yyyy-MM-ddTHH:mm:ss */
  actionDate: string;
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
  /**
   * The prefix the field name shows (spec 1 "Change log display"), given by the child kind that
   * logged it: the parent's letter and the kind's prefix, 'c.participant', 'a.crm', 'docs'. Absent
   * when there is none.
   */
  fieldPrefix?: string;
  /**
   * The record as users know it, declared once per kind and taken when the change was written: a
   * user's name (or email), a territory's code, an agent's name (or code), a contact's name, a
   * business entity's id, a phone number, an address line, an email address. Absent for kinds
   * that declare none (the log then shows the internal number).
   */
  entityName?: string;
  /** where the change came from when not from a screen ('Upload batch 12', 'Update batch 3') */
  source?: string;
}
