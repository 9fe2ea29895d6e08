// `sorrel serve`: listens, loads, and drains on SIGTERM/SIGINT or reloads on SIGHUP until stopped.
import { relative, resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { CatalogError } from '../catalog/read.ts';
import { type Config, toConfig } from '../config.ts';
import { watchParent } from '../serve/parent.ts';
import { type Running, startServer } from '../serve/server.ts';
import { SnapshotFileError } from '../contract/errors.ts';
import type { Flags } from './args.ts';
import { ENGINE_RUNNER } from './engine-clients.ts';

/** Serves a catalog or snapshot file; returns 1 when it cannot start, and never returns while serving. */
export async function serve(sourcePath: string, flags: Flags): Promise<number> {
  let config: Config;
  try {
    config = toConfig({
      ...process.env,
      ...(flags.port === undefined ? {} : { PORT: String(flags.port) }),
      ...(flags.host === undefined ? {} : { HOST: String(flags.host) }),
    });
  } catch (err) {
    console.error(`sorrel serve: ${(err as Error).message}`);
    return 1;
  }
  let running: Running;
  try {
    running = await startServer(resolve(sourcePath), config, undefined, undefined, ENGINE_RUNNER);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      console.error(
        `sorrel serve: port ${config.port} on ${config.host} is in use; stop the other server or pick another with --port or PORT.`,
      );
    else if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
      console.error(`sorrel serve: cannot listen on ${config.host}:${config.port} (${code}).`);
    else throw err;
    return 1;
  }
  try {
    await running.ready;
  } catch (err) {
    // Serving refuses what `check` reports: the load lists every problem (src/snapshot/build/problems.ts).
    console.error(err instanceof CatalogError || err instanceof SnapshotFileError ? err.message : (err as Error).stack);
    await running.close();
    return 1;
  }
  console.error(
    `Sorrel ${pkg.version} is serving ${relative(process.cwd(), sourcePath) || sourcePath}: open ${running.url}/ to browse it (API at ${running.url}/api/).`,
  );
  handleSignals(running);
  return new Promise<number>(() => {});
}

// A second SIGTERM or SIGINT joins the drain under way: under systemd or npm one stop can arrive
// twice (to the process group and forwarded), and must not cut the grace short. SIGKILL forces.
function handleSignals(running: Running): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`Sorrel is draining (${signal}): /readyz answers 503, requests in flight finish, then it stops.`);
    void running.drain(signal).then(
      () => process.exit(0),
      (err) => {
        console.error((err as Error).stack);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => {
    void running.reload();
  });
  watchParent((parent) => {
    console.error(`Sorrel's parent process (${parent}) is gone; stopping rather than serving on unsupervised.`);
    stop('parent exited');
  });
}
