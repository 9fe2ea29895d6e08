// Stats of one 10M-row column, side by side in one run: before and after correctly rounded sums on one thread, and split over two threads.
// Usage: node --import tsx bench/stats/run.ts [rows=10000000] [rev=b78155f]
// `rev` is a commit whose workers/moments.ts (with its exact.ts) is the old, compensated-sum moments.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { QUANTILES, quantileCont } from '../../src/common/stats-shape.ts';
import {
  type ColumnView,
  columnStats,
  countRuns,
  mergeStats,
  type StatsPart,
  selectValues,
  sortValues,
} from '../../workers/index.ts';
import { threadNs } from '../lib/proc-cpu.ts';

const rows = Number(process.argv[2] ?? 10_000_000);
const rev = process.argv[3] ?? 'b78155f';
const ROUNDS = 7;

// The old moments, as they were at `rev`.
const dir = mkdtempSync(join(tmpdir(), 'sorrel-old-moments-'));
for (const f of ['moments.ts', 'exact.ts'])
  writeFileSync(join(dir, f), execFileSync('git', ['show', `${rev}:workers/${f}`], { encoding: 'utf8' }));
const old = (await import(pathToFileURL(join(dir, 'moments.ts')).href)) as {
  momentsOf(v: Float64Array | Int32Array): unknown;
};

/** The columns: `x` as bench/lib/wide.ts draws it (3 decimals, 1M distinct values), `r` any double in [0, 1e6), `i` small integers. */
function makeColumns() {
  let s = 0x9e3779b9;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
  const x = new Float64Array(new SharedArrayBuffer(rows * 8)),
    r = new Float64Array(new SharedArrayBuffer(rows * 8)),
    i = new Int32Array(new SharedArrayBuffer(rows * 4));
  for (let k = 0; k < rows; k++) {
    x[k] = Math.floor(next() * 1e6) / 1000;
    r[k] = next() * 1e6;
    i[k] = Math.floor(next() * 20);
  }
  return { x, r, i };
}
const view = (values: Float64Array | Int32Array): ColumnView => ({
  kind: values instanceof Int32Array ? 'i32' : 'f64',
  values,
  validity: null,
  offset: 0,
  length: values.length,
  nullCount: 0,
  temporal: false,
});

/** columnStats as it was: the same selection, sort, distinct count and quantiles, the old moments. */
function oldStats(col: ColumnView) {
  const { values } = selectValues(col, null);
  sortValues(values);
  const q = QUANTILES.map(([, p]) => quantileCont(values as Float64Array, p));
  return [old.momentsOf(values as Float64Array), q, countRuns(values)];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * The critical path's CPU ms of `run`: this thread's CPU plus the busiest other thread's (the parts
 * run side by side, the merge here), from /proc: what a quiet machine's wall time would be, read
 * on a busy one (bench/lib/proc-cpu.ts).
 */
async function critical(run: () => unknown): Promise<number> {
  const before = threadNs(process.pid);
  await run();
  const after = threadNs(process.pid);
  let main = 0,
    busiest = 0;
  for (const [tid, ns] of after) {
    const d = (ns - (before.get(tid) ?? 0)) / 1e6;
    if (tid === process.pid) main = d;
    else busiest = Math.max(busiest, d);
  }
  return main + busiest;
}

/** Two worker threads, each the stats part of half the rows (as a split stats task runs), then the merge here. */
function startWorkers(n: number) {
  return new Piscina({
    filename: new URL('./part-worker.ts', import.meta.url).href,
    minThreads: n,
    maxThreads: n,
    execArgv: ['--import', import.meta.resolve('tsx')],
  });
}
async function splitStats(workers: Piscina, values: Float64Array | Int32Array) {
  const k = workers.maxThreads;
  const parts: StatsPart[] = await Promise.all(
    Array.from({ length: k }, (_, j) =>
      workers.run({ values, start: Math.floor((rows * j) / k), end: Math.floor((rows * (j + 1)) / k) }),
    ),
  );
  return mergeStats(view(values), parts);
}

const cols = makeColumns();
const workers = startWorkers(2);
const one = startWorkers(1);
console.log(
  `rows ${rows}, load average before: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('CPU ms on the critical path (this thread + the busiest worker), medians of 7');
console.log(
  '| column | old stats, 1 thread | new stats, 1 thread | new / old | new, split over 2 threads | 1 thread (worker) | split / 1 thread |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|');
for (const [name, values] of Object.entries(cols)) {
  const col = view(values);
  const tOld: number[] = [],
    tNew: number[] = [],
    tSplit: number[] = [],
    tOne: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    tOld.push(await critical(() => oldStats(col)));
    tNew.push(await critical(() => columnStats(col, null)));
    let split: unknown, whole: unknown;
    tSplit.push(await critical(async () => (split = await splitStats(workers, values))));
    tOne.push(await critical(async () => (whole = await splitStats(one, values))));
    if (
      JSON.stringify(split) !== JSON.stringify(whole) ||
      JSON.stringify(whole) !== JSON.stringify(columnStats(col, null))
    )
      throw new Error(`${name}: the split answer differs from the unsplit one`);
  }
  const [o, n, s, w] = [tOld, tNew, tSplit, tOne].map(median);
  console.log(
    `| \`${name}\` | ${o.toFixed(0)} ms | ${n.toFixed(0)} ms | ${(n / o).toFixed(2)} | ${s.toFixed(0)} ms | ${w.toFixed(0)} ms | ${(s / w).toFixed(2)} |`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await Promise.all([workers.destroy(), one.destroy()]);
