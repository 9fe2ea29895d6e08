// HTTP ceiling: Sorrel's throughput and latency on metadata and from-memory endpoints under 64
// connections, beside a bare node:http server replaying Sorrel's own responses byte for byte.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { hammer, type Load } from '../lib/cannon.ts';
import { measureExtraPaths } from '../lib/http-extra.ts';
import { readCpuMs } from '../lib/proc-cpu.ts';
import { ROOT, spawnTs } from '../lib/child.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { startSorrel } from '../lib/sorrel.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const CONNECTIONS = 64;
// The bundled demo catalog; SORREL_BENCH_HTTP_CATALOG may name another with the same field ids (24, 45).
const PATHS = ['/api/concepts/', '/api/fields/24/', '/api/fields/45/values/', '/api/fields/45/dist/'];
const REFERENCE = 'bare node:http';
// Headers node:http adds by itself on both sides; everything else is replayed as recorded.
const AUTOMATIC = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

type Raw = { status: number; headers: string[]; body: Buffer };

export const scenario: Scenario = {
  name: 'http',
  description: `req/s, p50/p99 and server CPU per request of ${PATHS.length} endpoints (demo catalog, non-aware, reply-cache hits) under ${CONNECTIONS} connections, vs a bare node:http server returning the same bytes; the cost of request logs at info level; uncached answers from precomputed data and aware answers at 1M rows`,
  async run({ quick, dataDir }) {
    // Five shorter rounds rather than three of 10 s: a median of five steps over one disturbed round
    // (a /api/fields/24/ round moved from 22.7 to 34.2 µs a request on a quiet machine).
    const seconds = quick ? 2 : 6;
    const rounds = quick ? 2 : 5;
    const sorrel = await startSorrel(process.env.SORREL_BENCH_HTTP_CATALOG ?? join(ROOT, 'demo/catalog.yaml'));
    let bare: Awaited<ReturnType<typeof startBare>> | null = null;
    let hits: BenchRow[] = [];
    try {
      const recorded = [];
      for (const path of PATHS) {
        const r = await getRaw(sorrel.url + path);
        if (r.status !== 200)
          throw new Error(`Sorrel answered ${r.status} to ${path}: ${r.body.toString().slice(0, 300)}`);
        recorded.push({
          url: path,
          status: r.status,
          headers: r.headers.filter((_, i, h) => !AUTOMATIC.has(h[i - (i % 2)].toLowerCase())),
          body: r.body.toString('base64'),
        });
      }
      const file = join(dataDir, 'http-responses.json');
      writeFileSync(file, JSON.stringify(recorded));
      bare = await startBare(file);
      for (const path of PATHS) await checkSame(path, await getRaw(sorrel.url + path), await getRaw(bare.url + path));

      const rows: BenchRow[] = [];
      for (const path of PATHS) {
        note(`http: GET ${path}, ${rounds} × ${seconds} s per side`);
        await hammer(sorrel.url + path, CONNECTIONS, 1); // warm-up: JIT, caches, sockets
        await hammer(bare.url + path, CONNECTIONS, 1);
        const s: Timed[] = [],
          b: Timed[] = [];
        for (let i = 0; i < rounds; i++) {
          if (i % 2 === 0) {
            s.push(await hammerTimed(sorrel.url + path, sorrel.child.pid, seconds));
            b.push(await hammerTimed(bare.url + path, bare.pid, seconds));
          } else {
            b.push(await hammerTimed(bare.url + path, bare.pid, seconds));
            s.push(await hammerTimed(sorrel.url + path, sorrel.child.pid, seconds));
          }
        }
        const c = { scenario: 'http', case: `GET ${path}`, referenceName: REFERENCE };
        rows.push(
          toRow({
            ...c,
            metric: 'req/s',
            better: 'higher',
            sorrel: s.map((l) => l.rps),
            reference: b.map((l) => l.rps),
            target: '≥ 0.85× bare',
            limit: { on: 'ratio', value: 0.85 },
          }),
          toRow({
            ...c,
            metric: 'p50 ms',
            better: 'lower',
            sorrel: s.map((l) => l.p50),
            reference: b.map((l) => l.p50),
            target: '—',
            limit: null,
          }),
          toRow({
            ...c,
            metric: 'p99 ms',
            better: 'lower',
            sorrel: s.map((l) => l.p99),
            reference: b.map((l) => l.p99),
            target: '—',
            limit: null,
          }),
          toRow({
            ...c,
            metric: 'server CPU µs per request',
            better: 'lower',
            sorrel: s.map((l) => l.cpuUs),
            reference: b.map((l) => l.cpuUs),
            target: '≤ 1.2× bare',
            limit: { on: 'ratio', value: 1.2 },
          }),
        );
      }
      hits = rows;
    } finally {
      await bare?.stop();
      await sorrel.stop();
    }
    return [...hits, ...(await measureExtraPaths({ quick, dataDir, seconds, rounds }))];
  },
};

async function startBare(file: string) {
  const child = spawnTs('bench/lib/bare-server.ts', [file]);
  const { url } = await child.waitFor('listening', 60_000);
  return { url: String(url), pid: child.pid, stop: () => child.stop() };
}

type Timed = Load & { cpuUs: number };

/** A load, with the server process's CPU time per request (user + system, all threads) over it. */
async function hammerTimed(url: string, pid: number, seconds: number): Promise<Timed> {
  const before = readCpuMs(pid);
  const load = await hammer(url, CONNECTIONS, seconds);
  return { ...load, cpuUs: ((readCpuMs(pid) - before) * 1000) / load.requests };
}

/** GET with node:http, keeping the raw header names and order. */
function getRaw(url: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Fails unless both servers sent the same status, body bytes and header lines (the Date value aside). */
function checkSame(path: string, a: Raw, b: Raw): void {
  const lines = (r: Raw) => {
    const out: string[] = [];
    for (let i = 0; i < r.headers.length; i += 2)
      out.push(`${r.headers[i]}: ${r.headers[i].toLowerCase() === 'date' ? '…' : r.headers[i + 1]}`);
    return out.sort().join('\n');
  };
  if (a.status !== b.status || !a.body.equals(b.body) || lines(a) !== lines(b)) {
    throw new Error(
      `Sorrel and the bare server differ on ${path}:\n--- Sorrel ${a.status}\n${lines(a)}\n--- bare ${b.status}\n${lines(b)}\n(bodies ${a.body.equals(b.body) ? 'equal' : 'differ'})`,
    );
  }
}
