import { availableParallelism } from 'node:os';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the workspace packages from their sources (their `antrag:source` export condition): tests need no package build.
  // Every project below inherits these (`extends: true`).
  resolve: {
    conditions: ['antrag:source', ...defaultClientConditions],
    // Node loads antd's CommonJS build (lib/) under the tests; the engine's one deep import of antd (its form item's
    // context, widgets/shared/antdFieldStatus.tsx) must reach the module those controls read, as it does in a bundle
    alias: { 'antd/es/form/context.js': 'antd/lib/form/context.js' },
  },
  // Vitest hands the SSR conditions to Node as --conditions too: no `module` there (Node would then load packages'
  // extension-less ES builds, such as @aws-sdk's dist-es), only ours on top of Node's own
  ssr: { resolve: { conditions: ['antrag:source', 'node', 'development|production'] } },
  test: {
    environment: 'node',
    // creating an embedded database, OCR and child processes take seconds on a busy 2-core machine
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than cores, so one on CI's 2 cores: two take the unit run from about 10.5
    // to 7.5 minutes there, since many tests wait on a database, a child process or a browser engine
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 120_000,
    // codemirror-json-schema imports its own files without extensions, which only a bundler resolves
    server: { deps: { inline: ['codemirror-json-schema'] } },
    // the folder tells the kind: `npm run test:fast` runs `unit` alone, for feedback in seconds while editing
    projects: [
      {
        extends: true,
        // pure: no server, database, OCR, child process, socket or DOM
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        // the server (Fastify, in process or as a child), PGlite and PostgreSQL, Redis, real OCR, the `antrag` CLI
        // as a child process, HTTP doubles on a local port
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] },
      },
      {
        extends: true,
        // widgets, engine, content site and studio drawn in jsdom; setup.ts holds the doubles jsdom needs
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
});
