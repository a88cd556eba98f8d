import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const web = resolve(import.meta.dirname, 'site/web');

/**
 * The web app in `site/web`, built into `dist/site` (served at `/` by the server), plus the validation
 * runtime under the fixed name `assets/validation-runtime.js`: the precompiled validators the server
 * generates import it by that URL, so its exports are kept as they are.
 */
export default defineConfig({
  root: web,
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/site'),
    emptyOutDir: true,
    rollupOptions: {
      input: { main: resolve(web, 'index.html'), 'validation-runtime': resolve(web, 'validation-runtime.ts') },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'validation-runtime' ? 'assets/validation-runtime.js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
