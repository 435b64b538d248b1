import { useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LDC_FORMAT_DESCRIPTION_MAX_LENGTH, LDC_PATTERN_MAX_LENGTH, TERRITORY_PAGE_SIZE, TERRITORY_TEXT_MAX_LENGTH } from '@eb/shared/constants';
import { LDC_MISMATCH_ACTIONS } from '@eb/shared/account/ldc-formats';
import { MSG } from '@eb/shared/messages';
import {
  TERRITORY_FIELDS,
  TERRITORY_LABELS,
  territoryErrors,
  territoryReady,
  type Territory,
  type TerritoryField,
  type TerritoryFields,
} from '@eb/shared/reference/territory';
import { ApiError } from '../../../lib/api-client';
import { invalidateRoutes } from '../../../lib/queries';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { orderByParam, type GridPage, type GridSort } from '../../../components/DataGrid';
import { EditableGrid, type EditableColumn } from '../../../components/EditableGrid';
import { useNotify } from '../../../components/notify-context';
import { useEditableRows, type EditAction } from '../../../components/use-editable-rows';
import {
  createTerritory,
  territoryChangeLogQuery,
  territoryKeys,
  territoryListQuery,
  updateTerritory,
} from '../../../entities/territory/api';
import { codeOptions, useReferenceSets } from '../../../entities/reference/reference-options';
import { TERRITORY_TEXTS } from '../../../entities/territory/territory-texts';

/** A row of the grid: a stored territory, or a new one (objectId 0) being typed (empty is null). */
export type TerritoryRow = Pick<Territory, 'objectId' | 'version'> & { [K in TerritoryField]: string | null };

const NO_ROWS: TerritoryRow[] = [];
const DEFAULT_SORT: GridSort = { field: 'code', direction: 'Ascending' };

export const emptyTerritory = (): TerritoryRow => ({
  objectId: 0,
  version: 0,
  code: '',
  name: '',
  state: null,
  commodity: null,
  measureUnit: null,
  billMethodId: null,
  taxRate: null,
  ldcPattern: null,
  ldcFormatDescription: null,
  ldcMismatch: null,
});

/** Spec 1 section 4: Save needs state, commodity, measureUnit, billMethodId, a code and a name; the lengths on top. */
export const isTerritorySavable = (row: TerritoryRow): boolean =>
  territoryReady(row) && Object.keys(territoryErrors(row)).length === 0;

const fieldsOf = (row: TerritoryRow): TerritoryFields => {
  const out: Record<string, unknown> = {};
  for (const f of TERRITORY_FIELDS) out[f] = row[f];
  return out as TerritoryFields;
};

/**
 * The territory table of Data Administration (spec 1): an inline-edited grid with the columns
 * Code, Name, State, Commodity, Measure Unit, Bill Method Id and Tax Rate ('Required' on code, name
 * and bill method), 100 per page, sortable, with the single Add/Save button, and the territories'
 * CHANGE LOG below. After a save the change log and the territory cache (the reference data and
 * every territory list) reload, and 'All changes have been saved' shows.
 */
export function TerritoryTable({ selector, onActionChange }: { selector: (pending: boolean) => ReactNode; onActionChange?: (a: EditAction) => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sets = useReferenceSets();
  const [page, setPage] = useState<GridPage>({ first: 0, rows: TERRITORY_PAGE_SIZE });
  const [sort, setSort] = useState<GridSort>(DEFAULT_SORT);
  const list = useQuery(territoryListQuery({ skip: page.first, limit: page.rows, orderBy: orderByParam(sort) }));
  const changeLog = useQuery(territoryChangeLogQuery());

  const reloadAfterSave = () => invalidateRoutes(queryClient, territoryKeys.all);

  const editable = useEditableRows<TerritoryRow>({
    rows: list.data?.data ?? NO_ROWS,
    emptyRow: emptyTerritory,
    isValid: isTerritorySavable,
    onCreate: (row) => createTerritory(fieldsOf(row)),
    onUpdate: (row, original) => updateTerritory(row.objectId, fieldsOf(row), original.version),
    onSaved: () => {
      notify.success(MSG.allChangesSaved);
      void reloadAfterSave();
    },
    onError: (error) => {
      // A stale row (409): the API client showed the message; reload so that Esc shows the current row.
      if (error instanceof ApiError && error.status === 409) void invalidateRoutes(queryClient, territoryKeys.lists);
    },
    onActionChange,
  });

  const columns = useMemo((): EditableColumn<TerritoryRow>[] => {
    const text = (field: 'code' | 'name' | 'taxRate', required: boolean, width: number): EditableColumn<TerritoryRow> => ({
      field,
      header: TERRITORY_LABELS[field],
      required,
      maxLength: TERRITORY_TEXT_MAX_LENGTH,
      sortable: true,
      width,
    });
    return [
      text('code', true, 130),
      text('name', true, 220),
      { field: 'state', header: TERRITORY_LABELS.state, sortable: true, width: 110, editor: { type: 'select', options: codeOptions(sets, 'states', 'code'), pattern: /[A-Za-z]/ } },
      { field: 'commodity', header: TERRITORY_LABELS.commodity, sortable: true, width: 140, editor: { type: 'select', options: codeOptions(sets, 'commodities') } },
      { field: 'measureUnit', header: TERRITORY_LABELS.measureUnit, sortable: true, width: 140, editor: { type: 'select', options: codeOptions(sets, 'unitsOfMeasure') } },
      {
        field: 'billMethodId',
        header: TERRITORY_LABELS.billMethodId,
        required: true,
        sortable: true,
        width: 140,
        editor: { type: 'select', options: codeOptions(sets, 'billMethods'), pattern: /[1-5]/ },
      },
      { ...text('taxRate', false, 110), error: (row) => territoryErrors(row).taxRate },
      // the LDC number format (issue 28): the pattern (checked as typed), its description, Warn or Block
      { field: 'ldcPattern', header: TERRITORY_LABELS.ldcPattern, maxLength: LDC_PATTERN_MAX_LENGTH, width: 170, error: (row) => territoryErrors(row).ldcPattern, body: (row) => (row.ldcPattern ? <code className="eb-da-pattern">{row.ldcPattern}</code> : '') },
      { field: 'ldcFormatDescription', header: TERRITORY_LABELS.ldcFormatDescription, maxLength: LDC_FORMAT_DESCRIPTION_MAX_LENGTH, width: 200, error: (row) => territoryErrors(row).ldcFormatDescription },
      { field: 'ldcMismatch', header: TERRITORY_LABELS.ldcMismatch, width: 130, editor: { type: 'select', options: LDC_MISMATCH_ACTIONS.map((a) => ({ label: a, value: a })) } },
    ];
  }, [sets]);

  return (
    <>
      <EditableGrid<TerritoryRow>
        ariaLabel={TERRITORY_TEXTS.gridLabel}
        dataKey="objectId"
        editable={editable}
        columns={columns}
        toolbar={selector(editable.pending !== null)}
        rowLabel={(t) => (t.objectId === 0 ? 'the new territory' : `territory ${t.code}`)}
        lazy
        loading={list.isFetching && !list.data}
        error={list.data ? undefined : list.error}
        onRetry={() => void list.refetch()}
        totalRecords={list.data?.totalCount ?? 0}
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={[25, 50, TERRITORY_PAGE_SIZE]}
        onPage={setPage}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, first: 0 }));
        }}
        className="eb-da-grid"
      />
      <ChangeLogPanel entries={changeLog.data} loading={changeLog.isFetching} fieldLabels={TERRITORY_LABELS} className="eb-da-changelog" />
    </>
  );
}
