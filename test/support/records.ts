import { sampleLdcNumber } from '@eb/shared/account/ldc-formats';
import { expect } from 'vitest';
import type { Amendment } from '@eb/shared/amendment/schemas';
import type { MasterContract } from '@eb/shared/master-contract/schemas';
import type { ContactCreated } from '@eb/shared/contact/schemas';
import type { Session } from './invoke';

/**
 * Records the handler tests build on (a saved contract, an amendment, a contact with its address,
 * phone and email), created through the API as a user would.
 */
export async function ok<T>(p: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}

/** A saved master contract with generated numbers. */
export async function newMasterContract(editor: Session): Promise<MasterContract> {
  const g = await ok<{ objectId: number; contractId: number }>(editor.post('/api/mastercontract/Generate'));
  return ok<MasterContract>(editor.post('/api/mastercontract/Create', g));
}

/** A valid amendment body (the required fields and a few others). */
export const amendmentBody = (masterContract: { objectId: number }, over: Record<string, unknown> = {}) => ({
  masterContract: { objectId: masterContract.objectId },
  amendmentNumber: 1,
  type: 'New',
  contractStatus: 'Draft',
  receivedDate: '2026-01-05T00:00:00',
  agreementDate: '2026-01-10T00:00:00',
  startDate: '2026-02-01T00:00:00',
  term: 12,
  unitOfMeasure: 'KWH',
  autoRenewalType: 'No Auto Renewal',
  rewards: false,
  ...over,
});

/** A saved amendment on a new contract. */
export async function newAmendment(editor: Session, over: Record<string, unknown> = {}): Promise<Amendment> {
  return ok<Amendment>(editor.post('/api/contract/Create', amendmentBody(await newMasterContract(editor), over)));
}

/** A saved Active contact with a Service address in Newark NJ, a work phone and a work email. */
export async function newContact(editor: Session, over: Record<string, unknown> = {}): Promise<ContactCreated> {
  return ok<ContactCreated>(
    editor.post('/api/primarycontact/Create', {
      firstName: 'Pat',
      lastName: 'Contact',
      identifier: 'ID-1',
      role: 'Owner',
      address: { addressType: 'Service', addressLine: '100 Broad Street', county: 'Essex', city: 'Newark', state: 'NJ', zipCode: '07102' },
      phone: { phoneNumber: '2015550100', type: 'Work' },
      email: { emailAddress: 'pat.contact@example.com', type: 'Work' },
      ...over,
    }),
  );
}

/** The test worker's number (vitest's VITEST_POOL_ID): files running side by side draw apart. */
const WORKER = Number(process.env.VITEST_POOL_ID ?? 0) % 10;
let ldcSerial = 0;
/**
 * An LDC account number of the territory's format, unique across runs, calls and the files that
 * run side by side (the overlap check refuses repeats): the millisecond, the worker, a serial.
 */
export function uniqueLdc(territoryCode = 'PSEG'): string {
  ldcSerial = (ldcSerial + 1) % 100;
  return sampleLdcNumber(territoryCode, (Date.now() * 10 + WORKER) * 100 + ldcSerial);
}

/** A saved account of the amendment in PSEG (a fresh LDC number), with `over` on top. */
export async function newAccount(editor: Session, amendmentId: number, over: Record<string, unknown> = {}): Promise<{ objectId: number; version: number; contractRate: number | null; uploadRate: number | null }> {
  const territories = (await ok<{ data: { code: string; objectId: number }[] }>(editor.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
  return ok(
    editor.post('/api/account/Create', {
      contract: { objectId: amendmentId }, name: 'Harborview Hotels - Main Building', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
      ldcAccountNum: uniqueLdc(), serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12, contractRate: 0.1, ...over,
    }),
  );
}
