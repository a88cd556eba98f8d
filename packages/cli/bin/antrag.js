#!/usr/bin/env node
// The `antrag` command: the built JavaScript in dist/ (`npm run build` in a checkout of the repository).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv);
