/**
 * The generator of contract data: deterministic, plausible business entities, contacts and
 * amendments by number. The demo data (demo.ts, a few records through the screens' write path) and
 * the benchmark (test/bench/contracts.ts, 100,000 amendments written in batches) take their values
 * from here, so the benchmark measures the data users see.
 */
const WORDS = ['Harborview', 'Garden State', 'Riverside', 'Maple Glen', 'Northshore', 'Keystone', 'Summit', 'Liberty', 'Granite', 'Pioneer', 'Lakeside', 'Evergreen', 'Atlantic', 'Pine Barrens', 'Delaware Valley', 'Highland'];
const KINDS = ['Hotels', 'Bakeries', 'Manufacturing', 'Medical Partners', 'Cold Storage', 'Logistics', 'Dental Group', 'Laundromats', 'Schools', 'Breweries', 'Auto Body', 'Printing'];
const COMPANY_TYPES = ['LLC', 'Corporation', 'Partnership', 'Non-Profit', 'Government'] as const;
const ENTITY_TYPES = ['Commercial', 'Industrial', 'Municipal'] as const;
const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Aisha', 'Tomás', 'Nora', 'Samuel', 'Grace', 'Diego', 'Priya', 'Owen', 'Hannah', 'Marcus', 'Elena', 'Victor'];
const LAST = ['Rivera', 'Okafor', 'Chen', 'Walsh', 'Patel', 'García', 'Quinn', 'Brooks', 'Nakamura', 'Silva', 'Kowalski', 'Hughes', 'Adeyemi', 'Larsen', 'Moreau', 'Fischer'];
const ROLES = ['Owner', 'Officer', 'Authorized Signer', 'Billing Contact', 'Facility Manager'] as const;
const STATUSES = ['Signed', 'Active', 'Pending Signature', 'Draft', 'Expired'] as const;
const TYPES = ['New', 'Renewal', 'LockInExt', 'VolIncr'] as const;
const TERMS = [12, 24, 36, 18, 6] as const;

/** A spread of numbers from `i` and a salt (Knuth's multiplicative hash). */
const mix = (i: number, salt: number) => ((i * 2654435761 + salt * 40503) >>> 0) % 1_000_003;
const pick = <T>(list: readonly T[], i: number, salt: number): T => list[mix(i, salt) % list.length]!;
const day = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T00:00:00`;

/** Business entity `i` (1-based). */
export function generatedBusinessEntity(i: number) {
  return {
    legalName: `${pick(WORDS, i, 1)} ${pick(KINDS, i, 2)} ${pick(COMPANY_TYPES, i, 3) === 'LLC' ? 'LLC' : 'Inc'} ${i}`,
    companyType: pick(COMPANY_TYPES, i, 3),
    type: pick(ENTITY_TYPES, i, 4),
    isActive: i % 25 !== 0,
  };
}

/** Contact `i` (1-based), the primary contact of business entity `i`. */
export function generatedContact(i: number) {
  return { firstName: pick(FIRST, i, 5), lastName: pick(LAST, i, 6), role: pick(ROLES, i, 7), status: i % 30 === 0 ? 'Inactive' : 'Active' };
}

/** Amendment `n` (1-based) of contract `c` (0-based): the fields a user enters. */
export function generatedAmendment(c: number, n: number) {
  const start = day(2023 + ((c + n) % 5), 1 + ((c * 2 + n) % 12), 1);
  const received = day(2023 + ((c + n) % 5), 1 + ((c * 2 + n) % 12), 1 + (mix(c, n) % 20));
  return {
    amendmentNumber: n,
    type: n === 1 ? 'New' : pick(TYPES, c + n, 8),
    contractStatus: pick(STATUSES, c * 7 + n, 9),
    receivedDate: received,
    agreementDate: start,
    startDate: start,
    term: pick(TERMS, c + n, 10),
    unitOfMeasure: c % 4 === 3 ? 'THERM' : 'KWH',
    autoRenewalType: 'Month to Month Variable',
    rewards: c % 2 === 0,
    freshDescId: `FD-${1000 + c * 10 + n}`,
    legacyId: n === 1 ? `LG${String(100000 + c)}` : null,
  };
}
