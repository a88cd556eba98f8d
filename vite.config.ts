import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app in `site/web`, built into `dist/site` (served at `/` by the server). */
export default defineConfig({
  root: resolve(import.meta.dirname, 'site/web'),
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/site'),
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
