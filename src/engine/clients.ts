// A process's engine clients: one per engine entry and credentials, shared by the snapshots that name it; status and listeners.
import type { EngineBoard, EngineObserver, EngineQuery, EngineSpec } from '../contract/engine.ts';
import { createEngineClient, type EngineClient, toCredentials } from './client.ts';

/** The clients of one catalog's engines, by name, and the problems of their entries (a credential variable not set). */
export type EngineSet = {
  specs: readonly EngineSpec[];
  queries: ReadonlyMap<string, EngineQuery>;
  clients: readonly EngineClient[];
  problems: string[];
};

export type Engines = {
  /** The clients of a catalog's engine entries (made once per entry and credentials, then reused). */
  open(specs: readonly EngineSpec[]): EngineSet;
  /** /readyz and /metrics over the set `served` returns (the served snapshot's). */
  board(served: () => EngineSet | null): EngineBoard;
  close(): Promise<void>;
};

/** How long /readyz waits for one engine's ping at most. */
const PING_MS = 2000;

/** Engines with a query deadline of `timeoutMs`, credentials from `env`. */
export function createEngines({ timeoutMs, env }: { timeoutMs: number; env: NodeJS.ProcessEnv }): Engines {
  const clients = new Map<string, EngineClient>(); // by entry and credentials
  const listeners: EngineObserver[] = [];
  const observe: EngineObserver = (engine, seconds, ok, rows) => {
    for (const l of listeners) l(engine, seconds, ok, rows);
  };
  return {
    open(specs) {
      const problems: string[] = [];
      const queries = new Map<string, EngineQuery>();
      const used: EngineClient[] = [];
      for (const spec of specs) {
        const credentials = toCredentials(spec, env);
        problems.push(...credentials.problems);
        // The key holds the credentials only inside this process's memory, never in any output.
        const key = JSON.stringify([spec.name, spec.url, spec.database, credentials.user, credentials.password]);
        let client = clients.get(key);
        if (!client) {
          client = createEngineClient(spec, { timeoutMs, env, observe });
          clients.set(key, client);
        }
        used.push(client);
        queries.set(spec.name, client.query);
      }
      return { specs, queries, clients: used, problems };
    },
    board(served) {
      let pinging: Promise<Record<string, boolean>> | null = null;
      return {
        listen: (l) => {
          listeners.push(l);
        },
        status() {
          const set = served();
          if (!set || set.clients.length === 0) return Promise.resolve({});
          // Concurrent probes share one round of pings.
          pinging ??= (async () => {
            const ms = Math.min(timeoutMs, PING_MS);
            const up = await Promise.all(set.clients.map((c) => c.ping(ms)));
            return Object.fromEntries(set.clients.map((c, i) => [c.name, up[i]]));
          })().finally(() => {
            pinging = null;
          });
          return pinging;
        },
      };
    },
    async close() {
      await Promise.all([...clients.values()].map((c) => c.close()));
      clients.clear();
    },
  };
}
