import { z } from 'zod';
import { VOLUME_YEAR_MAX, VOLUME_YEAR_MIN } from '../constants';
import {
  decimalLengthRule,
  decimalRule,
  integerRule,
  maxLengthRule,
  optionalDate,
  optionalReferenceCode,
  optionalText,
  ruleNumberSchema,
} from '../field-rules';
import { MSG } from '../messages';

/**
 * The account's Volume block (spec 2 "Account", accountVolume): start and end date (the end not
 * before the start), the volume's unit, the BTU factor, the monthly volumes (a row per year with
 * twelve values, January to December) and the usage-charge rows in their two shapes: uu (under
 * usage, with the position-difference and locked-in switches) and xu (over usage, without them).
 * It travels and is stored as one field of the account (`accountVolume`), so a change to it is a
 * versioned account write with its change-log entry.
 */

/** Volume cells and the BTU factor: 9 integer and 6 decimal digits (spec 2 section 5). */
const volumeNumber = () => ruleNumberSchema(decimalRule(9, 6));
const numeric = (maxChars: number) => ruleNumberSchema(decimalLengthRule(maxChars), decimalRule(maxChars, maxChars));
const integer = (maxChars: number) => ruleNumberSchema(integerRule, maxLengthRule(maxChars));

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));

/** A year of monthly volumes (twelve values, January first; null where there is none). */
export const volumeYearSchema = z.object({
  year: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(VOLUME_YEAR_MIN, MSG.invalidInput).max(VOLUME_YEAR_MAX, MSG.invalidInput),
  months: z.array(volumeNumber(), { error: MSG.invalidInput }).length(12, MSG.invalidInput),
});
export type VolumeYear = z.output<typeof volumeYearSchema>;

export const USAGE_CHARGE_KINDS = ['uu', 'xu'] as const;
export type UsageChargeKind = (typeof USAGE_CHARGE_KINDS)[number];

const usageChargeCommon = {
  chargeSw: optionalReferenceCode('uuXuChargeSwitches'),
  tolPct: numeric(8),
  index: optionalText(80),
  indexType: optionalReferenceCode('indexTypes'),
  mthIndType: optionalReferenceCode('extendedTermMonthIndicatorTypes'),
  summerFlatRt: numeric(8),
  winterFlatRt: numeric(8),
  summerFlatMeas: optionalReferenceCode('measures'),
  winterFlatMeas: optionalReferenceCode('measures'),
  summerFlatUom: optionalReferenceCode('unitsOfMeasure'),
  winterFlatUom: optionalReferenceCode('unitsOfMeasure'),
};
/** A usage-charge row: uu with the position-difference and locked-in switches (rate percent 8 digits), xu without (4 digits), as the amendment's blocks. */
export const usageChargeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('uu'), ...usageChargeCommon, ratePct: integer(8), posDiffSw: optionalReferenceCode('positionDifferenceSwitches'), lockedInSw: optionalReferenceCode('lockedInSwitches') }),
  z.object({ kind: z.literal('xu'), ...usageChargeCommon, ratePct: integer(4) }),
], { error: MSG.invalidInput });
export type UsageCharge = z.output<typeof usageChargeSchema>;
export type UsageChargeField = Exclude<keyof z.output<typeof usageChargeSchema> | 'posDiffSw' | 'lockedInSw', 'kind'>;

/** A year inside a volume block's years (its start and end; an open side runs on): the uploader's and updater's 'Year should be between Volume Start and End Date.'. */
export const yearInVolume = (v: { startDate?: string | null; endDate?: string | null }, year: number): boolean =>
  !((v.startDate && year < Number(v.startDate.slice(0, 4))) || (v.endDate && year > Number(v.endDate.slice(0, 4))));

/** True when the volume's end date is before its start date (both are then outlined in the error style). */
export const volumeDatesInverted = (v: { startDate?: string | null; endDate?: string | null } | null | undefined): boolean =>
  !!v?.startDate && !!v.endDate && v.endDate.slice(0, 10) < v.startDate.slice(0, 10);

export const accountVolumeSchema = z
  .object({
    startDate: optionalDate(),
    endDate: optionalDate(),
    accountVolumeUom: optionalReferenceCode('unitsOfMeasure'),
    btuFactor: volumeNumber(),
    volumeData: z.preprocess((v) => v ?? [], z.array(volumeYearSchema, { error: MSG.invalidInput }).max(VOLUME_YEAR_MAX - VOLUME_YEAR_MIN + 1, MSG.invalidInput)),
    usageCharges: z.preprocess((v) => v ?? [], z.array(usageChargeSchema, { error: MSG.invalidInput }).max(20, MSG.invalidInput)),
  })
  .superRefine((v, ctx) => {
    if (volumeDatesInverted(v)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.volumeEndBeforeStart });
    const years = v.volumeData.map((r) => r.year);
    if (new Set(years).size !== years.length) ctx.addIssue({ code: 'custom', path: ['volumeData'], message: MSG.duplicateInList });
  });
