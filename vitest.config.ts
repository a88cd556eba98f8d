import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    environment: 'node',
    // creating an embedded database, OCR and child processes take seconds on a busy 2-core machine
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // codemirror-json-schema imports its own files without extensions, which only a bundler resolves
    server: { deps: { inline: ['codemirror-json-schema'] } },
  },
});
