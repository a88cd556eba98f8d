import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { lazyPartChunks } from './vite/lazyPartChunks.js';
import { precompress } from './vite/precompress.js';

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
 * The validation runtimes as chunks that keep their exports (the precompiled validators the server generates import
 * them by name), in a build that may drop or merge the exports of any other module (`preserveEntrySignatures: false`,
 * which rolldown's inlining of small common chunks needs).
 */
function validationRuntimes(): Plugin {
  return {
    name: 'antrag-validation-runtimes',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      for (const name of ['validation-runtime', 'validation-runtime-phone']) {
        this.emitFile({ type: 'chunk', id: resolve(web, `${name}.ts`), name, preserveSignature: 'strict' });
      }
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
  plugins: [
    react(),
    formPageRenderer(),
    validationRuntimes(),
    lazyPartChunks(
      resolve(repo, 'packages/react/src/widgets/index.ts'),
      resolve(repo, 'packages/react/src/widgets/shared/antdScope.tsx'),
    ),
    // each text file of the browser's build also as `.br` and `.gz`, sent as they are (server/app.ts)
    precompress(),
  ],
  // `vite build` builds the browser's app, then the server's form renderer (formPageRenderer)
  builder: {},
  environments: {
    client: {
      build: {
        // read by the server (site/server/shell.ts) to announce a route's chunks in its page shell
        manifest: true,
        rollupOptions: {
          // the runtimes come in as chunks of their own (validationRuntimes)
          input: { main: resolve(web, 'index.html') },
          preserveEntrySignatures: false,
          // @rc-component/form declares no `sideEffects`, so antd's form context, which nearly every antd control
          // imports (a form item's status), kept all of it in every page: the form store, async-validator. It has
          // none; unused, it drops out (the light field template draws no form item).
          treeshake: {
            moduleSideEffects: (id: string) =>
              /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id) ? false : undefined,
          },
          output: {
            // fewer, larger chunks: on HTTP/1.1 a browser asks six at a time, so a form page's forty small
            // files cost a phone on a slow network several round trips more than twenty do. React, React DOM and
            // react-query (which every page loads) are one chunk; a common chunk under 8 KB of source is put into
            // each chunk that imports it instead of being a file of its own.
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 8192 },
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+)[\\/]/ },
              ],
            },
            // the validation runtimes under fixed names (validationRuntimes)
            chunkFileNames: (chunk) =>
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
