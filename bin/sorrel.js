#!/usr/bin/env node
// Entry point of the `sorrel` command: registers tsx, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
