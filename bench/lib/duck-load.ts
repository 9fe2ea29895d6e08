// Child entry: DuckDB reading one data file into a table, as a fresh process (the load reference).
// Usage: node --import tsx bench/lib/duck-load.ts <file>; prints {"event":"loaded", ms, rows, peakRss}.
import { readFileSync } from 'node:fs';
import { openDuck, toReader } from './duck.ts';

const file = process.argv[2];
const duck = await openDuck();
await duck.run(`CREATE TABLE t AS SELECT * FROM ${toReader(file)}`);
const rows = Number((await duck.rows('SELECT count(*)::DOUBLE FROM t'))[0][0]);
const ms = performance.now();
const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
process.stdout.write(`${JSON.stringify({ event: 'loaded', ms, rows, peakRss: kb ? Number(kb[1]) * 1024 : null })}\n`);
duck.close();
