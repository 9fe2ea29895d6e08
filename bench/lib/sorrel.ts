// Starts Sorrel in a child process (bench/lib/serve.mjs over the tsc-built dist/, as `npm start` runs it)
// and waits until it is listening or ready.
import { spawnSync } from 'node:child_process';
import { ROOT, spawnNode, waitForOk, type Child, type Message } from './child.ts';

export type SorrelChild = { url: string; child: Child; stop(): Promise<void> };

/** Bench defaults: request logs off (warn), so the figures measure serving, not logging. */
export const SORREL_ENV = { LOG_LEVEL: 'warn' };

/** Spawns the server and resolves once it listens (it is not ready yet: see `waitReady`). */
export async function spawnSorrel(catalog: string, env: Record<string, string> = {}): Promise<SorrelChild> {
  const child = spawnNode(['bench/lib/serve.mjs', catalog], { ...SORREL_ENV, ...env });
  try {
    const { url } = await child.waitFor('listening', 120_000);
    return { url: String(url), child, stop: () => child.stop() };
  } catch (err) {
    await child.stop();
    throw err;
  }
}

/**
 * Spawns the server and waits until its catalog is loaded (the `ready` message carries rows and Arrow
 * bytes) and its background warm-up of naive distributions has ended, so timed requests meet a quiet pool.
 */
export async function startSorrel(
  catalog: string,
  env: Record<string, string> = {},
): Promise<SorrelChild & { ready: Message }> {
  const s = await spawnSorrel(catalog, env);
  try {
    const ready = await s.child.waitFor('ready');
    await s.child.waitFor('warmed');
    return { ...s, ready };
  } catch (err) {
    await s.stop();
    throw err;
  }
}

/** GET a URL; throws with the body when the status is not 200. */
export async function getText(url: string): Promise<string> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}: ${text.slice(0, 500)}`);
  return text;
}

/** A start-up: milliseconds from spawn to /readyz 200, the peak RSS, and the Arrow bytes loaded. */
export type Started = { ms: number; rss: number; bytes: number };

/** Spawns the server on a catalog or snapshot file, times it to /readyz 200, then stops it. */
export async function timeStart(source: string): Promise<Started> {
  const s = await spawnSorrel(source);
  try {
    const at = await waitForOk(`${s.url}/readyz`, s.child);
    const ready = await s.child.waitFor('ready');
    const bytes = (ready.datasets as { bytes: number }[]).reduce((n, d) => n + d.bytes, 0);
    return { ms: at - s.child.startedAt, rss: s.child.peakRss(), bytes };
  } finally {
    await s.stop();
  }
}

/** `sorrel build` from dist/, as an operator runs it; returns the milliseconds it took. */
export function buildSnapshot(catalog: string, file: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['dist/src/main.js', 'build', catalog, '-o', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`sorrel build ${catalog} failed:\n${r.stderr}`);
  return performance.now() - t;
}
