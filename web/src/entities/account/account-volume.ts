import { MONTH_SHORT, type UsageChargeKind } from '@eb/shared/account/volume';
import { checkRules, decimalRule } from '@eb/shared/field-rules';

/** The Volume section's texts (spec 2 "Account" volume block; the spec gives no labels: chosen). */
export const VOLUME_TEXTS = {
  title: 'Volume',
  startDate: 'Volume Start Date',
  endDate: 'Volume End Date',
  uom: 'Volume UOM',
  btuFactor: 'BTU Factor',
  monthly: 'Monthly volumes',
  year: 'Year',
  cell: (month: string, year: number) => `${month} ${year}`,
  noYears: 'Enter the volume start and end dates, or add a year, to enter monthly volumes.',
  addYearBefore: 'Add a year before',
  addYearAfter: 'Add a year after',
  usageCharges: 'Usage charges',
  noUsageCharges: 'No usage-charge rows.',
  kind: 'Type',
  kindLabel: { uu: 'Under usage', xu: 'Over usage' } satisfies Record<UsageChargeKind, string>,
  addCharge: (kind: string) => `Add ${kind.toLowerCase()} row`,
  remove: 'Remove',
  removeRow: (kind: string, n: number) => `Remove ${kind.toLowerCase()} row ${n}`,
  /** the summary by the Save button (issue 28) */
  summary: (issues: readonly { where: string }[]) =>
    issues.length === 1 ? `Volume ${issues[0]!.where}: correct the value to save` : `Volume: correct ${issues.length} values to save (${issues.slice(0, 3).map((i) => i.where).join(', ')}${issues.length > 3 ? ', ...' : ''})`,
} as const;

const cellRule = decimalRule(9, 6);
/** A volume cell's rule message (9 integer and 6 decimal digits), or null. */
export const volumeCellMessage = (text: unknown): string | null => checkRules(text, cellRule);

/** The monthly cells whose value the rule refuses, in grid order, each with where it is ('Mar 2025') and the rule's text. */
export function volumeCellIssues(v: { volumeData?: readonly { year: number; months: readonly unknown[] }[] } | null | undefined): { year: number; month: number; where: string; message: string }[] {
  const out: { year: number; month: number; where: string; message: string }[] = [];
  for (const r of [...(v?.volumeData ?? [])].sort((a, b) => a.year - b.year)) {
    r.months.forEach((m, i) => {
      const message = volumeCellMessage(m);
      if (message) out.push({ year: r.year, month: i, where: `${MONTH_SHORT[i]} ${r.year}`, message });
    });
  }
  return out;
}

/** The usage-charge grid's columns (shared/src/account/volume.ts): `only` marks the uu-only switches. */
export const USAGE_CHARGE_COLUMNS: { field: string; label: string; itemType?: string; maxLength?: number; only?: UsageChargeKind }[] = [
  { field: 'chargeSw', label: 'Charge', itemType: 'uuXuChargeSwitches' },
  { field: 'tolPct', label: 'Tolerance %', maxLength: 9 },
  { field: 'ratePct', label: 'Rate %', maxLength: 8 },
  { field: 'index', label: 'Index', maxLength: 80 },
  { field: 'indexType', label: 'Index Type', itemType: 'indexTypes' },
  { field: 'mthIndType', label: 'Monthly Index Type', itemType: 'extendedTermMonthIndicatorTypes' },
  { field: 'summerFlatRt', label: 'Summer Flat Rate', maxLength: 9 },
  { field: 'winterFlatRt', label: 'Winter Flat Rate', maxLength: 9 },
  { field: 'summerFlatMeas', label: 'Summer Measure', itemType: 'measures' },
  { field: 'winterFlatMeas', label: 'Winter Measure', itemType: 'measures' },
  { field: 'summerFlatUom', label: 'Summer UOM', itemType: 'unitsOfMeasure' },
  { field: 'winterFlatUom', label: 'Winter UOM', itemType: 'unitsOfMeasure' },
  { field: 'posDiffSw', label: 'Position Difference', itemType: 'positionDifferenceSwitches', only: 'uu' },
  { field: 'lockedInSw', label: 'Locked In', itemType: 'lockedInSwitches', only: 'uu' },
];
