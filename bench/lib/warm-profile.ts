// Profiles the background warm-up (src/serve/warm.ts) field by field: RSS before, at its peak and after each
// field's naive dist, then the first request of each field's naive dist and values.
// Usage: node --expose-gc --import tsx bench/lib/warm-profile.ts <catalog or built snapshot>
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { toConfig } from '../../src/config.ts';
import { warmNaiveDist } from '../../src/routes/dist.ts';
import { startServer } from '../../src/serve/server.ts';

const MiB = 1024 * 1024;
const SAMPLE_MS = 2;

/** VmRSS of this process (every thread), in MiB. */
function rss(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

const config = { ...toConfig(process.env), host: '127.0.0.1', port: 0, warmDists: false };
const running = await startServer(process.argv[2], config, pino({ level: 'warn' }));
await running.ready;
const snapshot = running.state.snapshot!;
const arrow = [...snapshot.datasets.values()].reduce((n, d) => n + d.bytes, 0) / MiB;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const mem = process.memoryUsage();
console.log(
  `ready: Arrow ${arrow.toFixed(0)} MiB, RSS ${rss().toFixed(0)} MiB (heap ${(mem.heapUsed / MiB).toFixed(0)}, external ${(mem.external / MiB).toFixed(0)}, arrayBuffers ${(mem.arrayBuffers / MiB).toFixed(0)})`,
);
// The fields the warm-up computes (src/serve/warm.ts) in its order, then the nearly unique ones it leaves to
// their first request (more distinct values than maxClusterPoints and than half the rows, not numbers).
const rows = (f: { dataset: string }) => snapshot.datasets.get(f.dataset)?.rows ?? 0;
const distinctOf = (f: { id: number }) => snapshot.values.get(f.id)?.values.length ?? 0;
const unique = (f: { id: number; dataset: string }) =>
  distinctOf(f) > config.maxClusterPoints &&
  distinctOf(f) * 2 > rows(f) &&
  !(snapshot.values.get(f.id)?.values instanceof Float64Array);
const byId = [...snapshot.fields.values()].sort((a, b) => a.id - b.id);
// src/serve/warm.ts warms the fields with more values than the grid's cells after the others.
const large = (f: { id: number }) => distinctOf(f) > config.maxClusterPoints;
const warmed = byId.filter((f) => !unique(f));
const order = [...warmed.filter((f) => !large(f)), ...warmed.filter(large), ...byId.filter(unique)];
console.log(
  'field\tcolumn\tdistinct\tms\tCPU ms\trss before\tpeak\tafter\tafter gc\t(MiB; * = not warmed by src/serve/warm.ts)',
);
for (const field of order) {
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), SAMPLE_MS);
  const [t0, c0] = [performance.now(), process.cpuUsage()];
  await warmNaiveDist(snapshot, running.pool, config, field);
  const ms = performance.now() - t0;
  // Every thread of this process: the worker's task and the main thread's part (the pool is idle otherwise).
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  clearInterval(timer);
  const after = rss();
  gc();
  console.log(
    [
      `${field.id}${unique(field) ? '*' : ''}`,
      field.column,
      distinctOf(field),
      ms.toFixed(0),
      cpu.toFixed(0),
      before,
      Math.max(peak, after),
      after,
      rss(),
    ]
      .map((v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(0) : v))
      .join('\t'),
  );
}
// Wall time and this process's CPU time (server and client: the pool is idle, so it is the request's
// work on the main thread, whatever else runs on the machine).
console.log('first requests (after the warm-up above): field\tdist ms\tdist CPU ms\tbytes\tvalues ms\tvalues CPU ms');
const timed = async (path: string) => {
  const [t, c] = [performance.now(), process.cpuUsage()];
  const bytes = (await (await fetch(`${running.url}${path}`)).arrayBuffer()).byteLength;
  const cpu = process.cpuUsage(c);
  return { ms: performance.now() - t, cpu: (cpu.user + cpu.system) / 1000, bytes };
};
for (const field of byId) {
  const dist = await timed(`/api/fields/${field.id}/dist/`);
  const values = await timed(`/api/fields/${field.id}/values/`);
  const row = [dist.ms, dist.cpu, dist.bytes, values.ms, values.cpu];
  console.log([field.id, ...row.map((v) => (Number.isInteger(v) ? v : v.toFixed(1)))].join('\t'));
}
console.log(`end: RSS ${rss().toFixed(0)} MiB`);
await running.close();
