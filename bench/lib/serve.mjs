// Child entry: Sorrel serving one catalog on 127.0.0.1, reporting on stdout as JSON lines.
// Plain JS over the tsc-built dist/ (bench/run.mjs builds it first), as `npm start` runs Sorrel.
// Usage: node bench/lib/serve.mjs <catalog> (configuration from the environment, as `sorrel serve`).
import { pino } from 'pino';
import { toConfig } from '../../dist/src/config.js';
import { createLog } from '../../dist/src/log.js';
import { startServer } from '../../dist/src/serve/server.js';

const send = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);

const catalog = process.argv[2];
// The benches read /metrics and send many uncached requests from one address: both open here.
const config = {
  ...toConfig({ SORREL_METRICS_PUBLIC: 'true', SORREL_RATE_LIMIT: '0', ...process.env }),
  host: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
};
// SORREL_BENCH_LOG_FILE: log as `sorrel serve` does (src/log.ts: 4 KiB batches, warnings at once) into that file.
const file = process.env.SORREL_BENCH_LOG_FILE;
const log = file ? createLog(config.logLevel, file) : pino({ level: config.logLevel }, pino.destination(2));
// SORREL_BENCH_ENGINE=1: engine datasets (API.md §14) are computed by the table and search runners.
const run = process.env.SORREL_BENCH_ENGINE === '1' ? await engineRunner() : undefined;
const running = await startServer(catalog, config, log, undefined, run);
send({ event: 'listening', url: running.url });
try {
  await running.ready;
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
// performance.now() counts from this process's start: the load time as the process sees it.
const datasets = [...running.state.snapshot.datasets.values()].map((d) => ({
  name: d.name,
  rows: d.rows,
  bytes: d.bytes,
}));
send({ event: 'ready', ms: performance.now(), datasets, threads: config.poolThreads });
// Then each field's default naive dist is computed into the memo in the background (src/serve/warm.ts).
void running.warmed.then((fields) => send({ event: 'warmed', ms: performance.now(), fields }));
process.once('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});
// SIGHUP reloads as `sorrel serve` does; each outcome is reported as `reloaded-<n>`.
let reloads = 0;
process.on('SIGHUP', () => {
  void running.reload().then((o) => send({ event: `reloaded-${++reloads}`, ...o }));
});

async function engineRunner() {
  const { runTableTask } = await import('../../dist/src/engine/compute/index.js');
  const { runSearchTask } = await import('../../dist/src/engine/search/index.js');
  return (task, ctx, signal) =>
    task.kind === 'value-match' || task.kind === 'value-accented'
      ? runSearchTask(task, ctx, signal)
      : runTableTask(task, ctx, signal);
}
