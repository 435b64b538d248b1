import { z } from 'zod';
import { CONTRACT_ID_MAX } from '../constants';
import { versionSchema } from '../field-rules';
import { MSG } from '../messages';

/**
 * Master contract (spec 2 section 3: objectId, contractId, contractValid). A new contract gets a
 * contractId and objectId in advance (Generate); Save creates it, and it is then valid (spec 2
 * section 4). Contract ID is required for Save (section 5). The contractId is the number users
 * know; it belongs to one master contract.
 */

/** A contractId: a positive integer; digit-only text is accepted and read as a number. */
export const contractIdSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v) : v === null ? undefined : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.invalidDataTypeInteger) })
    .int(MSG.invalidDataTypeInteger)
    .min(1, MSG.invalidDataTypeInteger)
    .max(CONTRACT_ID_MAX, MSG.invalidDataTypeInteger),
);

/** POST mastercontract/Create: the contractId (from Generate, or typed) and the objectId Generate reserved, if any. */
export const masterContractCreateBodySchema = z.object({
  objectId: z.preprocess((v) => (v === null || v === 0 ? undefined : v), z.number({ error: MSG.invalidInput }).int().positive().optional()),
  contractId: contractIdSchema,
});
export type MasterContractCreateInput = z.output<typeof masterContractCreateBodySchema>;

/** PUT mastercontract/Update?id: the contractId and the version read. */
export const masterContractUpdateBodySchema = z.object({ contractId: contractIdSchema, version: versionSchema });
export type MasterContractUpdateInput = z.output<typeof masterContractUpdateBodySchema>;

/** A stored master contract as the API answers it. */
export interface MasterContract {
  objectId: number;
  contractId: number;
  /** true once saved (spec 2 section 4: Add Amendment needs a saved, valid contract) */
  contractValid: boolean;
  version: number;
}

/** POST mastercontract/Generate: a new contractId and objectId, reserved (never handed out again). */
export interface GeneratedMasterContract {
  objectId: number;
  contractId: number;
}

/** GET mastercontract/getNextAmendmentNumber?id: the number the next amendment of the contract takes. */
export interface NextAmendmentNumber {
  amendmentNumber: number;
}

export const MASTER_CONTRACT_FIELDS = ['contractId', 'contractValid'] as const;
export const MASTER_CONTRACT_LABELS = { contractId: 'Contract ID', contractValid: 'Contract Valid' } as const;
