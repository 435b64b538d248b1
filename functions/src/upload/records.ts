import { accountCreateBodySchema } from '@eb/shared/account/schemas';
import { amendmentCreateBodySchema } from '@eb/shared/amendment/schemas';
import { ACCOUNT_CONTACT_FIELDS, UPLOAD_COLUMNS, type RowType } from '@eb/shared/upload/columns';
import { exceptionOf } from '@eb/shared/upload/validate';
import { withVolumeAt } from '@eb/shared/account/volume';
import { ACCOUNT_ADDRESSES } from '@eb/shared/account/children';
import { participantFromContact } from '@eb/shared/participants-crm-documents';
import { accountAddresses, accountChildren, accountDef, createAccountRecord, getAccount, updateAccountRecord } from '../account/service';
import { amendmentCrms, amendmentParticipants, amendments, createAmendmentRecord } from '../amendment/service';
import { contactReferenceData, createContact, generateContactId } from '../contact/service';
import { contactCreateBodySchema } from '@eb/shared/contact/schemas';
import { getItem, nextId, table } from '../lib/db';
import { ConflictError } from '../lib/errors';
import { importFaults, RowRefused } from './import';
import { agents } from '../agent/service';
import { businessEntities } from '../business-entity/service';

import { masterContracts } from '../master-contract/service';
import { territories } from '../reference/service';
import type { ImportContext } from './pipeline';
import { sharedRead } from '../lib/bulk-scope';
import type { StoredRow } from './rows';

/**
 * How an uploaded row becomes records (issue 10): through the same write path as the forms —
 * amendments and accounts created, a volume month set, participants, CRM notes and addresses
 * added, a price report's prices on its account — each change's log naming the batch.
 */
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The master contract and amendment of a contract id and amendment number (each undefined when there is none). */
export async function amendmentKeyOf(contractId: number, amendmentNumber: number): Promise<{ master?: number; amendment?: number }> {
  const [master] = await masterContracts().all({ filter: (m) => m.contractId === contractId }, 1);
  if (!master) return {};
  const [a] = await amendments().all({ filter: (r) => r.masterContractRef === master.objectId && r.amendmentNumber === amendmentNumber }, 1);
  return { master: master.objectId, ...(a ? { amendment: a.objectId } : {}) };
}
/** A row's amendment key (its contract id and amendment number), looked up once per scope. */
export const amendmentKeyOfRow = (data: Record<string, unknown>) => {
  const [contractId, amendmentNumber] = [num(data.contractId)!, num(data.amendmentNumber)!];
  return sharedRead(`a#${contractId}#${amendmentNumber}`, () => amendmentKeyOf(contractId, amendmentNumber));
};

/** The marker of the contact a participant row made (an import's undo deletes it with the contact). */
export const contactMarker = (rowId: number) => ({ pk: `UPLOADCONTACT#${rowId}`, sk: 'UPLOADCONTACT' });

/**
 * The contact a participant row without a Contact ID names: created from the row's name, address
 * (a Mailing address), phone (Work) and email (Work), exactly once — a marker of the row is written
 * in the contact's own transaction, so a row imported again after a crash finds its contact.
 */
async function contactOfRow(row: StoredRow, data: Record<string, unknown>, actor: ImportContext['actor'], source: string): Promise<number> {
  const marker = contactMarker(row.objectId);
  const made = await getItem<{ contactId: number }>(marker);
  if (made) return made.contactId;
  const input = contactCreateBodySchema.parse({
    firstName: data.firstName,
    lastName: data.lastName,
    role: data.role ?? null,
    identifier: data.identifier ?? null,
    address: { addressType: 'Mailing', addressLine: data.address, city: data.city, state: data.state, zipCode: data.zip },
    phone: { phoneNumber: data.phoneNumber, type: 'Work' },
    email: data.email ? { emailAddress: data.email, type: 'Work' } : null,
  });
  const objectId = await generateContactId();
  try {
    await createContact({ ...input, objectId }, actor, { source, extra: [{ Put: { TableName: table(), Item: { ...marker, contactId: objectId }, ConditionExpression: 'attribute_not_exists(pk)' } }] });
  } catch (e) {
    // another run made it meanwhile
    const other = e instanceof ConflictError ? await getItem<{ contactId: number }>(marker) : null;
    if (!other) throw e;
    return other.contactId;
  }
  importFaults.at?.('contact', row.objectId);
  return objectId;
}

/**
 * The write of an existing contact as a new account's participant, for the account's transaction:
 * composed from the contact's records as the participants grid's Add composes it (its first
 * address, phone and email). A contact without what a participant needs (an address, a phone)
 * refuses the row ('Generic Error' on its Contact ID column).
 */
async function participantWrite(accountId: number, field: string, contactId: number, actor: ImportContext['actor'], source: string) {
  const kind = accountChildren.participants;
  const composed = participantFromContact(await sharedRead(`contact#${contactId}`, () => contactReferenceData(contactId)), {});
  const fields = kind.def.kind.fieldsSchema.safeParse(composed);
  if (!fields.success) throw new RowRefused([exceptionOf(UPLOAD_COLUMNS.Accounts.find((c) => c.field === field)!, contactId, 'genericError')]);
  return kind.puts(accountId, await kind.nextId(), fields.data as never, actor, source);
}

