#!/usr/bin/env node
// Entry point of the `sorrel` command: runs the TypeScript source through tsx (always current).
// `npm start` runs the tsc-built dist/src/main.js instead, which starts faster.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
