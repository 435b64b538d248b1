import { normalizeLdcNumber } from '@eb/shared/account/ldc-formats';
import { matchHeaders, UPLOAD_COLUMNS, type RowType } from '@eb/shared/upload/columns';
import { validateCells } from '@eb/shared/upload/validate';
import { ldcMarkerKey } from '../account/service';
import { amendmentDef } from '../amendment/service';
import { crossCheck } from './checks';
import { registerPipeline } from './pipeline';
import { amendmentKeyOfRow, importUploadRow } from './records';
import { uploadStore } from './rows';

/**
 * The uploader's pipeline (issue 10): the columns of shared/src/upload/columns.ts, the shared rules
 * (validateCells), the uploader's cross-record checks (checks.ts) and its record writes
 * (records.ts); the parse, import and remove jobs are the generic ones.
 */
export const UPLOADS = registerPipeline({
  kind: 'upload',
  store: uploadStore(),
  label: 'Upload',
  columns: (t) => UPLOAD_COLUMNS[t as RowType],
  match: (t, headers) => matchHeaders(t as RowType, headers),
  validate: (t, cells) => validateCells(t as RowType, cells),
  crossCheck: (t, rows, seen) => crossCheck(t as RowType, rows, seen),
  // the references the cross-record checks found are read again at import
  keep: ({ masterContractRef: _m, amendmentRef: _a, territoryRef: _t, ...data }) => data,
  fieldOf: (t, uiHeader) => UPLOAD_COLUMNS[t as RowType].find((c) => c.header === uiHeader)?.field,
  // an amendment's rows (itself, its participants and notes), an LDC number's accounts, an account's rows
  groupOf: (t, d) =>
    t === 'Amendments' || t === 'AmendmentParticipants' || t === 'AmendmentCRM' ? `a#${String(d.contractId)}#${String(d.amendmentNumber)}` : t === 'Accounts' ? `ldc#${normalizeLdcNumber(String(d.ldcAccountNum ?? ''))}` : `acct#${String(d.accountId)}`,
  // an account's create reads its LDC number's marker (the overlap check) and its amendment (once a chunk)
  readAhead: async (t, d) => {
    if (t !== 'Accounts') return [];
    const number = normalizeLdcNumber(String(d.ldcAccountNum ?? ''));
    const { amendment } = typeof d.contractId === 'number' && typeof d.amendmentNumber === 'number' ? await amendmentKeyOfRow(d) : {};
    return [...(number ? [ldcMarkerKey(number)] : []), ...(amendment === undefined ? [] : [amendmentDef.key(amendment)])];
  },
  importRow: importUploadRow,
});
