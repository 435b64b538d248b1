import { useQuery } from '@tanstack/react-query';
import { billingStatusLabel, type BillingRow } from '@eb/shared/account/billing';
import { MSG } from '@eb/shared/messages';
import { formatDisplayDate } from '@eb/shared/formats';
import { billingRowsQuery } from '../../../entities/account/api';
import { BILLING_COLUMNS, BILLING_TEXTS as T } from '../../../entities/account/account-billing';

const number = (v: number | null, decimals?: number) => (v === null ? '' : decimals === undefined ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, 6) }));

/**
 * The account's Billing section (spec 2 "Account" billing rows): read-only rows from the billing
 * system (account/LoadBillingRows), the latest read period first; canceled shows Active/Inactive.
 */
export function AccountBilling({ accountId }: { accountId: number }) {
  const rows = useQuery(billingRowsQuery(accountId));
  if (rows.error) return <p className="p-error">{MSG.somethingWentWrong}</p>;
  if (!rows.data) return <p className="eb-account__later">{T.loading}</p>;
  if (rows.data.length === 0) return <p className="eb-account__later">{T.none}</p>;
  const cell = (r: BillingRow, field: (typeof BILLING_COLUMNS)[number]['field']) => {
    switch (field) {
      case 'fromDate':
        return formatDisplayDate(r.readPeriod.fromDate);
      case 'toDate':
        return formatDisplayDate(r.readPeriod.toDate);
      case 'canceled':
        return billingStatusLabel(r.canceled);
      case 'usageDays':
      case 'usageQuantity':
        return number(r[field]);
      case 'rateBilledUnitPrice':
        return number(r[field], 4);
      default:
        return number(r[field], 2);
    }
  };
  return (
    <div className="eb-volume__scroll" role="region" aria-label={T.title} tabIndex={0}>
      <table className="eb-billing">
        <thead>
          <tr>
            {BILLING_COLUMNS.map((c) => (
              <th key={c.field} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.data.map((r) => (
            <tr key={r.objectId}>
              {BILLING_COLUMNS.map((c) => (
                <td key={c.field} className={c.numeric ? 'eb-billing__number' : undefined}>
                  {cell(r, c.field)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
