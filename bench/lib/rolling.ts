// A rolling restart under steady load through HAProxy: failed requests, and how long each replacement takes.
import type { Request } from './agreement.ts';
import { USERS } from './corpus.ts';
import type { Haproxy } from './haproxy.ts';
import { note } from './log.ts';
import type { RawClient, RawReply } from './raw-get.ts';
import { startReplica, type Replica } from './replica.ts';

export type Load = { workers: number; rate: number; exitLimitMs: number };

/**
 * Steady paced load through HAProxy while each replica in turn gets SIGTERM, exits, and is
 * replaced on its port from its own tree; the next one goes only once HAProxy routes to the
 * replacement. A request fails when the network fails or its status is not the one replica 0 gave.
 */
export async function rollingRestart(
  replicas: Replica[],
  haproxy: Haproxy,
  client: RawClient,
  requests: Request[],
  expected: number[],
  load: Load,
  quick: boolean,
) {
  const byKind = new Map<string, number>();
  let sent = 0,
    failed = 0,
    stop = false;
  const fail = (kind: string) => {
    failed++;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  };
  const worker = async (w: number) => {
    const every = (1000 * load.workers) / load.rate;
    for (let k = w; !stop; k += load.workers) {
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
        if (last.get(server) !== status) {
          last.set(server, status);
          transitions.push({ at: performance.now(), server, status });
        }
      }
      await sleep(50);
    }
  })();
  const workers = Array.from({ length: load.workers }, (_, w) => worker(w));
  const exit: number[] = [],
    ready: number[] = [],
    routed: number[] = [];
  try {
    await sleep(quick ? 1000 : 3000); // steady state first
    for (let i = 0; i < replicas.length; i++) {
      const old = replicas[i];
      const t0 = performance.now();
      old.signal('SIGTERM');
      const timer = setTimeout(() => old.signal('SIGKILL'), load.exitLimitMs);
      note(`fleet: ${await old.exited}`);
      clearTimeout(timer);
      exit.push((performance.now() - t0) / 1000);
      const next = startReplica(old.name, old.tree, old.port, old.env, old.args);
      replicas[i] = next;
      ready.push(((await next.waitReady()) - t0) / 1000);
      // In rotation: ready, and HAProxy calls it UP (it may never have noticed the restart).
      await waitFor(async () => last.get(old.name) === 'UP', 60_000, `HAProxy to route to the new ${old.name}`);
      routed.push((performance.now() - t0) / 1000);
      const seen = transitions
        .filter((t) => t.server === old.name && t.at >= t0)
        .map((t) => t.status)
        .join(' → ');
      note(
        `fleet: ${old.name}: exit ${exit[i].toFixed(2)} s, ready ${ready[i].toFixed(2)} s, in rotation ${routed[i].toFixed(2)} s after SIGTERM (HAProxy saw: ${seen || 'no change'})`,
      );
    }
    await sleep(quick ? 1000 : 2000); // and a tail after the last one
  } finally {
    stop = true;
    await Promise.all([...workers, poller]);
  }
  const kinds = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
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

/** Polls `ok` every 50 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(ok: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!(await ok())) {
    if (performance.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(50);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}
