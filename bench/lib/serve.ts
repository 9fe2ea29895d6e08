// Child entry: Sorrel serving one catalog on 127.0.0.1, reporting on stdout as JSON lines.
// Usage: node --import tsx bench/lib/serve.ts <catalog> (configuration from the environment, as `sorrel serve`).
import { pino } from 'pino';
import { toConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';

const send = (m: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(m)}\n`);

const catalog = process.argv[2];
const config = { ...toConfig(process.env), host: '127.0.0.1', port: Number(process.env.PORT ?? 0) };
const running = await startServer(catalog, config, pino({ level: config.logLevel }, pino.destination(2)));
send({ event: 'listening', url: running.url });
try {
  await running.ready;
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
// performance.now() counts from this process's start: the load time as the process sees it.
const datasets = [...running.state.snapshot!.datasets.values()].map((d) => ({ name: d.name, rows: d.rows, bytes: d.bytes }));
send({ event: 'ready', ms: performance.now(), datasets, threads: config.poolThreads });
process.once('SIGTERM', () => { void running.close().then(() => process.exit(0)); });
