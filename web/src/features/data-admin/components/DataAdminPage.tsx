import { Suspense, lazy } from 'react';
import { useUrlQuery } from '../../../components/use-url-query';
import { AREAS } from '../../../config/areas';
import { PageHeader } from '../../../components/PageHeader';
import { DEFAULT_TABLE, isDataTable, TableSelector, type DataTable } from './TableSelector';
import { TerritoryTable } from './TerritoryTable';
import { LoadingScreen } from '../../../components/LoadingScreen';
import './data-admin.css';

/** The agent table (its date editors and details popup) loads when it is chosen, not with the territories. */
const AgentTable = lazy(() => import('./AgentTable').then((m) => ({ default: m.AgentTable })));

/** The URL query parameter holding the chosen table (?table=territory|agent), so that each table has its URL. */
export const TABLE_PARAM = 'table';

/**
 * Data Administration (spec 1 "Data Administration", spec 2 "Agents grid"; admins only): the
 * 'Select data table' dropdown chooses the Territory or the Agent table, each an inline-edited
 * grid with the single Add/Save button and its CHANGE LOG.
 */
export function DataAdminPage() {
  const { params, change } = useUrlQuery();
  const raw = params.get(TABLE_PARAM);
  const table: DataTable = isDataTable(raw) ? raw : DEFAULT_TABLE;

  const choose = (next: DataTable) => change({ [TABLE_PARAM]: next });
  const selector = (pending: boolean) => <TableSelector value={table} onChange={choose} disabled={pending} />;

  return (
    <>
      <PageHeader title={AREAS.dataAdmin.title} />
      <section className="eb-da" aria-label={table === 'agent' ? 'Agent table' : 'Territory table'}>
        {table === 'agent' ? (
          <Suspense fallback={<LoadingScreen />}>
            <AgentTable key="agent" selector={selector} />
          </Suspense>
        ) : (
          <TerritoryTable key="territory" selector={selector} />
        )}
      </section>
    </>
  );
}
