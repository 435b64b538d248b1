import { sampleLdcNumber } from '@eb/shared/account/ldc-formats';
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
/** The statuses of an amendment that has not started yet. */
const UPCOMING = ['Signed', 'Pending Signature', 'Draft'] as const;
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

/** `months` calendar months after the first of `today`'s month (negative: before), as a transfer date. */
const monthStart = (today: Date, months: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1));
  return day(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const daysBefore = (transfer: string, days: number) => {
  const d = new Date(`${transfer.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};
/** The last day of a term of `term` months from `start`. */
const termEnd = (start: string, term: number) => {
  const s = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  const d = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + term, s.getUTCDate() - 1));
  return day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};

/**
 * Amendment `n` (1-based) of contract `c` (0-based): the fields a user enters, as of `today`.
 * Starts fall from four years back to half a year ahead (on the first of a month); the contract was
 * received two to ten weeks before its start and agreed a few days after that, never after today;
 * its status follows its dates: ended is Expired, running is Active (a few still Signed), not yet
 * started is Signed, Pending Signature or Draft.
 */
export function generatedAmendment(c: number, n: number, today: Date = new Date()) {
  const start = monthStart(today, 6 - ((c * 5 + n * 11 + 34) % 54));
  const now = day(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate());
  const earliest = (a: string, b: string) => (a < b ? a : b);
  const received = earliest(daysBefore(start, 14 + (mix(c, n) % 56)), now);
  const agreement = earliest(earliest(daysBefore(start, mix(c, n + 7) % 10), now), start);
  const term = pick(TERMS, c + n, 10);
  const contractStatus = termEnd(start, term) < now ? 'Expired' : start > now ? pick(UPCOMING, c * 7 + n, 9) : mix(c * 7 + n, 9) % 6 === 0 ? 'Signed' : 'Active';
  return {
    amendmentNumber: n,
    type: n === 1 ? 'New' : pick(TYPES, c + n, 8),
    contractStatus,
    receivedDate: received,
    agreementDate: agreement < received ? received : agreement,
    startDate: start,
    term,
    unitOfMeasure: c % 4 === 3 ? 'THERM' : 'KWH',
    autoRenewalType: 'Month to Month Variable',
    rewards: c % 2 === 0,
    freshDescId: `FD-${1000 + c * 10 + n}`,
    legacyId: n === 1 ? `LG${String(100000 + c)}` : null,
  };
}

/**
 * The validation flags of an amendment (the home page's validation queues): a running or ended one
 * was validated on both; of those not started, about a third awaits pricing validation and a third
 * operations validation.
 */
export function generatedValidation(c: number, n: number, contractStatus: string) {
  const settled = contractStatus === 'Active' || contractStatus === 'Expired';
  const k = mix(c * 7 + n, 20) % 3;
  return { pricingValidation: { isValidated: settled || k !== 0 }, operationsValidation: { isValidated: settled || k === 2 } };
}

/** An account's status by its amendment's: running, not started, ended. */
const ACCOUNT_STATUSES = {
  running: ['Enrolled', 'Enrolled', 'Enrolled', 'Enrolled', 'Sent to Utility', 'Drop Pending'],
  upcoming: ['Pending', 'Sent to Utility'],
  ended: ['Dropped'],
} as const;
const SERVICE_CLASSES = ['GS', 'GS-2', 'LPL-S', 'SC-9', 'GT-1'] as const;
const REVENUE_CLASSES = ['Small Commercial', 'Large Commercial', 'Industrial'] as const;
/** Electric and gas territories of the seeded list, by the amendment's unit. */
export const ELECTRIC_TERRITORIES = ['PSEG', 'JCPL', 'CONED', 'PECO', 'COMED', 'BGE'] as const;
export const GAS_TERRITORIES = ['NATGRID-NY', 'NICOR'] as const;

/**
 * Account `i` (1-based, unique across the book) of an amendment starting `start` for `term`
 * months in `unit`: the fields a user enters, with its territory's code (the caller maps it to the
 * territory) and an LDC number of that territory's format.
 */
export function generatedAccount(i: number, amendment: { startDate: string; term: number; unitOfMeasure: string; contractStatus?: string }, today: Date = new Date()) {
  const started = amendment.startDate.slice(0, 10) <= today.toISOString().slice(0, 10);
  const phase = amendment.contractStatus === 'Expired' ? 'ended' : started ? 'running' : 'upcoming';
  const gas = amendment.unitOfMeasure === 'THERM';
  const territoryCode = gas ? pick(GAS_TERRITORIES, i, 11) : pick(ELECTRIC_TERRITORIES, i, 11);
  const annualUsage = gas ? 2_000 + (mix(i, 12) % 40_000) : 40_000 + (mix(i, 12) % 900_000);
  const rate = gas ? 0.45 + (mix(i, 13) % 40) / 100 : 0.07 + (mix(i, 13) % 60) / 1000;
  return {
    territoryCode,
    name: `${pick(WORDS, i, 14)} ${pick(KINDS, i, 15)} - Site ${1 + (i % 9)}`,
    type: i % 5 === 0 ? 'Renewal' : 'New',
    accountStatus: pick(ACCOUNT_STATUSES[phase], i, 16),
    // when the status was last set: a few days to six weeks back (some 'Sent to Utility' wait past SENT_TO_UTILITY_STALE_DAYS)
    statusDate: daysBefore(day(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()), 2 + (mix(i, 19) % 40)),
    ldcAccountNum: sampleLdcNumber(territoryCode, 7_000_000_000 + i),
    serviceClass: pick(SERVICE_CLASSES, i, 17),
    revenueClass: pick(REVENUE_CLASSES, i, 18),
    taxExemption: 'No',
    requestedStartDate: amendment.startDate,
    contractStartDate: amendment.startDate,
    term: amendment.term,
    flowDate: amendment.startDate,
    unitOfMeasure: amendment.unitOfMeasure,
    billingAcctUom: amendment.unitOfMeasure,
    annualUsage,
    contractRate: Math.round(rate * 1e5) / 1e5,
    commissionMasterUnit: gas ? 0.02 : 0.002,
    commissionUnitNum: gas ? 0.01 : 0.001,
  };
}

/** The monthly volumes of an account's annual usage over its term's first calendar years (a seasonal shape). */
export function generatedVolume(i: number, startDate: string, term: number, unit: string, annualUsage: number) {
  const SHAPE = [1.2, 1.15, 1.0, 0.85, 0.8, 0.95, 1.15, 1.2, 1.0, 0.85, 0.85, 1.0];
  const year = Number(startDate.slice(0, 4));
  const years = Math.max(1, Math.ceil(term / 12) + (startDate.slice(5, 7) === '01' ? 0 : 1));
  const monthly = (m: number) => Math.round((annualUsage / 12) * SHAPE[m]! * (0.95 + (mix(i, m) % 10) / 100));
  return {
    startDate,
    endDate: null,
    accountVolumeUom: unit,
    btuFactor: unit === 'THERM' ? null : 3.412,
    volumeData: Array.from({ length: years }, (_, k) => ({ year: year + k, months: SHAPE.map((_, m) => monthly(m)) })),
    usageCharges: [
      { kind: 'uu', chargeSw: 'Y', tolPct: 10, ratePct: 5, posDiffSw: 'N', lockedInSw: 'N' },
      { kind: 'xu', chargeSw: 'Y', tolPct: 10, ratePct: 7 },
    ],
  };
}
