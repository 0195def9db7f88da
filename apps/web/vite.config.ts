import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The beneficiary app. `BASE_PATH` builds it for a sub-path deployment (spec section 9:
 * `/portal/`). In development `/api` is proxied to the API server on port 3000.
 * The build (issue 14 item 7) writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file
 * for the server to send as they are, and source maps without a `sourceMappingURL` comment
 * (`hidden`: kept for reading stack traces, never asked for by browsers; the server does not serve
 * them in production). Everything the first page needs (`$initial`: the entry's static imports) is
 * one chunk: fewer requests and better compression than the shared chunks Rolldown makes otherwise;
 * each route, and what only it uses, stays a chunk of its own.
 */
export default defineConfig({
  base: process.env.BASE_PATH ?? '/',
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|json|svg|webmanifest)$/,
    }),
  ],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the import graph the first-load budget check follows (scripts/first-load-budget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 700,
    // No module-preload polyfill (decision 073): every browser the app supports preloads modules
    // itself; one that does not only fetches the small runtime chunk a moment later.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
