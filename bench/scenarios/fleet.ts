// Fleet: N replicas from two copies of the project tree behind HAProxy — do they answer as one, and
// does a rolling restart under load lose requests?
// Standalone: node --import tsx bench/scenarios/fleet.ts [--quick] [--replicas N] (builds dist/ first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/child.ts';
import { buildCorpus, USERS } from '../lib/corpus.ts';
import { ensureHaproxy, startHaproxy, type Haproxy } from '../lib/haproxy.ts';
import { note } from '../lib/log.ts';
import { createRawClient, type RawClient, type RawReply } from '../lib/raw-get.ts';
import { copyTree, freePort, startReplica, type Replica } from '../lib/replica.ts';
import { toRow } from '../lib/rows.ts';
import { runIfMain } from '../lib/standalone.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const REPLICAS = Number(process.env.SORREL_BENCH_REPLICAS ?? argValue('--replicas') ?? 2);
// Two deploys by copy: the same bytes, modification times a day apart.
const MTIMES = [new Date('2026-11-20T08:00:00.000Z'), new Date('2026-11-21T08:00:00.000Z')];
// The drain settings a replica gets (ignored by a Sorrel without drain): the grace outlasts
// HAProxy's detection (fall 2 × inter 1 s) with a second to spare.
const DRAIN_ENV = { SORREL_DRAIN_GRACE: '3', SORREL_DRAIN_TIMEOUT: '10' };
const PARALLEL = 8;             // requests in flight while comparing replicas
const LOAD_WORKERS = 4;         // steady load during the rolling restart…
const LOAD_RATE = 100;          // …paced to this many requests per second in all
const EXIT_LIMIT_MS = 60_000;   // a replica that has not exited this long after SIGTERM is killed (and counted)

type Answers = RawReply[][];    // [request][replica]
type Request = { path: string; user: number };