export type AccountVolume = z.output<typeof accountVolumeSchema>;

/** The account field: absent or null is no volume block. */
export const accountVolumeField = () => z.preprocess((v) => (v === undefined ? null : v), accountVolumeSchema.nullable());

/** An empty volume block (the form's start). */
export const emptyVolume = (): AccountVolume => ({ startDate: null, endDate: null, accountVolumeUom: null, btuFactor: null, volumeData: [], usageCharges: [] });

const yearOf = (date: string | null | undefined): number | null => (date ? Number(date.slice(0, 4)) : null);

/**
 * The years of the monthly grid (spec 2 section 9): from the earliest year with data (or the start
 * year, when earlier) to the latest year with data (or the end year, when later); none without
 * data or dates.
 */
export function volumeYears(v: Pick<AccountVolume, 'startDate' | 'endDate' | 'volumeData'> | null | undefined): number[] {
  if (!v) return [];
  const withData = v.volumeData.filter((r) => r.months.some((m) => m !== null && m !== undefined)).map((r) => r.year);
  const bounds = [...withData, yearOf(v.startDate), yearOf(v.endDate)].filter((y): y is number => y !== null && Number.isFinite(y));
  if (!bounds.length) return [];
  const from = Math.max(VOLUME_YEAR_MIN, Math.min(...bounds));
  const to = Math.min(VOLUME_YEAR_MAX, Math.max(...bounds));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The volume of one month of an account's block (null when there is none). */
export function volumeAt(v: AccountVolume | null | undefined, year: number, month: number): number | null {
  return v?.volumeData.find((r) => r.year === year)?.months[month - 1] ?? null;
}

/** The block with one month's volume set (a year row is added when missing; empty years dropped). */
export function withVolumeAt(v: AccountVolume | null | undefined, year: number, month: number, value: number | null): AccountVolume {
  const base = v ?? emptyVolume();
  const rows = base.volumeData.some((r) => r.year === year) ? base.volumeData : [...base.volumeData, { year, months: Array<number | null>(12).fill(null) }];
  const volumeData = rows
    .map((r) => (r.year === year ? { year, months: r.months.map((m, i) => (i === month - 1 ? value : m)) } : r))
    .filter((r) => r.months.some((m) => m !== null))
    .sort((a, b) => a.year - b.year);
  return { ...base, volumeData };
}

/**
 * The volumes' annual usage (issue 28: volumes feed the RCEs and the P2C report): the sum of the
 * twelve calendar months ending with the latest month that has a volume, when all twelve have one
 * (fewer is no year's usage: null). In the block's unit.
 */
export function volumeAnnualUsage(v: Pick<AccountVolume, 'volumeData'> | null | undefined): number | null {
  if (!v?.volumeData?.length) return null;
  const byMonth = new Map<number, number>();
  for (const r of v.volumeData) r.months.forEach((m, i) => (m === null || m === undefined ? undefined : byMonth.set(r.year * 12 + i, Number(m))));
  if (!byMonth.size) return null;
  const last = Math.max(...byMonth.keys());
  let sum = 0;
  for (let k = last - 11; k <= last; k++) {
    const m = byMonth.get(k);
    if (m === undefined || !Number.isFinite(m)) return null;
    sum += m;
  }
  return Math.round(sum * 1e6) / 1e6;
}

/** A change of one part of the volume block as the change log shows it. */
export interface VolumeLogChange {
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
}

const logText = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));
/** The volume block's parts as the change log names them ('volume.Start Date', 'volume.Mar 2025'). */
const VOLUME_LOG_PARTS = [
  ['startDate', 'Start Date'],
  ['endDate', 'End Date'],
  ['accountVolumeUom', 'UOM'],
  ['btuFactor', 'BTU Factor'],
] as const;

/**
 * The change log of a volume block (issue 28): its dates, unit and BTU factor, each month that
 * changed ('volume.Mar 2025': old, new) and the usage-charge rows when they changed (one entry);
 * none when nothing changed, whatever order the block's keys come in.
 */
