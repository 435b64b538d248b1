import type { MasterContractCreateInput, MasterContractUpdateInput } from '@eb/shared/master-contract/schemas';
import { nextAmendmentNumber } from '../amendment/service';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { createMasterContract, generateMasterContract, getMasterContract, updateMasterContract } from './repository';

/** The master contract Lambda (spec 2 section 7 "Resource 'mastercontract'"). Agents read only. */
export const handler = resourceHandler('mastercontract', {
  /** GET mastercontract/Get?id -> the master contract */
  'GET get': ({ query }: ActionContext<{ id: number }>) => getMasterContract(query.id),
  /** POST mastercontract/Create, body: { objectId?, contractId } -> the saved (valid) master contract; 409 when the number is taken */
  'POST create': ({ body, user }: ActionContext<unknown, MasterContractCreateInput>) => createMasterContract(body, actorOf(user!)),
  /** PUT mastercontract/Update?id, body: { contractId, version } -> the saved master contract */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, MasterContractUpdateInput>) => updateMasterContract(query.id, body, actorOf(user!)),
  /** POST mastercontract/Generate -> { objectId, contractId }, both reserved */
  'POST generate': () => generateMasterContract(),
  /** GET mastercontract/getNextAmendmentNumber?id -> { amendmentNumber } */
  'GET getnextamendmentnumber': async ({ query }: ActionContext<{ id: number }>) => ({ amendmentNumber: await nextAmendmentNumber(query.id) }),
});
