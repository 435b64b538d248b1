import { matchUpdateHeaders, UPDATE_COLUMNS, UPDATE_KEY_COLUMNS, type UpdateType } from '@eb/shared/update/columns';
import type { UpdateRow } from '@eb/shared/update/schemas';
import { updateCellOf, validateUpdateRow } from '@eb/shared/update/validate';
import { exceptionOf } from '@eb/shared/upload/validate';
import { registerPipeline, rowStore, RowRefused } from '../upload/service';
import { changeOf } from './changes';

/**
 * The updater's pipeline (issue 11: "a second configuration of the uploader's pipeline, not a copy
 * of it"): its rows (UPDATEROW#), its columns (shared/src/update/columns.ts), the row check
 * (validateUpdateRow) and, as cross-record checks, a key and field given twice in a batch
 * ('Duplicate Record - Please remove.') and the change against its record (changes.ts), which the
 * import runs again before it writes. The parse, import and remove jobs are the uploader's.
 */
const keyOf = (type: UpdateType, data: Record<string, unknown>) => [type, ...UPDATE_KEY_COLUMNS[type].map((c) => String(data[c.field])), String(data.field)].join('#');

export const UPDATES = registerPipeline({
  kind: 'update',
  store: rowStore<UpdateRow>('update'),
  label: 'Update',
  columns: (t) => UPDATE_COLUMNS[t as UpdateType],
  match: (t, headers) => matchUpdateHeaders(t as UpdateType, headers),
  validate: (t, cells) => validateUpdateRow(t as UpdateType, cells),
  async crossCheck(t, rows, seen) {
    const type = t as UpdateType;
    for (const r of rows) {
      if (r.exceptions.length) continue;
      const k = keyOf(type, r.data);
      if (seen.has(k)) {
        r.exceptions.push(exceptionOf({ header: String(r.data.fieldName) }, r.cells.value, 'duplicateRecord'));
        continue;
      }
      seen.add(k);
      const change = await changeOf(type, r.data);
      if (change.ok) r.data.recordVersion = change.version;
      else r.exceptions.push(...change.exceptions);
    }
  },
  keep: (data) => data,
  fieldOf: (t, uiHeader) => updateCellOf(t as UpdateType, uiHeader),
  // the record a row changes
  groupOf: (t, d) => (t === 'Amendments' ? `a#${String(d.contractId)}#${String(d.amendmentNumber)}` : t === 'AccountAddresses' ? `addr#${String(d.accountAddressId)}` : `acct#${String(d.accountNumber)}`),
  async importRow(t, _row, data, ctx) {
    // the change against the record as it is now (validated again when it changed since)
    const change = await changeOf(t as UpdateType, data);
    if (!change.ok) throw new RowRefused(change.exceptions);
    await change.apply(ctx);
  },
});
