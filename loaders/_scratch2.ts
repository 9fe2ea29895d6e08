import { loadTable } from './index.ts';
const p = process.argv[2];
const t = performance.now();
const r = await loadTable(p);
console.log((performance.now() - t).toFixed(0), 'ms', r.rows, r.types, 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0), 'bytes', r.bytes);
