import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

const web = resolve(import.meta.dirname, 'web');
const repo = resolve(import.meta.dirname, '..');

/**
 * The server's renderer of form pages (`web/forms/serverRender.tsx`), built beside the web app into its `ssr/`
 * folder (wherever `--outDir` puts the app) as one self-contained ES module for Node: the server loads it from the
 * web app it serves, so the HTML it draws always comes from the same code the browser hydrates.
 */
function formPageRenderer(): Plugin {
  let appOutDir = resolve(repo, 'dist/site');
  return {
    name: 'antrag-form-page-renderer',
    config(config) {
      if (config.build?.outDir) appOutDir = resolve(config.root ?? web, config.build.outDir);
    },
    configEnvironment(name) {
      if (name !== 'ssr') return undefined;
      return {
        resolve: { conditions: ['antrag:source', ...defaultServerConditions], noExternal: true },
        // React and antd in their production builds, as in the browser: antd's class names differ in development
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: resolve(appOutDir, 'ssr'),
          emptyOutDir: true,
          ssr: true,
          copyPublicDir: false,
          rollupOptions: {
            input: { serverRender: resolve(web, 'forms/serverRender.tsx') },
            output: { entryFileNames: '[name].js' },
          },
        },
      };
    },
  };
}

/**
 * The web app in `site/web`, built into `dist/site` at the repository's root (served at `/` by the server), plus the validation
 * runtime under the fixed names `assets/validation-runtime.js` and `assets/validation-runtime-phone.js` (with the
 * phone-number checks): the precompiled validators the server generates import them by those URLs, so their
 * exports are kept as they are.
 */
export default defineConfig({
  root: web,
  plugins: [react(), formPageRenderer()],
  // `vite build` builds the browser's app, then the server's form renderer (formPageRenderer)
  builder: {},
  environments: {
    client: {
      build: {
        // read by the server (site/server/shell.ts) to announce a route's chunks in its page shell
        manifest: true,
        rollupOptions: {
          input: {
            main: resolve(web, 'index.html'),
            'validation-runtime': resolve(web, 'validation-runtime.ts'),
            'validation-runtime-phone': resolve(web, 'validation-runtime-phone.ts'),
          },
          preserveEntrySignatures: 'exports-only',
          // @rc-component/form declares no `sideEffects`, so antd's form context, which nearly every antd control
          // imports (a form item's status), kept all of it in every page: the form store, async-validator. It has
          // none; unused, it drops out (the light field template draws no form item).
          treeshake: {
            moduleSideEffects: (id: string) =>
              /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id) ? false : undefined,
          },
          output: {
            entryFileNames: (chunk) =>
              chunk.name.startsWith('validation-runtime') ? `assets/${chunk.name}.js` : 'assets/[name]-[hash].js',
          },
        },
      },
    },
    ssr: {},
  },
  resolve: {
    // the workspace packages from their sources (their `antrag:source` export condition), so no package build comes first
    conditions: ['antrag:source', ...defaultClientConditions],
    // RJSF's markdown parser, loaded only when a form draws markdown (see the module)
    alias: [
      // its browser entry everywhere: the Node one (`entry-node`) requires every language's names at run time,
      // which the server's form renderer (a bundle) cannot
      { find: /^i18n-iso-countries$/, replacement: resolve(repo, 'node_modules/i18n-iso-countries/index.js') },
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: resolve(repo, 'packages/react/src/engine/lazyMarkdown.tsx'),
      },
    ],
  },
  build: {
    outDir: resolve(repo, 'dist/site'),
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
