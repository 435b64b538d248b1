import type { UsageChargeKind } from '@eb/shared/account/volume';

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
} as const;

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
