import type { BillingRow, LoadBillingBody } from '@eb/shared/account/billing';
import { changeLogPut, logValue, type Actor } from '../lib/change-log';
import { queryAll, table, type TransactItem, transact } from '../lib/db';
import { requireEntity } from '../lib/entity';
import { accountDef } from './repository';

/**
 * Billing rows (shared/src/account/billing.ts): items in the account's partition
 * (ACCOUNT#id / BILL#{fromDate}#{toDate}), so a read period is held once and a rebill replaces it.
 * A load writes its rows and one change-log event on the account ('a.billing', a field per read
 * period) in one transaction.
 */
const PREFIX = 'BILL#';
const day = (d: string) => d.slice(0, 10);

interface BillingItem {
  pk: string;
  sk: string;
  fromDate: string;
  toDate: string;
  usageDays: number | null;
  canceled: boolean;
  usageQuantity: number | null;
  rateBilledUnitPrice: number | null;
  usageChargeAmount: number | null;
  tax: number | null;
  totalBill: number | null;
}

const toRow = (it: BillingItem): BillingRow => ({
  objectId: it.sk.slice(PREFIX.length),
  readPeriod: { fromDate: it.fromDate, toDate: it.toDate },
  usageDays: it.usageDays,
  canceled: it.canceled,
  usageQuantity: it.usageQuantity,
  rateBilledUnitPrice: it.rateBilledUnitPrice,
  usageChargeAmount: it.usageChargeAmount,
  tax: it.tax,
  totalBill: it.totalBill,
});

/** GET account/GetBillingRows?accountId: the account's billing rows, the latest read period first. */
export async function billingRows(accountId: number): Promise<BillingRow[]> {
  await requireEntity(accountDef, accountId);
  const items = await queryAll<BillingItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': accountDef.key(accountId).pk, ':p': PREFIX },
    ScanIndexForward: false,
  });
  return items.map(toRow);
}

/** POST account/LoadBillingRows (admins): the rows of one account from the billing system -> how many were written. */
export async function loadBillingRows(body: LoadBillingBody, actor: Actor): Promise<{ loaded: number }> {
  const account = await requireEntity(accountDef, body.account.objectId);
  const pk = accountDef.key(account.objectId).pk;
  const byPeriod = new Map<string, BillingItem>();
  for (const r of body.rows) {
    const sk = `${PREFIX}${day(r.fromDate)}#${day(r.toDate)}`;
    byPeriod.set(sk, { pk, sk, ...r, usageDays: r.usageDays ?? null, usageQuantity: r.usageQuantity ?? null, rateBilledUnitPrice: r.rateBilledUnitPrice ?? null, usageChargeAmount: r.usageChargeAmount ?? null, tax: r.tax ?? null, totalBill: r.totalBill ?? null });
  }
  const items: TransactItem[] = [...byPeriod.values()].map((Item) => ({ Put: { TableName: table(), Item } }));
  items.push(
    changeLogPut({
      action: 'updated',
      entity: 'account',
      entityId: account.objectId,
      actor,
      fieldPrefix: 'a.billing',
      changes: [...byPeriod.values()].map((it) => ({ fieldName: `${day(it.fromDate)}..${day(it.toDate)}`, oldValue: null, newValue: logValue(it.totalBill) })),
    }),
  );
  await transact(items);
  return { loaded: byPeriod.size };
}
