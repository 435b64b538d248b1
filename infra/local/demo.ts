import { agentCreateBodySchema } from '@eb/shared/agent/schemas';
import { amendmentCreateBodySchema } from '@eb/shared/amendment/schemas';
import { contactCreateBodySchema } from '@eb/shared/contact/schemas';
import { createAgent } from '../../functions/src/agent/repository';
import { createBusinessEntity } from '../../functions/src/business-entity/repository';
import { CONTRACT_CRMS } from '@eb/shared/amendment/children';
import { contactAddUpdate, amendmentCrms } from '../../functions/src/amendment/children';
import { createAmendment } from '../../functions/src/amendment/repository';
import { accountCreateBodySchema } from '@eb/shared/account/schemas';
import { loadBillingBodySchema } from '@eb/shared/account/billing';
import { loadBillingRows } from '../../functions/src/account/billing';
import { createAccount } from '../../functions/src/account/repository';
import { listTerritoryPage } from '../../functions/src/reference/repository';
import { generatedAccount, generatedAmendment, generatedBusinessEntity, generatedContact, generatedValidation, generatedVolume } from './contract-generator';
import { rowStore } from '../../functions/src/upload/rows';
import { nextId } from '../../functions/src/lib/db';
import { getItem, table } from '../../functions/src/lib/db';
import { dynamo } from '../../functions/src/lib/aws';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createMasterContract, generateMasterContract } from '../../functions/src/master-contract/repository';
import { createContact } from '../../functions/src/contact/repository';
import { SYSTEM_ACTOR, findUserByEmail } from '../../functions/src/users/repository';
import { actorOf } from '../../functions/src/lib/entity';
import { toTransferDate } from '@eb/shared/formats';

/**
 * Demo data on request (`LOCAL_DEMO_DATA=1 npm start`): a small, plausible book of business so that
 * every screen has something to show: business entities, their primary contacts, agents, and
 * contracts with a few amendments each, their accounts (with volumes and a year of billing rows),
 * their participants and CRM notes (values from
 * contract-generator.ts, as the benchmark's). Written once (a marker item remembers it) through the same
 * versioned write path as the screens, so each record has its change log ('System').
 */
const MARKER = { pk: 'DEMO', sk: 'SEEDED' };

const COMPANIES = [
  ['Harborview Hotels LLC', 'LLC', 'Commercial'],
  ['Garden State Bakeries Inc', 'Corporation', 'Commercial'],
  ['Riverside Manufacturing Co', 'Corporation', 'Industrial'],
  ['Township of Maple Glen', 'Government', 'Municipal'],
  ['Northshore Medical Partners', 'Partnership', 'Commercial'],
  ['Keystone Cold Storage LLC', 'LLC', 'Industrial'],
] as const;
const PEOPLE = [
  ['Maria', 'Rivera', 'Owner', '100 Ocean Avenue', 'Long Branch', '07740'],
  ['James', 'Okafor', 'Officer', '25 Market Street', 'Newark', '07102'],
  ['Linda', 'Chen', 'Authorized Signer', '8 Mill Road', 'Trenton', '08608'],
  ['Robert', 'Walsh', 'Facility Manager', '1 Municipal Plaza', 'Cherry Hill', '08002'],
  ['Aisha', 'Patel', 'Billing Contact', '300 Harbor Drive', 'Jersey City', '07302'],
  ['Tomás', 'García', 'Owner', '45 Industrial Way', 'Edison', '08817'],
] as const;
const AGENTS = [
  ['AG-ATLANTIC', 'Atlantic Energy Brokers'],
  ['AG-SUMMIT', 'Summit Power Advisors'],
  ['AG-PINE', 'Pine Barrens Consulting'],
] as const;
const CRM_NOTES = [
  ['Call', 'Customer asked for a copy of the signed amendment.'],
  ['Pricing Question', 'Asked whether the fixed price covers capacity charges.'],
  ['Email', 'Sent the renewal offer; waiting for the signature.'],
  ['Contract Question', 'Clarified the auto renewal terms with the facility manager.'],
] as const;

/** A name as the local part of an email address (accents dropped). */
const ascii = (name: string) => name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();

/** How many generated contracts follow the hand-written ones (LOCAL_DEMO_CONTRACTS; more than a page of amendments). */
const GENERATED_CONTRACTS = Number(process.env.LOCAL_DEMO_CONTRACTS ?? 60);

/**
 * A demo account of an amendment (generatedAccount) with its volume block, and the billing rows of
 * its months read so far (at most twelve), loaded as the billing feed loads them.
 */