export function volumeLogChanges(before: unknown, after: unknown): VolumeLogChange[] {
  const a = (before ?? {}) as Partial<AccountVolume>;
  const b = (after ?? {}) as Partial<AccountVolume>;
  const out: VolumeLogChange[] = [];
  const push = (name: string, o: unknown, n: unknown) => {
    const [ot, nt] = [logText(o), logText(n)];
    if (ot !== nt) out.push({ fieldName: `volume.${name}`, oldValue: ot, newValue: nt });
  };
  for (const [key, name] of VOLUME_LOG_PARTS) push(name, a[key], b[key]);
  const months = (v: Partial<AccountVolume>) => new Map((v.volumeData ?? []).map((r) => [r.year, r.months] as const));
  const [am, bm] = [months(a), months(b)];
  for (const year of [...new Set([...am.keys(), ...bm.keys()])].sort((x, y) => x - y)) {
    for (let i = 0; i < 12; i++) push(`${MONTH_SHORT[i]} ${year}`, am.get(year)?.[i], bm.get(year)?.[i]);
  }
  // the usage-charge rows: one entry, each row's fields in a fixed order
  const [ac, bc] = [chargesText(a), chargesText(b)];
  if (ac !== bc) out.push({ fieldName: `volume.${CHARGES_PART}`, oldValue: ac, newValue: bc });
  return out;
}

const CHARGES_PART = 'Usage Charges';
/** The usage-charge rows as the log writes them (each row's filled fields in a fixed order), or null for none. */
function chargesText(v: Partial<AccountVolume>): string | null {
  const rows = (v.usageCharges ?? []).map((c) => Object.fromEntries(Object.entries(c as Record<string, unknown>).filter(([, x]) => x !== null && x !== undefined && x !== '').sort(([x], [y]) => x.localeCompare(y))));
  return rows.length ? JSON.stringify(rows) : null;
}

/**
 * The volume block before the logged changes (the inverse of volumeLogChanges, for an import's
 * undo): each changed part set back to its old value. `differs` names the parts whose value now is
 * not the one the change wrote (changed since): then nothing is set back.
 */
export function volumeBefore(
  now: AccountVolume | null | undefined,
  changes: readonly VolumeLogChange[],
): { volume: AccountVolume | null; differs: (VolumeLogChange & { currentValue: string | null })[] } {
  const v: AccountVolume = structuredClone(now ?? emptyVolume());
  const named = new Map<string, (typeof VOLUME_LOG_PARTS)[number][0]>(VOLUME_LOG_PARTS.map(([key, name]) => [name, key]));
  const month = (name: string) => {
    const m = /^(\w{3}) (\d{4})$/.exec(name);
    const i = m ? MONTH_SHORT.indexOf(m[1]!) : -1;
    return m && i >= 0 ? { year: Number(m[2]), i } : null;
  };
  const valueNow = (name: string): string | null => {
    const key = named.get(name);
    if (key) return logText(v[key]);
    if (name === CHARGES_PART) return chargesText(v);
    const at = month(name);
    // a part this block does not have: never the value a change wrote (so it is not set back)
    return at ? logText(v.volumeData.find((r) => r.year === at.year)?.months[at.i]) : '\u0000';
  };
  const parts = changes.map((c) => ({ c, name: c.fieldName.replace(/^volume\./, '') }));
  const differs = parts.map(({ c, name }) => ({ ...c, currentValue: valueNow(name) })).filter((c) => c.currentValue !== c.newValue);
  if (differs.length) return { volume: null, differs };
  for (const { c, name } of parts) {
    const key = named.get(name);
    if (key) (v as Record<string, unknown>)[key] = c.oldValue === null ? null : key === 'btuFactor' ? Number(c.oldValue) : c.oldValue;
    else if (name === CHARGES_PART) v.usageCharges = c.oldValue ? (JSON.parse(c.oldValue) as AccountVolume['usageCharges']) : [];
    else {
      const at = month(name)!;
      let row = v.volumeData.find((r) => r.year === at.year);
      if (!row) v.volumeData.push((row = { year: at.year, months: Array<number | null>(12).fill(null) } as AccountVolume['volumeData'][number]));
      row.months[at.i] = c.oldValue === null ? null : Number(c.oldValue);
    }
  }
  v.volumeData = v.volumeData.filter((r) => r.months.some((m) => m !== null && m !== undefined)).sort((x, y) => x.year - y.year);
  const empty = !v.startDate && !v.endDate && !v.accountVolumeUom && v.btuFactor == null && !v.volumeData.length && !v.usageCharges.length;
  // an empty block and none log alike: none
  return { volume: empty ? null : v, differs: [] };
}
