import { useId, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Chart } from 'primereact/chart';
import type { HomeSeries } from '@eb/shared/home';
import { CHART_TITLES, CHART_UNITS, HOME_TEXTS, type ChartId } from '../../../entities/home/home-texts';

/** The charts' colours (the theme's blue first; readable on white, apart in grey scale). */
const PALETTE = ['#2563eb', '#0d9488', '#d97706', '#7c3aed', '#dc2626', '#4b5563', '#059669', '#db2777', '#0891b2'];

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * One chart of the home page (PrimeReact's Chart over Chart.js, loaded with this page only): a
 * figure titled by its caption, the canvas named by a one-line summary of its data, and a 'Show
 * table' toggle that swaps the canvas for a table of the same figures (keyboard and screen readers).
 */
export function HomeChart({ id, series, type }: { id: ChartId; series: HomeSeries; type: 'bar' | 'doughnut' }) {
  const [table, setTable] = useState(false);
  const captionId = useId();
  const total = series.values.reduce((a, b) => a + b, 0);
  const summary = `${CHART_TITLES[id]}: ${series.labels.map((l, i) => `${l} ${fmt(series.values[i] ?? 0)}`).join(', ')}`;
  const data = useMemo(
    () => ({
      labels: series.labels,
      datasets: [
        {
          label: CHART_UNITS[id],
          data: series.values,
          backgroundColor: type === 'doughnut' ? series.labels.map((_, i) => PALETTE[i % PALETTE.length]) : PALETTE[0],
          borderRadius: type === 'bar' ? 3 : 0,
        },
      ],
    }),
    [id, series, type],
  );
  const options = useMemo(
    () => ({
      maintainAspectRatio: false,
      animation: false as const,
      plugins: { legend: { display: type === 'doughnut', position: 'right' as const } },
      ...(type === 'bar' ? { scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { autoSkip: true, maxRotation: 0 } } } } : {}),
    }),
    [type],
  );
  return (
    <figure className="eb-home-chart" aria-labelledby={captionId} data-chart={id}>
      <div className="eb-home-chart__head">
        <figcaption id={captionId} className="eb-home-chart__title">
          {CHART_TITLES[id]}
        </figcaption>
        <Button
          type="button"
          text
          size="small"
          icon={table ? 'pi pi-chart-bar' : 'pi pi-table'}
          label={table ? HOME_TEXTS.showChart : HOME_TEXTS.showTable}
          aria-pressed={table}
          aria-label={`${table ? HOME_TEXTS.showChart : HOME_TEXTS.showTable}: ${CHART_TITLES[id]}`}
          onClick={() => setTable(!table)}
        />
      </div>
      {table ? (
        <div className="eb-home-chart__table">
          <table>
            <caption className="eb-sr-only">{CHART_TITLES[id]}</caption>
            <thead>
              <tr>
                <th scope="col">{id === 'rcesEndingByMonth' || id === 'amendmentsSignedByMonth' ? 'Month' : id === 'exceptionsByBatch' ? 'Batch' : 'Status'}</th>
                <th scope="col">{CHART_UNITS[id]}</th>
              </tr>
            </thead>
            <tbody>
              {series.labels.map((l, i) => (
                <tr key={l}>
                  <th scope="row">{l}</th>
                  <td>{fmt(series.values[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{fmt(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <div className="eb-home-chart__canvas" role="img" aria-label={summary}>
          <Chart type={type} data={data} options={options} style={{ height: '100%' }} aria-hidden="true" />
        </div>
      )}
    </figure>
  );
}
