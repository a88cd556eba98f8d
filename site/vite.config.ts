import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const web = resolve(import.meta.dirname, 'web');
const repo = resolve(import.meta.dirname, '..');

/**
 * The web app in `site/web`, built into `dist/site` at the repository's root (served at `/` by the server), plus the validation
 * runtime under the fixed names `assets/validation-runtime.js` and `assets/validation-runtime-phone.js` (with the
 * phone-number checks): the precompiled validators the server generates import them by those URLs, so their
 * exports are kept as they are.
 */
export default defineConfig({
  root: web,
  plugins: [react()],
  resolve: {
    // the workspace packages from their sources (their `antrag:source` export condition), so no package build comes first
    conditions: ['antrag:source', ...defaultClientConditions],
    // RJSF's markdown parser, loaded only when a form draws markdown (see the module)
    alias: [
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: resolve(repo, 'packages/react/src/engine/lazyMarkdown.tsx'),
      },
    ],
  },
  build: {
    outDir: resolve(repo, 'dist/site'),
    emptyOutDir: true,
    // read by the server (site/server/shell.ts) to announce a route's chunks in its page shell
    manifest: true,
    rollupOptions: {
      input: {
        main: resolve(web, 'index.html'),
        'validation-runtime': resolve(web, 'validation-runtime.ts'),
        'validation-runtime-phone': resolve(web, 'validation-runtime-phone.ts'),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) =>
          chunk.name.startsWith('validation-runtime') ? `assets/${chunk.name}.js` : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
