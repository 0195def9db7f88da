import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The back office (issue 19), served by the API server at `/admin`. As the member app: brotli and
 * gzip copies of every text file for the server to send as they are, hidden source maps, and the
 * first page's code in one chunk; each screen is a chunk of its own. In development `/api` is
 * proxied to the API server on port 3000.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|json|svg)$/ })],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5174,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the import graph the first-load budget check follows (scripts/first-load-budget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
