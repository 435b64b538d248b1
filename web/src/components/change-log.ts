import type { ChangeLogEntry as SharedEntry } from '@eb/shared/change-log';
import { TRANSFER_DATE_PATTERN, formatDisplayDate } from '@eb/shared/formats';
import { CHANGE_LOG_VERBS } from './component-texts';

/**
 * The change log as the server sends it (shared/src/change-log.ts). The panel also accepts entries
 * without the ids it does not need (other screens may build them), hence the Partial.
 */
export type ChangeLogEntry = Omit<SharedEntry, 'objectId' | 'eventId' | 'actionUserId' | 'entityId' | 'parent' | 'parentId' | 'fieldName' | 'oldValue' | 'newValue'> &
  Partial<Pick<SharedEntry, 'eventId' | 'actionUserId' | 'entityId' | 'parentId'>> & {
    objectId: string | number;
    parent?: string | null;
    fieldName?: string | null;
    oldValue?: string | number | boolean | null;
    newValue?: string | number | boolean | null;
  };

/** One changed field of a change-log item. */
export interface ChangeLogField {
  /** Unique within the item. */
  key: string;
  fieldName: string;
  /** 'participant', 'c.participant', 'a', ... or '' (see `fieldPrefix`). */
  prefix: string;
  /** The humanized name, or the caller's label. */
  label: string;
  /** Prefix and label as shown: 'c.participant: First Name', or just 'Bill Method Id'. */
  text: string;
  oldValue: ChangeLogEntry['oldValue'];
  newValue: ChangeLogEntry['newValue'];
  entry: ChangeLogEntry;
}

/** One change: "{user} {created | made changes | deleted} {entity} {date}", with its fields. */
export interface ChangeLogItem {
  eventId: string;
  user: string;
  action: ChangeLogEntry['action'];
  /** 'created', 'made changes' or 'deleted'. */
  verb: string;
  entity: string;
  entityLabel: string;
  entityId: number | null;
  /** the record as users know it (a user's name, a territory's code), when the server named it */
  entityName: string | null;
  /** The transfer date of the change. */
  date: string;
  /** 'MM/dd/yyyy h:mm AM/PM'. */
  dateText: string;
  fields: ChangeLogField[];
}

/** Spec 1 "Change log display": field names of these entities are prefixed (file is shown as docs). */
export const CHANGE_LOG_ENTITY_PREFIXES: Readonly<Record<string, string>> = { participant: 'participant', crm: 'crm', file: 'docs' };
/** Spec 1 "Change log display": and with c or a when the parent is a contract or an account. */
export const CHANGE_LOG_PARENT_PREFIXES: Readonly<Record<string, string>> = { contract: 'c', account: 'a' };

/** Human labels of the entity types (chosen); unknown types are humanized. */
export const CHANGE_LOG_ENTITY_LABELS: Readonly<Record<string, string>> = {
  contract: 'Contract',
  masterContract: 'Master Contract',
  account: 'Account',
  participant: 'Participant',
  crm: 'CRM Note',
  file: 'Document',
  territory: 'Territory',
  primaryContact: 'Primary Contact',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  user: 'User',
  agent: 'Agent',
  businessEntity: 'Business Entity',
};

