import { ACCOUNT_ADDRESSES } from '@eb/shared/account/children';
import { ldcFormatBlock } from '@eb/shared/account/ldc-formats';
import { accountUpdateBodySchema } from '@eb/shared/account/schemas';
import { withVolumeAt, yearInVolume } from '@eb/shared/account/volume';
import { amendmentUpdateBodySchema } from '@eb/shared/amendment/schemas';
import { UPDATE_COLUMNS, updatableField, type UpdateType } from '@eb/shared/update/columns';
import type { ExceptionType, UploadException } from '@eb/shared/upload/exceptions';
import { exceptionOf, ruleErrorType } from '@eb/shared/upload/validate';
import type { UploadColumn } from '@eb/shared/upload/columns';
import type { z } from 'zod';
import { accountAddresses, cascadeAmendmentUnit, getAccount, updateAccountRecord } from '../account/service';
import { agents } from '../agent/service';
import { businessEntities } from '../business-entity/service';
import { amendmentRecord, saveAmendment } from '../amendment/service';
import { NotFoundError } from '../lib/errors';
import { contacts } from '../contact/service';
import { territories } from '../reference/service';
import { type ImportContext, amendmentKeyOfRow } from '../upload/service';
import { sharedRead } from '../lib/bulk-scope';

/**
 * An update row's change, checked against the record it names (issue 11 "Behaviour"): the key must
 * name a stored record ('Entity does not exist.'); a value naming another record (a business entity,
 * a primary contact, a territory or agent code) must name a stored one; and the record with the
 * change must still pass its entity's shared rules (the update body's schema — an end date before
 * the start, an LDC number its territory does not take, a volume year outside the block). The
 * check runs when the row is validated and again when it is imported, against the record as it is
 * then: a record changed since validation is validated again, never overwritten blindly. The write
 * is the forms' versioned update (derived fields follow: an amendment's end date from its start and
 * term, an account's upload rate from its contract rate, the accounts' units from the amendment's).
 */
export type Change = { ok: true; version: number; apply(ctx: ImportContext): Promise<void> } | { ok: false; exceptions: UploadException[] };

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const column = (type: UpdateType, field: string) => UPDATE_COLUMNS[type].find((c) => c.field === field)!;
const refused = (c: Pick<UploadColumn, 'header'>, raw: unknown, type: ExceptionType): Change => ({ ok: false, exceptions: [exceptionOf(c, raw, type)] });
const notFound = (e: unknown) => {
  if (e instanceof NotFoundError) return null;
  throw e;
};

/** A body its schema refuses: the exception of the first field it names (the changed field's label when it is that one). */
function schemaRefusal(type: UpdateType, field: UploadColumn, value: unknown, error: z.ZodError): Change {
  const issue = error.issues[0];
  const path = String(issue?.path[0] ?? '');
  const named = path === field.field || (field.field === 'territory' && path === 'territory') ? field : (updatableField(type, path) ?? { header: path || field.header, kind: 'text' as const, field: path, required: false });
  return { ok: false, exceptions: [exceptionOf(named, named === field ? value : null, named === field ? ruleErrorType(field, issue?.message ?? '') : 'genericError')] };
}

