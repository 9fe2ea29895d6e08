// The http scenario's other rows: what info-level request logs cost, and answers the reply cache does not serve.
import { join } from 'node:path';
import { hammer, type Load } from './cannon.ts';
import { ROOT } from './child.ts';
import { COLUMNS, ensureTable, toTableSpec } from './generate.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import { type SorrelChild, startSorrel } from './sorrel.ts';
import { toFieldId, writeTableCatalog } from './table-catalog.ts';
import type { BenchRow } from './types.ts';

type Options = { quick: boolean; dataDir: string; seconds: number; rounds: number };

const DEMO = join(ROOT, 'demo/catalog.yaml');
const CONNECTIONS = 64;
const AWARE_CONNECTIONS = 8; // compute runs on the pool's thread; more connections only queue
// A round's end aborts the requests in flight; a task running past the pool's grace then ends its
// thread, and the replacement's first tasks run before the JIT has warmed up. A request may thus
// wait longer than autocannon's 10 s default on a loaded machine without being lost.
const AWARE_TIMEOUT_SECONDS = 60;
const NO_CACHE = { SORREL_REPLY_CACHE_MB: '0' };

/** Logging cost, uncached answers from precomputed data (demo), and aware answers at 1M rows. */
export async function measureExtraPaths(o: Options): Promise<BenchRow[]> {
  return [...(await measureLogging(o)), ...(await measureUncached(o)), ...(await measureAware(o))];
}

/** The same reply-cache hit with request logs on (info) and off (warn): Sorrel's own log (src/log.ts). */
async function measureLogging(o: Options): Promise<BenchRow[]> {
  const path = '/api/fields/24/';
  const quiet = await startSorrel(DEMO);
  const logged = await startSorrel(DEMO, { LOG_LEVEL: 'info', SORREL_BENCH_LOG_FILE: '/dev/null' });
  try {
    note(`http: GET ${path} with request logs at info level, ${o.rounds} × ${o.seconds} s per side`);
    const [s, r] = await alternate(logged, quiet, path, CONNECTIONS, o);
    return [
      toRow({
        scenario: 'http',
        case: `GET ${path}, request logs at info level (one JSON line per request, batched pino destination (src/log.ts), to /dev/null)`,
        metric: 'req/s',
        referenceName: 'the same server at warn level (no request logs)',
        better: 'higher',
        sorrel: s.map((l) => l.rps),
        reference: r.map((l) => l.rps),
        target: '≥ 0.9× (logs cost ≤ 10%)',
        limit: { on: 'ratio', value: 0.9 },
      }),
    ];
  } finally {
    await logged.stop();
    await quiet.stop();
  }
}

/** Non-aware answers computed from the precomputed values and stats (reply cache off) beside reply-cache hits. */
async function measureUncached(o: Options): Promise<BenchRow[]> {
  const paths = ['/api/fields/45/values/', '/api/fields/45/dist/', '/api/fields/24/stats/'];
  const cached = await startSorrel(DEMO);
  const uncached = await startSorrel(DEMO, NO_CACHE);
  const rows: BenchRow[] = [];
  try {
    for (const path of paths) {
      note(`http: GET ${path} with the reply cache off, ${o.rounds} × ${o.seconds} s per side`);
      const [s, r] = await alternate(uncached, cached, path, CONNECTIONS, o);
      rows.push(
        toRow({
          scenario: 'http',
          case: `GET ${path}, reply cache off (computed from precomputed data per request)`,
          metric: 'req/s',
          referenceName: 'the same path as a reply-cache hit',
          better: 'higher',
          sorrel: s.map((l) => l.rps),
          reference: r.map((l) => l.rps),
          target: '—',
          limit: null,
        }),
      );
    }
    return rows;
  } finally {
    await uncached.stop();
    await cached.stop();
  }
}

/** Context-aware answers over 1M generated rows, each computed on the worker pool (reply cache off). */
async function measureAware(o: Options): Promise<BenchRow[]> {
  const rowCount = 1_000_000;
  const files = await ensureTable(toTableSpec(rowCount), o.dataDir);
  const sorrel = await startSorrel(writeTableCatalog(files.parquet, COLUMNS, o.dataDir), NO_CACHE);
  const [sel, cat, x] = ['sel', 'cat', 'x'].map((c) => toFieldId(COLUMNS, c));
  const context = encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: sel, operator: 'lt', value: 5000 }] }),
  );
  const paths: [string, string][] = [
    ['aware values of `cat`', `/api/fields/${cat}/values/?aware=true&context=${context}`],
    ['aware dist of `cat`', `/api/fields/${cat}/dist/?aware=true&context=${context}`],
    ['aware stats of `x`', `/api/fields/${x}/stats/?aware=true&context=${context}`],
  ];
  const rows: BenchRow[] = [];
  try {
    for (const [label, path] of paths) {
      note(`http: ${label} at 1M rows, ${o.rounds} × ${o.seconds} s`);
      await hammer(sorrel.url + path, AWARE_CONNECTIONS, 1, AWARE_TIMEOUT_SECONDS);
      const s: Load[] = [];
      for (let i = 0; i < o.rounds; i++)
        s.push(await hammer(sorrel.url + path, AWARE_CONNECTIONS, o.seconds, AWARE_TIMEOUT_SECONDS));
      const c = { scenario: 'http', case: `1M rows, ${label}, 50% context, reply cache off`, referenceName: '—' };
      const base = { ...c, reference: null, target: '—', limit: null };
      rows.push(
        toRow({ ...base, metric: 'req/s', better: 'higher', sorrel: s.map((l) => l.rps) }),
        toRow({ ...base, metric: 'p50 ms', better: 'lower', sorrel: s.map((l) => l.p50) }),
      );
    }
    return rows;
  } finally {
    await sorrel.stop();
  }
}

/** Rounds of load on two servers, alternating which goes first; returns [a's loads, b's loads]. */
async function alternate(a: SorrelChild, b: SorrelChild, path: string, connections: number, o: Options) {
  await hammer(a.url + path, connections, 1);
  await hammer(b.url + path, connections, 1);
  const la: Load[] = [],
    lb: Load[] = [];
  for (let i = 0; i < o.rounds; i++) {
    const first = i % 2 === 0;
    if (first) la.push(await hammer(a.url + path, connections, o.seconds));
    lb.push(await hammer(b.url + path, connections, o.seconds));
    if (!first) la.push(await hammer(a.url + path, connections, o.seconds));
  }
  return [la, lb] as const;
}
