import { loadTable } from './index.ts';
const r = await loadTable(process.argv[2]);
(globalThis as any).gc(); (globalThis as any).gc();
console.log(r.rows, 'heapUsed MB', (process.memoryUsage().heapUsed / 1e6).toFixed(1), 'external', (process.memoryUsage().external/1e6).toFixed(1));
