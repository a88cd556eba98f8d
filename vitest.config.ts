import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the workspace packages from their sources (their `source` export condition): tests need no package build
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    environment: 'node',
    // creating an embedded database, OCR and child processes take seconds on a busy 2-core machine
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than cores, so one on CI's 2 cores: two take the unit run from about 10.5
    // to 7.5 minutes there, since many tests wait on a database, a child process or a browser engine
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 120_000,
    // codemirror-json-schema imports its own files without extensions, which only a bundler resolves
    server: { deps: { inline: ['codemirror-json-schema'] } },
  },
});
