import { ldcFormatBlock, normalizeLdcNumber, termsOverlap } from '@eb/shared/account/ldc-formats';
import { yearInVolume, type AccountVolume } from '@eb/shared/account/volume';
import { UPLOAD_COMMISSION_SHARE_MAX } from '@eb/shared/constants';
import { UPLOAD_COLUMNS, type RowType, type UploadColumn } from '@eb/shared/upload/columns';
import type { ExceptionType } from '@eb/shared/upload/exceptions';
import { exceptionOf } from '@eb/shared/upload/validate';
import { ldcTerms, accountDef, accounts } from '../account/service';
import { agents } from '../agent/service';
import { businessEntities } from '../business-entity/service';
import { amendments } from '../amendment/service';
import { sharedRead, bulkScope } from '../lib/bulk-scope';
import { batchGet } from '../lib/db';
import { masterContracts } from '../master-contract/service';
import { contacts } from '../contact/service';
import { territories } from '../reference/service';
import type { Pending } from './pipeline';

/** The columns a participant row needs when it has no Contact ID (its contact is created from them). */
const PARTICIPANT_CONTACT_FIELDS = ['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'phoneNumber'];

/**
 * The uploader's cross-record checks of a chunk of rows (issue 10 "Validation"): keys that must
 * name stored records ('Key Not Exists In DB.'), records that must not exist yet and repeats within
 * the batch ('Duplicate Record - Please remove.'), the LDC number's territory format, an overlapping
 * base account, an unknown agent, the commission limit, and a volume's month, account block and
 * years.
 */
const column = (type: RowType, field: string) => UPLOAD_COLUMNS[type].find((c) => c.field === field)!;
function add(p: Pending, type: RowType, field: string, reason: ExceptionType) {
  const c = column(type, field);
  if (!p.exceptions.some((e) => e.uiHeader === c.header)) p.exceptions.push(exceptionOf(c, p.cells[field], reason));
}
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The records of these keys, each key asked once per parse: inside the parse's bulk scope a key
 * found (or not) by an earlier chunk is answered from the scope (a batch's rows share their
 * contracts, amendments and agents); the keys not asked yet go in one `find`. Outside a scope
 * (Resolve) every key is asked.
 */
async function lookup<K extends string | number, V>(name: string, keys: Iterable<K>, find: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
  const wanted = [...new Set(keys)];
  const memo = bulkScope()?.memo;
  const missing = memo ? wanted.filter((k) => !memo.has(`lookup:${name}#${k}`)) : wanted;
  const found = missing.length ? find(missing) : Promise.resolve(new Map<K, V>());
  if (memo) for (const k of missing) memo.set(`lookup:${name}#${k}`, found.then((m) => m.get(k)));
  const out = new Map<K, V>();
  for (const k of wanted) {
    const v = memo ? ((await memo.get(`lookup:${name}#${k}`)) as V | undefined) : (await found).get(k);
    if (v !== undefined) out.set(k, v);
  }
  return out;
}

/** The cross-record checks of a chunk of rows (in place). */
export async function crossCheck(type: RowType, rows: Pending[], seen: Set<string>): Promise<void> {
  const has = (p: Pending, field: string) => !p.exceptions.some((e) => e.uiHeader === column(type, field).header);
  const columns = UPLOAD_COLUMNS[type];
  const hasField = (f: string) => columns.some((c: UploadColumn) => c.field === f);

  // contract id -> master contract; (master contract, amendment #) -> amendment
  if (hasField('contractId') && type !== 'PriceReport') {
    const masters = await lookup('mc', rows.map((r) => num(r.data.contractId)).filter((v): v is number => v !== null), async (ids) => {
      const wanted = new Set(ids);
      return new Map((await masterContracts().all({ filter: (m) => wanted.has(m.contractId) }, wanted.size + 1)).map((m) => [m.contractId, m.objectId]));
    });
    const pairs: string[] = [];
    for (const r of rows) {
      const m = masters.get(num(r.data.contractId) ?? -1);
      if (m === undefined) {
        if (has(r, 'contractId') && r.data.contractId !== null) add(r, type, 'contractId', 'checkKeyNotExistsInDb');
        continue;
      }
      r.data.masterContractRef = m;
      pairs.push(`${m}#${num(r.data.amendmentNumber)}`);
    }
    const found = await lookup('am', pairs, async (missing) => {
      const wanted = new Set(missing);
      return new Map((await amendments().all({ filter: (a) => wanted.has(`${a.masterContractRef}#${a.amendmentNumber}`) }, wanted.size + 1)).map((a) => [`${a.masterContractRef}#${a.amendmentNumber}`, a.objectId]));
    });
    for (const r of rows) {
      if (r.data.masterContractRef === undefined || num(r.data.amendmentNumber) === null) continue;
      const pair = `${r.data.masterContractRef}#${num(r.data.amendmentNumber)}`;
      const amendment = found.get(pair);
      if (type === 'Amendments') {
        // a new amendment: its number is free under its contract, once in the batch
        if (amendment !== undefined || seen.has(pair)) add(r, type, 'amendmentNumber', 'duplicateRecord');
        seen.add(pair);
      } else if (amendment === undefined) add(r, type, 'amendmentNumber', 'checkKeyNotExistsInDb');
      else r.data.amendmentRef = amendment;
    }
  }

  // CAMS account id -> account
  if (hasField('accountId')) {
    const ids = [...new Set(rows.map((r) => num(r.data.accountId)).filter((v): v is number => v !== null))];
    const found = new Map((await accounts().rowsOf(ids)).map((a) => [a.objectId, a]));
    for (const r of rows) {
      const id = num(r.data.accountId);
      if (id !== null && !found.has(id)) add(r, type, 'accountId', 'checkKeyNotExistsInDb');
    }
  }

  // territory code, agent code, business entity, contacts
  if (hasField('territory') && type === 'Accounts') {
    const byCode = await sharedRead('territoriesByCode', async () => new Map((await territories().all({}, 10_000)).map((t) => [t.code.toLowerCase(), t])));
    for (const r of rows) {
      const code = text(r.data.territory);
      const t = code === null ? undefined : byCode.get(code.toLowerCase());
      if (code !== null && !t) add(r, type, 'territory', 'checkKeyNotExistsInDb');
      if (t) {
        r.data.territoryRef = t.objectId;
        if (has(r, 'ldcAccountNum') && ldcFormatBlock(t, text(r.data.ldcAccountNum))) add(r, type, 'ldcAccountNum', 'invalidDataTypeEnum');
      }
      // the same LDC number twice in the batch
      const ldc = text(r.data.ldcAccountNum)?.replace(/[\s-]/g, '').toUpperCase();
      if (ldc) {
        if (seen.has(`ldc#${ldc}`)) add(r, type, 'ldcAccountNum', 'duplicateRecord');
        seen.add(`ldc#${ldc}`);
      }
      // the commission limit: master, agent and sub-agent rates together at most a share of the contract rate
      const commission = (num(r.data.commissionMasterUnit) ?? 0) + (num(r.data.commissionUnitNum) ?? 0) + (num(r.data.commissionSubAgentUnit) ?? 0);
      const rate = num(r.data.contractRate);
      if (commission > 0 && rate !== null && commission > rate * UPLOAD_COMMISSION_SHARE_MAX) add(r, type, 'commissionUnitNum', 'invalidCommission');
    }
  }
  // an account of the same LDC number whose term overlaps the row's ('Overlapping dates on base accounts')
  if (type === 'Accounts') {
    const stored = await ldcTerms(rows.map((r) => text(r.data.ldcAccountNum) ?? ''));
    for (const r of rows) {
      const number = normalizeLdcNumber(text(r.data.ldcAccountNum) ?? '');
      const term = [text(r.data.contractStartDate), text(r.data.contractEndDate)] as const;
      if (number && (stored.get(number) ?? []).some((t) => termsOverlap(term, t))) add(r, type, 'ldcAccountNum', 'overlappedAccounts');
    }
  }
  if (hasField('agent') && type === 'Accounts') {
    const byCode = await lookup('ag', rows.map((r) => text(r.data.agent)?.toLowerCase()).filter((c): c is string => !!c), async (missing) => {
      const codes = new Set(missing);
      return new Map((await agents().all({ filter: (a) => codes.has(String(a.code).toLowerCase()) }, codes.size + 1)).map((a) => [String(a.code).toLowerCase(), a.objectId]));
    });
    for (const r of rows) {
      const code = text(r.data.agent)?.toLowerCase();
      if (code && !byCode.has(code)) add(r, type, 'agent', 'invalidAgent');
    }
  }
  if (hasField('businessEntityId')) {
    const found = await lookup('be', rows.map((r) => num(r.data.businessEntityId)).filter((v): v is number => v !== null), async (ids) => {
      const wanted = new Set(ids);
      return new Map((await businessEntities().all({ filter: (b) => wanted.has(b.businessEntityId) }, wanted.size + 1)).map((b) => [b.businessEntityId, true]));
    });
    for (const r of rows) if (num(r.data.businessEntityId) !== null && !found.has(num(r.data.businessEntityId)!)) add(r, type, 'businessEntityId', 'checkKeyNotExistsInDb');
  }
  // contact ids (an amendment's primary contact, a participant's contact, an account's contacts): stored contacts, each once in a row
  const contactFields = columns.filter((c) => c.lookup === 'contact' || c.lookup === 'primaryContact').map((c) => c.field);
  if (contactFields.length) {
    const ids = [...new Set(rows.flatMap((r) => contactFields.map((f) => num(r.data[f]))).filter((v): v is number => v !== null))];
    const found = new Set((await contacts().rowsOf(ids)).map((c) => c.objectId));
    for (const r of rows) {
      const inRow = new Set<number>();
      for (const field of contactFields) {
        const id = num(r.data[field]);
        if (id === null) continue;
        if (!found.has(id)) add(r, type, field, 'checkKeyNotExistsInDb');
        else if (inRow.has(id)) add(r, type, field, 'duplicateRecord');
        inRow.add(id);
      }
    }
  }

  // a participant without a Contact ID is created from its columns: they must be there
  if (type === 'AmendmentParticipants' || type === 'AccountParticipants') {
    for (const r of rows) {
      if (num(r.data.contactId) !== null) continue;
      for (const field of PARTICIPANT_CONTACT_FIELDS) if (r.data[field] === null || r.data[field] === undefined || r.data[field] === '') add(r, type, field, 'requiredField');
    }
  }

  // volumes: a month 1-12, an account with a volume block whose years hold the row's, once per account and month in the batch
  if (type === 'Volumes') {
    const ids = [...new Set(rows.map((r) => num(r.data.accountId)).filter((v): v is number => v !== null))];
    const blocks = new Map((await batchGet(ids.map((id) => accountDef.key(id)))).map((i) => [Number(i.objectId), i.accountVolume as AccountVolume | null | undefined]));
    for (const r of rows) {
      const id = num(r.data.accountId);
      if (id !== null && blocks.has(id)) {
        const block = blocks.get(id);
        const year = num(r.data.year);
        if (!block) add(r, type, 'volume', 'volumeNotConfigured');
        else if (year !== null && !yearInVolume(block, year)) add(r, type, 'year', 'yearOutOfRange');
      }
      const month = num(r.data.month);
      if (month !== null && (month < 1 || month > 12)) add(r, type, 'month', 'invalidMonth');
      const k = `vol#${num(r.data.accountId)}#${num(r.data.year)}#${month}`;
      if (seen.has(k)) add(r, type, 'volume', 'duplicateRecord');
      seen.add(k);
    }
  }
}