async function demoAccount(
  i: number,
  amendment: { objectId: number; startDate: string | null; term: number | null; unitOfMeasure: string | null; contractStatus: string | null },
  territories: Map<string, number>,
  actor: typeof SYSTEM_ACTOR,
) {
  const terms = { startDate: amendment.startDate ?? '2026-01-01T00:00:00', term: amendment.term ?? 12, unitOfMeasure: amendment.unitOfMeasure ?? 'KWH', contractStatus: amendment.contractStatus ?? 'Draft' };
  const { territoryCode, ...fields } = generatedAccount(i, terms);
  const account = await createAccount(
    accountCreateBodySchema.parse({
      ...fields,
      contract: { objectId: amendment.objectId },
      territory: { objectId: territories.get(territoryCode)! },
      accountVolume: generatedVolume(i, terms.startDate, terms.term, terms.unitOfMeasure, fields.annualUsage),
    }) as Parameters<typeof createAccount>[0],
    actor,
  );
  const rows = [];
  const today = new Date().toISOString().slice(0, 10);
  for (let m = 0; m < 12; m++) {
    const from = new Date(Date.UTC(Number(terms.startDate.slice(0, 4)), Number(terms.startDate.slice(5, 7)) - 1 + m, 1));
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0));
    if (to.toISOString().slice(0, 10) >= today) break;
    const quantity = Math.round(fields.annualUsage / 12);
    const charge = Math.round(quantity * fields.contractRate * 100) / 100;
    const tax = Math.round(charge * 0.06625 * 100) / 100;
    rows.push({
      fromDate: `${from.toISOString().slice(0, 10)}T00:00:00`,
      toDate: `${to.toISOString().slice(0, 10)}T00:00:00`,
      usageDays: to.getUTCDate(),
      canceled: m === 3 && i % 4 === 0,
      usageQuantity: quantity,
      rateBilledUnitPrice: fields.contractRate,
      usageChargeAmount: charge,
      tax,
      totalBill: Math.round((charge + tax) * 100) / 100,
    });
  }
  if (rows.length) await loadBillingRows(loadBillingBodySchema.parse({ account: { objectId: account.objectId }, rows }), actor);
}

