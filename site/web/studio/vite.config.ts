/**
 * The studio's own bundle: `app.tsx` and everything it loads (CodeMirror, the compiler, the form engine for the
 * preview), built into `dist/studio` and served at `/studio-app/` by `antrag studio`. A build of its own, so the
 * site's build (`site/vite.config.ts`) holds only the small `/studio` route and its form and content chunks stay as they
 * are. `antrag studio` builds it when it is missing (or with `--build`).
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const studio = import.meta.dirname;

export default defineConfig({
  root: studio,
  base: '/studio-app/',
  publicDir: false,
  plugins: [react()],
  // the workspace packages from their sources (their `antrag:source` export condition)
  resolve: { conditions: ['antrag:source', ...defaultClientConditions] },
  build: {
    outDir: resolve(studio, '../../../dist/studio'),
    emptyOutDir: true,
    manifest: true,
    // the studio is a local tool: one large editor chunk is fine there
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      input: { 'studio-app': resolve(studio, 'app.tsx') },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