/** The change of an update row (its data as validated), against the record as it is now. */
export async function changeOf(type: UpdateType, data: Record<string, unknown>): Promise<Change> {
  const field = updatableField(type, String(data.fieldName ?? ''))!;
  const value = data.value ?? null;
  switch (type) {
    case 'Amendments': {
      const [contractId, amendmentNumber] = [num(data.contractId)!, num(data.amendmentNumber)!];
      const found = await amendmentKeyOfRow(data);
      if (found.master === undefined) return refused(column(type, 'contractId'), contractId, 'invalidRowKey');
      if (found.amendment === undefined) return refused(column(type, 'amendmentNumber'), amendmentNumber, 'invalidRowKey');
      const current = await amendmentRecord(found.amendment, contractId);
      const change: Record<string, unknown> = { [field.field]: value };
      if (field.field === 'businessEntityId') {
        const [be] = value === null ? [] : await businessEntities().all({ filter: (b) => b.businessEntityId === value }, 1);
        if (value !== null && !be) return refused(field, value, 'checkKeyNotExistsInDb');
        change.businessEntity = be ? { objectId: be.objectId } : null;
      }
      if (field.field === 'primaryContactId') {
        const [contact] = value === null ? [] : await contacts().rowsOf([Number(value)]);
        if (value !== null && !contact) return refused(field, value, 'checkKeyNotExistsInDb');
        change.primaryContact = contact ? { objectId: contact.objectId } : null;
      }
      const body = amendmentUpdateBodySchema.safeParse({ ...current, ...change, version: current.version });
      if (!body.success) return schemaRefusal(type, field, value, body.error);
      return {
        ok: true,
        version: current.version,
        async apply({ actor, source, extra }) {
          await saveAmendment(current.objectId, body.data, actor, { cascadeUnit: cascadeAmendmentUnit, source, extra });
        },
      };
    }
    case 'Accounts':
    case 'Volumes': {
      const current = await getAccount(num(data.accountNumber)!).catch(notFound);
      if (!current) return refused(column(type, 'accountNumber'), data.accountNumber, 'invalidRowKey');
      const change: Record<string, unknown> = {};
      if (type === 'Volumes') {
        const [year, month] = [num(data.year)!, num(data.month)!];
        const block = current.accountVolume;
        if (month < 1 || month > 12) return refused(column(type, 'month'), month, 'invalidMonth');
        if (!block) return refused(field, value, 'volumeNotConfigured');
        if (!yearInVolume(block, year)) return refused(column(type, 'year'), year, 'yearOutOfRange');
        change.accountVolume = withVolumeAt(block, year, month, num(value));
      } else if (field.field === 'territory') {
        const all = await sharedRead('territories', () => territories().all({}, 10_000));
        const territory = all.find((t) => t.code.toLowerCase() === String(value).toLowerCase());
        if (!territory) return refused(field, value, 'checkKeyNotExistsInDb');
        change.territory = { objectId: territory.objectId };
        if (ldcFormatBlock(territory, current.ldcAccountNum)) return refused(field, value, 'invalidDataTypeEnum');
      } else if (field.field === 'agent') {
        const code = value === null ? null : String(value).toLowerCase();
        const [agent] = code === null ? [] : await sharedRead(`ag#${code}`, () => agents().all({ filter: (a) => String(a.code).toLowerCase() === code }, 1));
        if (code !== null && !agent) return refused(field, value, 'invalidAgent');
        change.agent = agent ? { objectId: agent.objectId } : null;
      } else {
        change[field.field] = value;
        if (field.field === 'ldcAccountNum') {
          // the territory's format when it blocks (issue 28: a warning lets the number in)
          const all = await sharedRead('territories', () => territories().all({}, 10_000));
          const territory = all.find((t) => t.objectId === current.territory?.objectId);
          if (ldcFormatBlock(territory, typeof value === 'string' ? value : null)) return refused(field, value, 'invalidDataTypeEnum');
        }
      }
      const body = accountUpdateBodySchema.safeParse({ ...current, ...change, version: current.version });
      if (!body.success) return schemaRefusal(type, field, value, body.error);
      return {
        ok: true,
        version: current.version,
        async apply({ actor, source, extra }) {
          await updateAccountRecord(current.objectId, body.data as never, actor, { source, extra });
        },
      };
    }
    case 'AccountAddresses': {
      const current = await accountAddresses.get(num(data.accountAddressId)!).catch(notFound);
      if (!current) return refused(column(type, 'accountAddressId'), data.accountAddressId, 'invalidRowKey');
      const fields = Object.fromEntries(Object.keys(ACCOUNT_ADDRESSES.shape).map((f) => [f, (current as unknown as Record<string, unknown>)[f] ?? null]));
      const body = ACCOUNT_ADDRESSES.fieldsSchema.safeParse({ ...fields, [field.field]: value });
      if (!body.success) return schemaRefusal(type, field, value, body.error);
      return {
        ok: true,
        version: current.version,
        async apply({ actor, source, extra }) {
          await accountAddresses.update(current.objectId, current.version, body.data as never, actor, { source, extra });
        },
      };
    }
  }
}
