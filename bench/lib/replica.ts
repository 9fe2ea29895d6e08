// Fleet replicas: copies of the built project tree, each served as `npm start` serves it, on a fixed port.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './child.ts';

/** The package whose files the demo catalog reads (`npm:vega-datasets/…`): copied, not linked, so its mtimes are the copy's. */
const DATA_PACKAGE = 'vega-datasets';

/**
 * Copies what `npm start` runs — dist/, demo/, package.json — into `dir`, with a node_modules of
 * links to the repository's packages except the demo's data package, which is copied. Then sets
 * the modification time of every catalog and data file to `mtime`, as a deploy by copy would
 * give each machine its own.
 */
export function copyTree(dir: string, mtime: Date): string {
  mkdirSync(dir, { recursive: true });
  for (const p of ['dist', 'demo', 'package.json']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === DATA_PACKAGE) cpSync(join(ROOT, 'node_modules', name), join(modules, name), { recursive: true });
    else symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  touchTree(dir, mtime);
  return dir;
}

/** Sets the modification time of the tree's catalog and data files. */
export function touchTree(dir: string, mtime: Date): void {
  touchAll(join(dir, 'demo'), mtime);
  touchAll(join(dir, 'node_modules', DATA_PACKAGE, 'data'), mtime);
}

/** The path of a data file of the demo inside a tree. */
export function dataFile(dir: string, name: string): string {
  return join(dir, 'node_modules', DATA_PACKAGE, 'data', name);
}

function touchAll(dir: string, mtime: Date): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) touchAll(p, mtime);
    else utimesSync(p, mtime, mtime);
  }
}

export type Replica = {
  name: string;
  port: number;
  tree: string;
  args: string[];
  env: Record<string, string>;
  pid: number;
  origin: string;
  /** Resolves when the process ends, with how it ended. */
  exited: Promise<string>;
  isRunning(): boolean;
  /** Resolves to performance.now() once /readyz answers 200; rejects if the process ends first or after `timeoutMs`. */
  waitReady(timeoutMs?: number): Promise<number>;
  /** Sends a signal (SIGTERM for a rolling restart). */
  signal(s: NodeJS.Signals): void;
};

/** Runs `node dist/src/main.js <args>` in `tree` (e.g. `serve`: the bundled demo catalog) on 127.0.0.1:`port`. */
export function startReplica(
  name: string,
  tree: string,
  port: number,
  env: Record<string, string>,
  args: string[],
): Replica {
  const child = spawn(process.execPath, ['dist/src/main.js', ...args], {
    cwd: tree,
    // Benches read /metrics and send many uncached requests from one address: both open unless `env` says otherwise.
    env: {
      SORREL_METRICS_PUBLIC: 'true',
      SORREL_RATE_LIMIT: '0',
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-4000);
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let running = true;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      process.removeListener('exit', kill);
      resolve(
        `${name} (pid ${child.pid}) exited (${signal ?? `code ${code}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
      );
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    tree,
    args,
    env,
    pid: child.pid!,
    origin,
    exited,
    isRunning: () => running,
    async waitReady(timeoutMs = 120_000) {
      const until = performance.now() + timeoutMs;
      while (performance.now() < until) {
        if (!running) throw new Error(await exited);
        try {
          const res = await fetch(`${origin}/readyz`);
          await res.arrayBuffer();
          if (res.status === 200) return performance.now();
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`${name}: /readyz did not answer 200 within ${timeoutMs} ms`);
    },
    signal: (s) => {
      if (running) child.kill(s);
    },
  };
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
