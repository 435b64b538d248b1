import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeSizesPlugin } from './route-sizes';

/**
 * The SPA. In development `/api` goes to the local API (API_TARGET, default the local gateway on
 * port 3000); in production CloudFront serves both from one origin.
 */
export default defineConfig({
  plugins: [react(), routeSizesPlugin()],
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
