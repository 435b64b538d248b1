import { MSG } from '@eb/shared/messages';
import {
  MASTER_CONTRACT_FIELDS,
  type GeneratedMasterContract,
  type MasterContract,
  type MasterContractCreateInput,
  type MasterContractUpdateInput,
} from '@eb/shared/master-contract/schemas';
import type { Actor } from '../lib/change-log';
import { getItem, keys, nextId, raiseCounterTo, table, transact, type TransactItem } from '../lib/db';
import { prepareEntityCreate, requireEntity, updateEntity, type EntityDef } from '../lib/entity';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { listEngine, type ListSpec } from '../lib/list-engine';

/**
 * Master contracts (spec 2 "Contract Details", section 3 "Master contract"): versioned entities
 * (type 'masterContract', key MASTERCONTRACT#objectId) with their change log, listed by the list
 * engine (the contracts list joins their contractId). Two numbers, as for business entities: the
 * objectId (what amendments reference) and the contractId users know, reserved in advance by
 * Generate from the counter `contractId`. A contractId belongs to one master contract: the item
 * CONTRACTID#n is written in the same transaction as the create (or the update that changes it),
 * on the condition that it does not exist yet, so a taken number answers 409 and writes nothing.
 * A saved master contract is valid (contractValid: spec 2 section 4).
 */
type MasterContractRecord = Omit<MasterContract, 'version'>;

export const CONTRACT_ID_COUNTER = 'contractId';
const GENERATE_ATTEMPTS = 25;

export const masterContractDef: EntityDef<MasterContractRecord> = {
  type: 'masterContract',
  key: keys.masterContract,
  idCounter: 'masterContract',
  fields: MASTER_CONTRACT_FIELDS,
  label: (m) => String(m.contractId),
};

export function toMasterContract(stored: object): MasterContract {
  const item = stored as Record<string, unknown>;
  return {
    objectId: Number(item.objectId),
    contractId: Number(item.contractId),
    contractValid: item.contractValid === true,
    version: Number(item.version ?? 1),
  };
}

export const masterContractListSpec: ListSpec<MasterContract> = {
  type: masterContractDef.type,
  project: toMasterContract,
  id: (r) => r.objectId,
  searchText: (r) => String(r.contractId),
  sortKeys: { contractId: 'contractId' },
  defaultSort: { field: 'contractId', direction: 'Descending' },
};
export const masterContracts = () => listEngine(masterContractListSpec);

export async function getMasterContract(objectId: number): Promise<MasterContract> {
  return toMasterContract(await requireEntity(masterContractDef, objectId));
}

/** 404 (with the field text) unless the master contract exists. */
export async function requireMasterContract(objectId: number): Promise<MasterContract> {
  try {
    return await getMasterContract(objectId);
  } catch (e) {
    if (e instanceof NotFoundError) throw new AppError(404, MSG.masterContractMissing, { masterContract: MSG.masterContractMissing });
    throw e;
  }
}

const numberTaken = async (contractId: number) => !!(await getItem(keys.contractNumber(contractId)));

/** POST mastercontract/Generate: a new objectId and contractId, both reserved from their counters. */
export async function generateMasterContract(): Promise<GeneratedMasterContract> {
  const objectId = await nextId(masterContractDef.idCounter);
  for (let i = 0; i < GENERATE_ATTEMPTS; i++) {
    const contractId = await nextId(CONTRACT_ID_COUNTER);
    if (!(await numberTaken(contractId))) return { objectId, contractId };
  }
  throw new Error('generateMasterContract: no free contractId found');
}


const duplicateNumber = () => new AppError(409, MSG.contractIdExists, { contractId: MSG.contractIdExists });
const claimNumber = (contractId: number, objectId: number): TransactItem => ({
  Put: { TableName: table(), Item: { ...keys.contractNumber(contractId), objectId }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** POST mastercontract/Create: the reserved objectId (or a new one) and the contractId; valid once saved. */
export async function createMasterContract(input: MasterContractCreateInput, actor: Actor): Promise<MasterContract> {
  const creation = await masterContractCreation(input, actor);
  await creation.commit();
  return creation.master;
}

/**
 * A new master contract's writes (the record, its change-log event, the claim of its contractId),
 * `actions`, to commit alone or in another record's transaction: a new contract and its first
 * amendment are one transaction (contract/Create with newMasterContract), so a refused amendment
 * leaves no empty contract behind.
 */
export async function masterContractCreation(input: MasterContractCreateInput, actor: Actor) {
  if (input.objectId !== undefined) {
    const counter = await getItem<{ value: number }>(keys.counter(masterContractDef.idCounter));
    if (input.objectId > Number(counter?.value ?? 0)) {
      throw new BadRequestError(MSG.contractIdNotGenerated, { objectId: MSG.contractIdNotGenerated });
    }
  }
  const objectId = input.objectId ?? (await nextId(masterContractDef.idCounter));
  const write = await prepareEntityCreate(
    masterContractDef,
    { contractId: input.contractId, contractValid: true },
    { actor, extra: [claimNumber(input.contractId, objectId)] },
    { objectId },
  );
  return {
    master: toMasterContract(write.item),
    actions: write.actions,
    /** writes the contract alone, or runs `within`: the caller's own transaction, which includes `actions` */
    async commit(within?: () => Promise<unknown>): Promise<void> {
      try {
        await (within ? within() : transact(write.actions));
      } catch (e) {
        if (e instanceof ConflictError && (await numberTaken(input.contractId))) throw duplicateNumber();
        if (e instanceof ConflictError && !within) throw new ConflictError(MSG.contractIdExists);
        throw e;
      }
      await raiseCounterTo(CONTRACT_ID_COUNTER, input.contractId);
    },
  };
}

/** PUT mastercontract/Update?id: a new contractId (its number moves with it), if `version` is still the stored one. */
export async function updateMasterContract(objectId: number, input: MasterContractUpdateInput, actor: Actor): Promise<MasterContract> {
  const current = toMasterContract(await requireEntity(masterContractDef, objectId));
  const moves = current.contractId !== input.contractId;
  const extra: TransactItem[] = moves
    ? [claimNumber(input.contractId, objectId), { Delete: { TableName: table(), Key: keys.contractNumber(current.contractId) } }]
    : [];
  try {
    const stored = await updateEntity(masterContractDef, objectId, input.version, { contractId: input.contractId, contractValid: true }, { actor, extra });
    if (moves) await raiseCounterTo(CONTRACT_ID_COUNTER, input.contractId);
    return toMasterContract(stored);
  } catch (e) {
    if (e instanceof ConflictError && moves && (await numberTaken(input.contractId)) && input.version === current.version) throw duplicateNumber();
    throw e;
  }
}
