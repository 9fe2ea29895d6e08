// The process lifecycle (API.md §11): drain on SIGTERM/SIGINT, reload on SIGHUP, one at a time.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { CatalogError } from '../catalog/spec.ts';
import { toTimestamp } from '../common/dates.ts';
import { exposeGc } from '../common/gc.ts';
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import type { AppState, LifecycleStatus } from '../app.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { SnapshotFileError } from '../contract/errors.ts';
import { warmNaiveDists } from './warm.ts';

export type ReloadOutcome = { ok: boolean; version: string | null; problems: string[] };
export type DrainReport = { signal: string; drained: number; cut: number; ms: number };

export type Lifecycle = {
  status: LifecycleStatus;
  /** Counts a request from its start; during a drain, closes its connection after it. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** Its response has closed (the caller's one `close` listener calls this: src/app.ts `onClose`). */
  untrack(res: ServerResponse): void;
  /**
   * Builds a new snapshot in the background and swaps it in; on failure keeps the old one. A call
   * during a reload queues exactly one more (further calls join it), so two builds never overlap.
   */
  reload(): Promise<ReloadOutcome>;
  /** Drains and stops (idempotent: a second signal joins the first drain). */
  drain(signal: string): Promise<DrainReport>;
};

export type LifecycleOptions = {
  server: Server;
  state: AppState;
  pool: Pool;
  config: Config;
  log: Logger;
  /** The first load (start-up); reloads wait for it. */
  ready(): Promise<unknown>;
  /** Builds a snapshot from the source again (catalog or built file). */
  load(): Promise<Snapshot>;
};

/**
 * Why the drain has a grace: a load balancer learns that a replica is going only from its health
 * check, so for `drainGraceMs` the replica answers /readyz with 503 and everything else as usual;
 * only then does it stop accepting. Responses sent meanwhile close their connection, so clients and
 * balancers reconnect (elsewhere) instead of reusing it. Requests in flight, with their worker
 * tasks, finish on the snapshot they started with; only the deadline cuts them.
 */
export function createLifecycle({ server, state, pool, config, log, ready, load }: LifecycleOptions): Lifecycle {
  const status: LifecycleStatus = { draining: false, reload: null, reloads: { ok: 0, failed: 0 } };
  state.lifecycle = status;
  const open = new Set<ServerResponse>();
  let answeredInDrain = 0;
  let idle: (() => void) | null = null;
  let current: Promise<ReloadOutcome> | null = null,
    queued: Promise<ReloadOutcome> | null = null;
  let drained: Promise<DrainReport> | null = null;
  const collect = exposeGc();
  function untrack(res: ServerResponse): void {
    open.delete(res);
    if (status.draining) answeredInDrain++;
    if (open.size === 0) idle?.();
  }
  /** Resolves once every request in flight now has ended (those that may hold the old snapshot). */
  const afterInFlight = () =>
    Promise.all(
      [...open].map(
        (res) =>
          new Promise((r) => {
            if (res.closed) r(null);
            else res.once('close', r);
          }),
      ),
    );

  const reloadOnce = async (): Promise<ReloadOutcome> => {
    await ready().catch(() => {});
    const started = performance.now();
    const before = state.snapshot?.version ?? null;
    log.info({ version: before }, 'reloading');
    try {
      const next = await load();
      if (status.draining)
        return {
          ok: false,
          version: before,
          problems: ['the server began draining; the new snapshot was not swapped in'],
        };
      state.snapshot = next; // atomic: each request reads state.snapshot once, at its start
      void warmNaiveDists(next, pool, config, log, () => state.snapshot === next && !status.draining);
      void afterInFlight().then(() => collect());
      status.reloads.ok++;
      status.reload = { ok: true, at: toTimestamp(new Date()), problems: 0 };
      log.info({ from: before, version: next.version, ms: Math.round(performance.now() - started) }, 'reloaded');
      return { ok: true, version: next.version, problems: [] };
    } catch (err) {
      const problems = err instanceof CatalogError ? err.problems : [(err as Error).message];
      status.reloads.failed++;
      status.reload = { ok: false, at: toTimestamp(new Date()), problems: problems.length };
      const expected = err instanceof CatalogError || err instanceof SnapshotFileError;
      log.error(
        { problems, version: before, ms: Math.round(performance.now() - started), ...(expected ? {} : { err }) },
        'reload failed; the old snapshot keeps serving',
      );
      return { ok: false, version: before, problems };
    }
  };

  const reload = (): Promise<ReloadOutcome> => {
    if (status.draining)
      return Promise.resolve({
        ok: false,
        version: state.snapshot?.version ?? null,
        problems: ['the server is draining'],
      });
    if (!current) {
      current = reloadOnce().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return reload();
    });
    return queued;
  };

  return {
    status,
    reload,
    track(_req, res) {
      open.add(res);
      if (status.draining) res.shouldKeepAlive = false;
    },
    untrack,
    drain(signal) {
      drained ??= (async () => {
        const started = performance.now();
        status.draining = true;
        for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
        log.info(
          {
            signal,
            inFlight: open.size,
            graceSeconds: config.drainGraceMs / 1000,
            timeoutSeconds: config.drainTimeoutMs / 1000,
          },
          'draining: /readyz answers 503; still accepting during the grace',
        );
        await sleep(config.drainGraceMs);
        const closed = new Promise<void>((r) => server.close(() => r()));
        server.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        const timedOut =
          open.size > 0 &&
          (await new Promise<boolean>((r) => {
            idle = () => r(false);
            timer = setTimeout(() => r(true), config.drainTimeoutMs);
          }));
        clearTimeout(timer);
        const cut = timedOut ? open.size : 0,
          answered = answeredInDrain;
        server.closeAllConnections();
        await closed;
        await pool.close();
        const report = { signal, drained: answered, cut, ms: Math.round(performance.now() - started) };
        log.info(
          report,
          `drained ${report.drained} request${report.drained === 1 ? '' : 's'}${cut ? `, cut ${cut} at the deadline` : ''}; stopping`,
        );
        return report;
      })();
      return drained;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => {
    setTimeout(r, ms);
  });
}
