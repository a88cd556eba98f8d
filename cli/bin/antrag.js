#!/usr/bin/env node
// The `antrag` command. The CLI is TypeScript run through tsx, so it needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