export const scenario: Scenario = {
  name: 'fleet',
  description: `${REPLICAS} replicas of \`npm start\` from two copies of the tree (data files touched a day apart) behind HAProxy (round-robin, health checks on /readyz, retries 0): cross-replica body/ETag agreement and If-None-Match over the demo corpus for 3 users, then a rolling restart under steady load`,
  async run({ quick }) {
    if (!existsSync(join(ROOT, 'dist/src/main.js'))) throw new Error('dist/ is missing: run `npm run build` (npm run bench does it).');
    const haproxyVersion = ensureHaproxy();
    const work = mkdtempSync(join(tmpdir(), 'sorrel-fleet-'));
    const replicas: Replica[] = [];
    let haproxy: Haproxy | null = null;
    let client: RawClient | null = null;
    try {
      note(`fleet: copying the tree twice into ${work}`);
      const trees = MTIMES.map((m, i) => copyTree(join(work, `tree-${'ab'[i]}`), m));
      const ports = await distinctPorts(REPLICAS + 1);
      for (let i = 0; i < REPLICAS; i++) replicas.push(startReplica(`r${i}`, trees[i % 2], ports[i + 1], { LOG_LEVEL: 'warn', ...DRAIN_ENV }));
      await Promise.all(replicas.map((r) => r.waitReady()));
      haproxy = await startHaproxy(work, ports[0], replicas.map((r) => ({ name: r.name, port: r.port })), haproxyVersion);
      await waitFor(async () => [...(await haproxy!.states()).values()].every((s) => s === 'UP'), 30_000, 'HAProxy to see every replica UP');
      client = createRawClient(`127.0.0.1:${ports[0]}`);

      const corpus = await buildCorpus(client, replicas[0].origin);
      const requests: Request[] = corpus.flatMap((path) => USERS.map((_, user) => ({ path, user })));
      note(`fleet: ${corpus.length} paths × ${USERS.length} users = ${requests.length} requests per replica`);
      const versions = await Promise.all(replicas.map(async (r) => JSON.parse((await client!.get(r.origin, '/readyz')).body.toString()).version as string));
      note(`fleet: data versions ${replicas.map((r, i) => `${r.name}=${versions[i]}`).join(', ')}`);

      const answers: Answers = await mapLimit(requests, PARALLEL, (q) => Promise.all(replicas.map((r) => client!.get(r.origin, q.path, USERS[q.user].headers))));
      const agreement = compareReplicas(requests, answers);
      const revalidation = await crossRevalidate(client, replicas, requests, answers);
      const rolling = await rollingRestart(replicas, trees, haproxy, client, requests, answers, quick);

      const c = { scenario: 'fleet', referenceName: '—', reference: null };
      const what = `${REPLICAS} replicas, 2 tree copies, ${corpus.length} paths × ${USERS.length} users`;
      const restart = `rolling restart of ${REPLICAS} replicas, ${LOAD_RATE} req/s through HAProxy ${haproxyVersion.replace(/^HAProxy version (\S+).*$/, '$1')} (retries 0)`;
      const withEtag = `of ${agreement.tagged} pairs with an ETag`;
      const count = (metric: string, value: number, spread: string) =>
        toRow({ ...c, case: what, metric, better: 'lower', sorrel: [value], target: '0', limit: { on: 'sorrel', value: 0 }, spread });
      const seconds = (metric: string, xs: number[]) =>
        toRow({ ...c, case: restart, metric, better: 'lower', sorrel: xs.length ? xs : [NaN], target: '—', limit: null });
      const rows: BenchRow[] = [
        count('status mismatches', agreement.status, `of ${agreement.pairs} pairs`),
        count('body mismatches', agreement.body, agreement.keys || `of ${agreement.pairs} pairs`),
        count('ETag mismatches', agreement.etag, withEtag),
        toRow({ ...c, case: what, metric: 'If-None-Match from another replica → 304 (%)', better: 'higher', sorrel: [revalidation.rate], target: '100%', limit: { on: 'sorrel', value: 100 }, spread: `${revalidation.notModified} of ${revalidation.tried}` }),
        count('304 for a different body', revalidation.wrong, `of ${revalidation.notModified} 304s`),
        toRow({ ...c, case: restart, metric: 'failed requests', better: 'lower', sorrel: [rolling.failed], target: '0', limit: { on: 'sorrel', value: 0 }, spread: rolling.summary }),
        seconds('SIGTERM → exit (s)', rolling.exit),
        seconds('SIGTERM → replacement ready (s)', rolling.ready),
        seconds('SIGTERM → back in HAProxy rotation (s)', rolling.routed),
      ];
      return rows;
    } finally {
      client?.close();
      await haproxy?.stop();
      for (const r of replicas) r.signal('SIGKILL');
      await Promise.all(replicas.map((r) => r.exited));
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** Pairs (replica 0 vs each other replica, per request) whose status, body bytes or ETag differ; and which JSON keys differ most. */
function compareReplicas(requests: Request[], answers: Answers) {
  let status = 0, body = 0, etag = 0, pairs = 0, tagged = 0;
  const keys = new Map<string, number>();
  for (let i = 0; i < requests.length; i++) {
    const [a, ...others] = answers[i];
    for (const b of others) {
      pairs++;
      if (a.status !== b.status) status++;
      if (a.status !== b.status || !a.body.equals(b.body)) {
        body++;
        for (const k of differingKeys(a.body, b.body)) keys.set(k, (keys.get(k) ?? 0) + 1);
      }
      if (a.etag || b.etag) tagged++;
      if (a.etag !== b.etag) etag++;
    }
  }
  const top = [...keys].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([k, n]) => `${k} ×${n}`).join(', ');
  note(`fleet: of ${pairs} pairs, ${status} differ in status, ${body} in body${top ? ` (keys: ${top})` : ''}, ${etag} in ETag`);
  return { status, body, etag, pairs, tagged, keys: top ? `differ in ${top}` : '' };
}

/** The names of the JSON leaves that differ between two bodies (the whole body when either is not JSON). */
function differingKeys(a: Buffer, b: Buffer): Set<string> {
  const out = new Set<string>();
  let x: unknown, y: unknown;
  try { x = JSON.parse(a.toString()); y = JSON.parse(b.toString()); } catch { out.add('(not JSON)'); return out; }
  const walk = (p: unknown, q: unknown, key: string) => {
    if (typeof p === 'object' && p !== null && typeof q === 'object' && q !== null) {
      for (const k of new Set([...Object.keys(p), ...Object.keys(q)])) walk((p as Record<string, unknown>)[k], (q as Record<string, unknown>)[k], Array.isArray(p) ? key : k);
    } else if (p !== q) out.add(key);
  };
  walk(x, y, '(body)');
  return out;
}

/** Sends each 200's ETag from one replica to every other as If-None-Match; a 304 is right only when their bodies are equal. */
async function crossRevalidate(client: RawClient, replicas: Replica[], requests: Request[], answers: Answers) {
  const jobs: { i: number; from: number; to: number }[] = [];
  for (let i = 0; i < requests.length; i++) {
    for (let from = 0; from < replicas.length; from++) {
      if (answers[i][from].status !== 200 || !answers[i][from].etag) continue;
      for (let to = 0; to < replicas.length; to++) if (to !== from) jobs.push({ i, from, to });
    }
  }
  let notModified = 0, wrong = 0;
  await mapLimit(jobs, PARALLEL, async ({ i, from, to }) => {
    const r = await client.get(replicas[to].origin, requests[i].path, { ...USERS[requests[i].user].headers, 'if-none-match': answers[i][from].etag! });
    if (r.status === 304) {
      notModified++;
      if (!answers[i][from].body.equals(answers[i][to].body)) wrong++;
    }
  });
  const rate = jobs.length ? (100 * notModified) / jobs.length : 0;
  note(`fleet: cross-replica If-None-Match: ${notModified} of ${jobs.length} → 304 (${rate.toFixed(1)}%), ${wrong} for a different body`);
  return { tried: jobs.length, notModified, rate, wrong };
}

/**
 * Steady paced load through HAProxy while each replica in turn gets SIGTERM, exits, and is
 * replaced on its port from its own tree; the next one goes only once HAProxy routes to the
 * replacement. A request fails when the network fails or its status is not the one replica 0 gave.
 */
async function rollingRestart(replicas: Replica[], trees: string[], haproxy: Haproxy, client: RawClient, requests: Request[], answers: Answers, quick: boolean) {
  const expected = answers.map((a) => a[0].status);
  const byKind = new Map<string, number>();
  let sent = 0, failed = 0, stop = false;
  const fail = (kind: string) => { failed++; byKind.set(kind, (byKind.get(kind) ?? 0) + 1); };
  const worker = async (w: number) => {
    const every = (1000 * LOAD_WORKERS) / LOAD_RATE;
    for (let k = w; !stop; k += LOAD_WORKERS) {
      const started = performance.now();
      const i = k % requests.length;
      sent++;
      try {
        const r = await client.get(haproxy.url, requests[i].path, USERS[requests[i].user].headers);
        if (r.status !== expected[i]) fail(toFailure(r));
      } catch (err) {
        fail((err as NodeJS.ErrnoException).code ?? 'error');
      }
      await sleep(every - (performance.now() - started));
    }
  };
  // HAProxy's view of each server, polled throughout, to time the return to rotation.
  const transitions: { at: number; server: string; status: string }[] = [];
  const last = new Map<string, string>();
  const poller = (async () => {
    while (!stop) {
      for (const [server, status] of await haproxy.states().catch(() => new Map<string, string>())) {
        if (last.get(server) !== status) { last.set(server, status); transitions.push({ at: performance.now(), server, status }); }
      }
      await sleep(50);
    }
  })();
  const load = Array.from({ length: LOAD_WORKERS }, (_, w) => worker(w));
  const exit: number[] = [], ready: number[] = [], routed: number[] = [];
  try {
    await sleep(quick ? 1000 : 3000);                      // steady state first
    for (let i = 0; i < replicas.length; i++) {
      const old = replicas[i];
      const t0 = performance.now();
      old.signal('SIGTERM');
      const timer = setTimeout(() => old.signal('SIGKILL'), EXIT_LIMIT_MS);
      note(`fleet: ${await old.exited}`);
      clearTimeout(timer);
      exit.push((performance.now() - t0) / 1000);
      const next = startReplica(old.name, trees[i % 2], old.port, { LOG_LEVEL: 'warn', ...DRAIN_ENV });
      replicas[i] = next;
      ready.push(((await next.waitReady()) - t0) / 1000);
      // In rotation: ready, and HAProxy calls it UP (it may never have noticed the restart).
      await waitFor(async () => last.get(old.name) === 'UP', 60_000, `HAProxy to route to the new ${old.name}`);
      routed.push((performance.now() - t0) / 1000);
      const seen = transitions.filter((t) => t.server === old.name && t.at >= t0).map((t) => t.status).join(' → ');
      note(`fleet: ${old.name}: exit ${exit[i].toFixed(2)} s, ready ${ready[i].toFixed(2)} s, in rotation ${routed[i].toFixed(2)} s after SIGTERM (HAProxy saw: ${seen || 'no change'})`);
    }
    await sleep(quick ? 1000 : 2000);                      // and a tail after the last one
  } finally {
    stop = true;
    await Promise.all([...load, poller]);
  }
  const kinds = [...byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ');
  note(`fleet: rolling restart: ${failed} of ${sent} requests failed${kinds ? ` (${kinds})` : ''}`);
  return { failed, sent, exit, ready, routed, summary: `of ${sent}${kinds ? `: ${kinds}` : ''}` };
}

/** "503 UNAVAILABLE (Sorrel)" for a JSON error body, "503 (HAProxy)" for anything else. */
function toFailure(r: RawReply): string {
  try {
    return `${r.status} ${(JSON.parse(r.body.toString()) as { code?: string }).code ?? ''} (Sorrel)`.replace('  ', ' ');
  } catch {
    return `${r.status} (HAProxy)`;
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }));
  return out;
}

async function waitFor(ok: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!(await ok())) {
    if (performance.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(50);
  }
}

async function distinctPorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let tries = 0; ports.size < n && tries < 100; tries++) ports.add(await freePort());
  if (ports.size < n) throw new Error(`Could not find ${n} free ports.`);
  return [...ports];
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// Standalone, Sorrel is measured as `npm start` runs it: build dist/ first.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
runIfMain(scenario, import.meta.url);
