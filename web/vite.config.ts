import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routeSizesPlugin } from './route-sizes';

/**
 * Components a PrimeReact component imports but renders only in cases the app rarely or never
 * shows: there they are loaded on first render (React.lazy) instead of with the importer, so no
 * route's first load fetches them (docs/web.md#budgets; web/route-sizes.ts ON_USE lists them).
 */
const LAZY_IN: readonly { importer: RegExp; module: string; name: string }[] = [
  // the paginator's jump-to-page input, which no grid's paginator template shows (DataGrid)
  { importer: /primereact[\\/]paginator[\\/]/, module: 'primereact/inputnumber', name: 'InputNumber' },
  // a component's tooltip (button, input, ...), rendered only when given `tooltip` (none on the
  // sign-in page; the signed-in navigation imports Tooltip itself)
  { importer: /node_modules[\\/]primereact[\\/]/, module: 'primereact/tooltip', name: 'Tooltip' },
];
const LAZY_PREFIX = '\0eb-lazy:';

/**
 * PrimeReact's Chart loads 'chart.js/auto' (every chart type, scale and plugin of Chart.js) when it
 * first draws; Home draws bar and doughnut charts only: this registers what those use (and the
 * legend and hover tooltip 'auto' gives them): 10 kB less on Home's first load.
 */
const CHART_JS_ID = '\0eb-chart.js';
const CHART_JS = [
  `import { Chart, BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Legend, Tooltip, Colors } from 'chart.js';`,
  `Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Legend, Tooltip, Colors);`,
  `export default Chart;`,
].join('\n');

function lazyInPlugin(): Plugin {
  return {
    name: 'eb-lazy-in',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'chart.js/auto' && importer && /primereact[\\/]chart[\\/]/.test(importer)) return CHART_JS_ID;
      const lazy = LAZY_IN.find((l) => l.module === source && importer && l.importer.test(importer));
      return lazy ? `${LAZY_PREFIX}${LAZY_IN.indexOf(lazy)}` : null;
    },
    load(id) {
      if (id === CHART_JS_ID) return CHART_JS;
      if (!id.startsWith(LAZY_PREFIX)) return null;
      const { module, name } = LAZY_IN[Number(id.slice(LAZY_PREFIX.length))]!;
      return [
        `import { createElement, forwardRef, lazy, Suspense } from 'react';`,
        `const Loaded = lazy(() => import('${module}').then((m) => ({ default: m.${name} })));`,
        `export const ${name} = forwardRef(function ${name}(props, ref) {`,
        `  return createElement(Suspense, { fallback: null }, createElement(Loaded, { ...props, ref }));`,
        `});`,
      ].join('\n');
    },
  };
}

/**
 * The SPA. In development `/api` goes to the local API (API_TARGET, default the local gateway on
 * port 3000); in production CloudFront serves both from one origin.
 */
export default defineConfig({
  plugins: [lazyInPlugin(), react(), routeSizesPlugin()],
  server: {
    proxy: {
      '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: a separate, long-cached chunk. PrimeReact and the
        // other libraries are imported per component ('primereact/button') and split with the
        // screens that use them, so the login route does not load every screen's widgets.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 }],
        },
      },
    },
  },
});