/** Writes an uploaded row's record, its `extra` (the row's move to 'imported') in the same transaction. */
export async function importUploadRow(type: string, row: StoredRow, data: Record<string, unknown>, { actor, source, extra }: ImportContext): Promise<void> {
  const amendmentOfRow = async () => (await amendmentKeyOfRow(data)).amendment;
  switch (type as RowType) {
    case 'Amendments': {
      const [master] = await masterContracts().all({ filter: (m) => m.contractId === num(data.contractId) }, 1);
      const be = num(data.businessEntityId) === null ? null : (await businessEntities().all({ filter: (b) => b.businessEntityId === num(data.businessEntityId) }, 1))[0];
      const input = amendmentCreateBodySchema.parse({
        ...data,
        masterContract: { objectId: master!.objectId },
        businessEntity: be ? { objectId: be.objectId } : null,
        primaryContact: num(data.primaryContactId) === null ? null : { objectId: num(data.primaryContactId) },
      });
      await createAmendmentRecord(input, actor, { source, extra });
      return;
    }
    case 'Accounts': {
      const amendmentId = await amendmentOfRow();
      const all = await sharedRead('territories', () => territories().all({}, 10_000));
      const territory = all.find((t) => t.code.toLowerCase() === String(data.territory).toLowerCase());
      const agentCode = typeof data.agent === 'string' && data.agent ? data.agent.toLowerCase() : null;
      const agent = agentCode ? (await sharedRead(`ag#${agentCode}`, () => agents().all({ filter: (a) => String(a.code).toLowerCase() === agentCode }, 1)))[0] : undefined;
      const input = accountCreateBodySchema.parse({ ...data, contract: { objectId: amendmentId }, territory: { objectId: territory?.objectId }, agent: agent ? { objectId: agent.objectId } : null });
      // the row's contacts become the account's participants in its own transaction (the screens' participant write)
      const contactIds = ACCOUNT_CONTACT_FIELDS.flatMap((field) => (num(data[field]) === null ? [] : [{ field, contactId: num(data[field])! }]));
      if (!contactIds.length) {
        await createAccountRecord(input as never, actor, { source, extra });
        return;
      }
      const objectId = await nextId(accountDef.idCounter);
      const participants = await Promise.all(contactIds.map(async ({ field, contactId }) => (await participantWrite(objectId, field, contactId, actor, source)).actions));
      await createAccountRecord(input as never, actor, { source, extra: [...extra, ...participants.flat()], objectId });
      return;
    }
    case 'Volumes': {
      const account = await getAccount(num(data.accountId)!);
      const volume = withVolumeAt(account.accountVolume, num(data.year)!, num(data.month)!, num(data.volume));
      await updateAccountRecord(account.objectId, { ...(account as unknown as Record<string, unknown>), accountVolume: volume } as never, actor, { source, extra });
      return;
    }
    case 'AmendmentParticipants':
    case 'AccountParticipants': {
      const contactId = num(data.contactId) ?? (await contactOfRow(row, data, actor, source));
      const composed = participantFromContact(await contactReferenceData(contactId), {});
      const kind = type === 'AmendmentParticipants' ? amendmentParticipants : accountChildren.participants;
      const fields = kind.def.kind.fieldsSchema.parse({ ...composed, ...(data.role ? { role: data.role } : {}), ...(data.identifier ? { identifier: data.identifier } : {}) });
      const parentId = type === 'AmendmentParticipants' ? await amendmentOfRow() : num(data.accountId)!;
      await kind.add(parentId!, fields as never, actor, { source, extra });
      return;
    }
    case 'AmendmentCRM':
    case 'AccountCRM': {
      const kind = type === 'AmendmentCRM' ? amendmentCrms : accountChildren.crms;
      const fields = kind.def.kind.fieldsSchema.parse({ crmType: data.crmType, comment: data.comment, date: data.date, isResolved: data.isResolved ?? false });
      const parentId = type === 'AmendmentCRM' ? await amendmentOfRow() : num(data.accountId)!;
      await kind.add(parentId!, fields as never, actor, { source, extra });
      return;
    }
    case 'AccountAddresses': {
      const { accountId: _id, ...fields } = data;
      await accountAddresses.add(num(data.accountId)!, ACCOUNT_ADDRESSES.fieldsSchema.parse(fields) as never, actor, { source, extra });
      return;
    }
    case 'PriceReport': {
      // the account's pricing block takes the report's prices (the effective date stays in the row and the log's source)
      const account = await getAccount(num(data.accountId)!);
      const prices = Object.fromEntries(['contractRate', 'indexAdder', 'priceAdder', 'fixedChargeAmount', 'totalPassthroughs', 'autoRenewalRate'].filter((f) => data[f] !== null && data[f] !== undefined).map((f) => [f, data[f]]));
      await updateAccountRecord(account.objectId, { ...(account as unknown as Record<string, unknown>), ...prices } as never, actor, { source, extra });
      return;
    }
  }
}
