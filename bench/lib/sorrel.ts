// Starts Sorrel in a child process (bench/lib/serve.mjs over the tsc-built dist/, as `npm start` runs it)
// and waits until it is listening or ready.
import { spawnNode, type Child, type Message } from './child.ts';

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

/** Spawns the server and waits until its catalog is loaded; the `ready` message carries rows and Arrow bytes. */
export async function startSorrel(
  catalog: string,
  env: Record<string, string> = {},
): Promise<SorrelChild & { ready: Message }> {
  const s = await spawnSorrel(catalog, env);
  try {
    return { ...s, ready: await s.child.waitFor('ready') };
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