/** Seeds the demo data unless it was seeded before; answers how many contracts it wrote. */
export async function seedDemoData(options: { generatedContracts?: number; adminEmail?: string } = {}): Promise<number> {
  const generatedContracts = options.generatedContracts ?? GENERATED_CONTRACTS;
  if (await getItem(MARKER)) return 0;
  const actor = SYSTEM_ACTOR;
  const entities = [];
  for (const [legalName, companyType, type] of COMPANIES) {
    entities.push(await createBusinessEntity({ legalName, companyType, type, isActive: true }, actor));
  }
  const contacts = [];
  for (const [i, [firstName, lastName, role, addressLine, city, zipCode]] of PEOPLE.entries()) {
    const input = contactCreateBodySchema.parse({
      firstName,
      lastName,
      role,
      businessEntity: { objectId: entities[i]!.objectId },
      address: { addressType: 'Service', addressLine, city, state: 'NJ', county: 'Monmouth', zipCode },
      phone: { phoneNumber: `73255501${String(i).padStart(2, '0')}`, type: 'Work' },
      email: { emailAddress: `${ascii(firstName)}.${ascii(lastName)}@example.com`, type: 'Work' },
    });
    contacts.push(await createContact(input, actor));
  }
  for (const [code, name] of AGENTS) {
    await createAgent(agentCreateBodySchema.parse({ code, name, masterCommissionElectric: 0.002, agentCommissionElectric: 0.001 }), actor);
  }
  const territories = new Map((await listTerritoryPage({ limit: '100' })).data.map((t) => [t.code, t.objectId]));
  let accountSerial = 0;
  let contracts = 0;
  const followedUp: number[] = [];
  for (let c = 0; c < 8; c++) {
    const generated = await generateMasterContract();
    const master = await createMasterContract(generated, actor);
    contracts++;
    const owner = c % COMPANIES.length;
    for (let n = 1; n <= 1 + (c % 3); n++) {
      const amendment = await createAmendment(
        amendmentCreateBodySchema.parse({
          ...generatedAmendment(c, n),
          ...generatedValidation(c, n, generatedAmendment(c, n).contractStatus),
          masterContract: { objectId: master.objectId },
          businessEntity: { objectId: entities[owner]!.objectId },
          primaryContact: { objectId: contacts[owner]!.objectId },
        }),
        actor,
      );
      if (n === 1 && c < 4) followedUp.push(amendment.objectId);
      // its accounts, with their volumes and a year of billing from the billing feed
      for (let k = 0; k < 1 + ((c + n) % 3); k++) await demoAccount(++accountSerial, amendment, territories, actor);
      // its participants (the owner's contact, and the next company's) and a CRM note or two
      for (const who of [owner, (owner + 1) % COMPANIES.length].slice(0, 1 + (n % 2))) {
        await contactAddUpdate({ contract: { objectId: amendment.objectId }, contact: { objectId: contacts[who]!.objectId } }, actor);
      }
      for (let k = 0; k < 1 + ((c + n) % 2); k++) {
        await amendmentCrms.add(
          amendment.objectId,
          CONTRACT_CRMS.fieldsSchema.parse({
            crmType: CRM_NOTES[(c + n + k) % CRM_NOTES.length]![0],
            comment: CRM_NOTES[(c + n + k) % CRM_NOTES.length]![1],
            date: amendment.receivedDate,
            isResolved: k === 0 && n % 2 === 0,
          }),
          actor,
        );
      }
    }
  }
  // more contracts from the generator (as the benchmark's): a book a user pages through
  const owners = Math.max(1, Math.ceil(generatedContracts / 4));
  const generatedOwners = [];
  for (let i = 1; i <= owners && generatedContracts > 0; i++) {
    const be = await createBusinessEntity(generatedBusinessEntity(i), actor);
    const person = generatedContact(i);
    const contact = await createContact(
      contactCreateBodySchema.parse({
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        businessEntity: { objectId: be.objectId },
        address: { addressType: 'Service', addressLine: `${100 + i} Main Street`, city: 'Newark', state: 'NJ', county: 'Essex', zipCode: '07102' },
        phone: { phoneNumber: `9735550${String(100 + i).padStart(3, '0')}`, type: 'Work' },
      }),
      actor,
    );
    generatedOwners.push({ be: be.objectId, contact: contact.objectId });
  }
  for (let c = 100; c < 100 + generatedContracts; c++) {
    const master = await createMasterContract(await generateMasterContract(), actor);
    contracts++;
    const owner = generatedOwners[c % generatedOwners.length]!;
    for (let n = 1; n <= 1 + (c % 4); n++) {
      const amendment = await createAmendment(
        amendmentCreateBodySchema.parse({
          ...generatedAmendment(c, n),
          ...generatedValidation(c, n, generatedAmendment(c, n).contractStatus),
          masterContract: { objectId: master.objectId },
          businessEntity: { objectId: owner.be },
          primaryContact: { objectId: owner.contact },
        }),
        actor,
      );
      await demoAccount(++accountSerial, amendment, territories, actor);
    }
  }
  await demoBatches();
  // the seeded admin's own follow-up notes: their 'My recent changes' on Work Queues is not empty
  const admin = options.adminEmail ? await findUserByEmail(options.adminEmail) : undefined;
  if (admin) {
    for (const [i, objectId] of followedUp.entries()) {
      const note = CRM_NOTES[(i + 2) % CRM_NOTES.length]!;
      await amendmentCrms.add(objectId, CONTRACT_CRMS.fieldsSchema.parse({ crmType: note[0], comment: note[1], date: toTransferDate(new Date()), isResolved: false }), actorOf(admin));
    }
  }
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...MARKER, at: new Date().toISOString() } }));
  return contracts;
}

/**
 * Uploader and updater batches left with exceptions (the home page's batches queue and exceptions
 * chart): a few rows each, some fixed, some still open, as a parse leaves them.
 */
async function demoBatches() {
  const user = 'Demo Admin';
  const open = (header: string, value: string) => ({ uiHeader: header, oldValue: value, newValue: value, type: 'invalidDataTypeEnum' as const, fixUser: null });
  for (const [k, [rowType, rows, bad]] of ([['Accounts', 40, 9], ['Amendments', 25, 4], ['Volumes', 60, 14]] as const).entries()) {
    const batchId = await nextId('uploadBatch');
    await rowStore('upload').write(
      Array.from({ length: rows }, (_, r) => ({
        rowType,
        batchId,
        rowNumber: r + 2,
        user,
        data: { row: r + 2 },
        exceptions: r % Math.ceil(rows / bad) === 0 ? [open(k === 2 ? 'Volume' : 'LDC Account #', `x${r}`)] : [],
      })),
    );
  }
  const batchId = await nextId('updateBatch');
  await rowStore('update').write(
    Array.from({ length: 20 }, (_, r) => ({ rowType: 'Accounts', batchId, rowNumber: r + 2, user, data: { row: r + 2 }, exceptions: r % 4 === 0 ? [open('Account Status', 'Enroled')] : [] })),
  );
}
