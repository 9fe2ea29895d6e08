// Per-request CPU of the main thread and of the busiest worker thread, split over the threads vs on one,
// from /proc/<pid>/task/*/schedstat: the critical path a quiet machine would show, measurable on a busy one.
// Usage: node --import tsx bench/split-cpu.ts [rows]   (after `npm run bench -- --only scale [--rows …]`
// has written bench/data/wide-r<rows>.sorrel and bench/run.mjs has built dist/).
import { availableParallelism } from 'node:os';
import { waitForOk } from './lib/child.ts';
import { getText, spawnSorrel } from './lib/sorrel.ts';
import { threadNs } from './lib/proc-cpu.ts';
import { toFieldId } from './lib/table-catalog.ts';
import { WIDE_COLUMNS } from './lib/wide.ts';

const id = (c: string) => toFieldId(WIDE_COLUMNS, c);
const rows = Number(process.argv[2] ?? 10_000_000);
const snapshot = `bench/data/wide-r${rows}.sorrel`;

const context = (below: number) =>
  `aware=true&context=${encodeURIComponent(JSON.stringify({ field: id('grade'), operator: 'lt', value: below }))}`;
const QUERIES: [string, string][] = [
  ['aware dist of `cat`', `/api/fields/${id('cat')}/dist/?cluster=false&`],
  [
    'aware dist `cat` × `grade`',
    `/api/fields/${id('cat')}/dist/?dimensions=${id('cat')},${id('grade')}&cluster=false&`,
  ],
  ['aware dist of `d`', `/api/fields/${id('d')}/dist/?cluster=false&`],
  ['aware values of `name`, limit=0', `/api/fields/${id('name')}/values/?limit=0&`],
  ['aware dist of `name`', `/api/fields/${id('name')}/dist/?cluster=false&`],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const threads = String(availableParallelism());
const split = await spawnSorrel(snapshot, { SORREL_THREADS: threads });
const whole = await spawnSorrel(snapshot, { SORREL_THREADS: threads, SORREL_SPLIT_ROWS: String(rows + 1) });
try {
  await waitForOk(`${split.url}/readyz`, split.child);
  await waitForOk(`${whole.url}/readyz`, whole.child);
  await Promise.all([split.child.waitFor('warmed'), whole.child.waitFor('warmed')]);
  for (const [label, path] of QUERIES) {
    for (const [name, s] of [
      ['split', split],
      ['one thread', whole],
    ] as const) {
      const wall: number[] = [];
      const main: number[] = [];
      const busiest: number[] = [];
      // Each request under `grade < 10` lowered a little: the same rows, never a reply-cache hit.
      for (let k = 0; k < 11; k++) {
        const before = threadNs(s.child.pid);
        const t = performance.now();
        await getText(s.url + path + context(10 - (k + 1) * 1e-3));
        const ms = performance.now() - t;
        const used = [...threadNs(s.child.pid)].map(([tid, ns]) => [tid, (ns - (before.get(tid) ?? 0)) / 1e6]);
        if (k === 0) continue; // the first warms up
        wall.push(ms);
        main.push(used.find(([tid]) => tid === s.child.pid)?.[1] ?? 0);
        busiest.push(Math.max(...used.filter(([tid]) => tid !== s.child.pid).map(([, cpu]) => cpu)));
      }
      const f = (xs: number[]) => median(xs).toFixed(0);
      console.log(
        `${rows} rows, ${label}, ${name}: CPU ms main ${f(main)} + busiest other thread ${f(busiest)}; wall ${f(wall)} ms (medians of 10)`,
      );
    }
  }
} finally {
  await split.stop();
  await whole.stop();
}
