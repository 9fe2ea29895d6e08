// One flood: Sorrel pinned apart from autocannon's 2,000 keep-alive connections, and a probe opening a new connection every 100 ms.
import { join } from 'node:path';
import { ROOT, spawnTs } from './child.ts';
import { pin, toCores } from './pin.ts';
import { type Probe, probeNewConnections } from './probe.ts';
import { startSorrel } from './sorrel.ts';

export type FloodResult = {
  rps: number; // autocannon's mean requests/s
  loadP99: number; // autocannon's p99 ms (keep-alive requests)
  errors: number; // autocannon's connection errors and timeouts (reported, not fatal: Node's defaults give some)
  probes: (Probe & { atMs: number })[]; // new connections opened while the load ran, atMs from its start
  pinned: boolean;
};

const DEMO = join(ROOT, 'demo/catalog.yaml');
const PATH = '/api/fields/24/'; // a reply-cache hit: the cheapest answer, so the most requests per second

/** Runs one flood of `connections` for `seconds` against a server started with `env`. */
export async function flood(env: Record<string, string>, connections: number, seconds: number): Promise<FloodResult> {
  const cores = toCores();
  const sorrel = await startSorrel(DEMO, env);
  let cannon: ReturnType<typeof spawnTs> | null = null;
  try {
    const url = sorrel.url + PATH;
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm: the answer is cached
    let pinned = cores !== null && pin(sorrel.child.pid, cores.server) && pin(process.pid, cores.load);
    cannon = spawnTs('bench/lib/cannon-child.ts', [url, String(connections), String(seconds)]);
    if (cores) pinned = pin(cannon.pid, cores.load) && pinned;
    await cannon.waitFor('started', 60_000);
    // From the start of the load: its 2,000 connections arriving at once are part of what a new client meets.
    const probes = await probeNewConnections(url, 100, seconds - 1);
    const done = await cannon.waitFor('done', (seconds + 120) * 1000);
    if (Number(done.non2xx)) throw new Error(`flood: ${done.non2xx} answers other than 2xx`);
    if (probes.some((p) => p.status !== 200)) throw new Error('flood: a probe was not answered 200');
    const errors = Number(done.errors) + Number(done.timeouts);
    return { rps: Number(done.rps), loadP99: Number(done.p99), errors, probes, pinned };
  } finally {
    if (cores) pin(process.pid, cores.all);
    await cannon?.stop();
    await sorrel.stop();
  }
}
