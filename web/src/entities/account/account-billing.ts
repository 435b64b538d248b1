/** The Billing section's texts and columns (spec 2 "Account" billing rows; labels chosen). */
export const BILLING_TEXTS = {
  title: 'Billing',
  loading: 'Loading...',
  none: 'No billing rows yet. They arrive from the billing system.',
} as const;

export const BILLING_COLUMNS: readonly { field: 'fromDate' | 'toDate' | 'usageDays' | 'canceled' | 'usageQuantity' | 'rateBilledUnitPrice' | 'usageChargeAmount' | 'tax' | 'totalBill'; label: string; numeric?: boolean }[] = [
  { field: 'fromDate', label: 'Read From' },
  { field: 'toDate', label: 'Read To' },
  { field: 'usageDays', label: 'Usage Days', numeric: true },
  { field: 'canceled', label: 'Status' },
  { field: 'usageQuantity', label: 'Quantity', numeric: true },
  { field: 'rateBilledUnitPrice', label: 'Unit Price', numeric: true },
  { field: 'usageChargeAmount', label: 'Charge', numeric: true },
  { field: 'tax', label: 'Tax', numeric: true },
  { field: 'totalBill', label: 'Total', numeric: true },
];