/** 'billMethodId' -> 'Bill Method Id', 'tax_rate' -> 'Tax Rate', 'zipCode4' -> 'Zip Code 4'. */
export function humanize(name: string): string {
  return name
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * The prefix of an entry's field name: the one the server's declaration gave the entry
 * (`fieldPrefix`, child kinds), else the parent's letter (c, a) and the entity's prefix
 * (participant, crm, docs), joined by '.': 'c.participant', 'a.docs', 'participant', 'c', or ''.
 */
export function fieldPrefix(entry: Pick<ChangeLogEntry, 'entity' | 'parent' | 'fieldPrefix'>): string {
  if (entry.fieldPrefix !== undefined) return entry.fieldPrefix;
  return [entry.parent ? CHANGE_LOG_PARENT_PREFIXES[entry.parent] : undefined, CHANGE_LOG_ENTITY_PREFIXES[entry.entity]]
    .filter(Boolean)
    .join('.');
}

/**
 * A field as the change log shows it. Format (readable form of the spec's prefixes): the prefix,
 * a colon, then the field's label: 'c.participant: First Name' for a participant's firstName under
 * a contract, 'docs: File Name' for a file, 'Bill Method Id' for a territory's billMethodId.
 */
export function formatFieldName(entry: ChangeLogEntry, fieldLabels?: Readonly<Record<string, string>>): { prefix: string; label: string; text: string } {
  const name = entry.fieldName ?? '';
  const prefix = fieldPrefix(entry);
  const label = fieldLabels?.[name] ?? humanize(name);
  return { prefix, label, text: prefix ? `${prefix}: ${label}` : label };
}

/** '2024-02-05T14:07:00' -> '02/05/2024 2:07 PM' (local time, as sent). */
export function formatLogDateTime(transfer: string): string {
  const date = formatDisplayDate(transfer);
  const m = /T(\d{2}):(\d{2})/.exec(transfer);
  if (!date || !m) return date || transfer;
  const h = Number(m[1]);
  return `${date} ${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A logged value as text: transfer dates as MM/dd/yyyy (with the time when there is one). */
export function formatLogValue(value: ChangeLogEntry['oldValue']): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (TRANSFER_DATE_PATTERN.test(text)) return text.endsWith('T00:00:00') ? formatDisplayDate(text) : formatLogDateTime(text);
  return text;
}

const eventKey = (e: ChangeLogEntry) =>
  e.eventId ?? [e.actionUser, e.actionDate, e.action, e.entity, e.entityId ?? '', e.parent ?? '', e.parentId ?? ''].join('|');

/**
 * Groups flat entries into items, one per change event, newest first (ties keep the server's
 * order). An event mixing actions reads 'made changes'; its entity is the one its entries share,
 * else their common parent.
 */
export function groupChangeLog(
  entries: readonly ChangeLogEntry[],
  options: { fieldLabels?: Readonly<Record<string, string>>; entityLabels?: Readonly<Record<string, string>> } = {},
): ChangeLogItem[] {
  const groups = new Map<string, ChangeLogEntry[]>();
  for (const e of entries) {
    const key = eventKey(e);
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const labelOf = (entity: string) => options.entityLabels?.[entity] ?? CHANGE_LOG_ENTITY_LABELS[entity] ?? humanize(entity);
  const items: ChangeLogItem[] = [];
  for (const [eventId, list] of groups) {
    const first = list[0]!;
    const action = list.every((e) => e.action === first.action) ? first.action : 'updated';
    const sameEntity = list.every((e) => e.entity === first.entity && e.entityId === first.entityId);
    const sameParent = first.parent && list.every((e) => e.parent === first.parent && e.parentId === first.parentId);
    const entity = sameEntity || !sameParent ? first.entity : first.parent!;
    const entityId = (sameEntity || !sameParent ? first.entityId : first.parentId) ?? null;
    const entityName = (sameEntity || !sameParent ? first.entityName : undefined) ?? null;
    const seen = new Map<string, number>();
    const fields: ChangeLogField[] = list
      .filter((e) => (e.fieldName ?? '') !== '')
      .map((e) => {
        const { prefix, label, text } = formatFieldName(e, options.fieldLabels);
        const n = seen.get(text) ?? 0;
        seen.set(text, n + 1);
        return { key: n ? `${text}#${n}` : text, fieldName: e.fieldName!, prefix, label, text, oldValue: e.oldValue, newValue: e.newValue, entry: e };
      });
    items.push({
      eventId,
      user: first.source ? `${first.actionUser} (${first.source})` : first.actionUser,
      action,
      verb: CHANGE_LOG_VERBS[action],
      entity,
      entityLabel: labelOf(entity),
      entityId,
      entityName,
      date: first.actionDate,
      dateText: formatLogDateTime(first.actionDate),
      fields,
    });
  }
  // Newest first; Array.prototype.sort is stable.
  return items.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
