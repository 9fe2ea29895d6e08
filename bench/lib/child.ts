// Child processes for the measured sides: each server runs alone, away from the load generator's loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A child speaking JSON lines on stdout: `{"event": ..., ...}`. */
export type Child = {
  pid: number;
  startedAt: number; // performance.now() just before spawn
  /** The next message with this event (earlier ones included); rejects when the child exits first. */
  waitFor(event: string, timeoutMs?: number): Promise<Message>;
  /** Peak resident set (VmHWM) in bytes, read from /proc while the child lives. */
  peakRss(): number;
  /** Why the child ended (exit code or signal, and its last stderr), or null while it runs. */
  exited(): string | null;
  stop(): Promise<void>;
};
export type Message = { event: string; at: number; [key: string]: unknown };

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

/** Runs `node --import tsx <script> <args>` from the repository root with `env` added. */
export function spawnTs(script: string, args: string[], env: Record<string, string> = {}): Child {
  return spawnNode(['--import', 'tsx', script, ...args], env);
}

/** Runs `node <args>` from the repository root with `env` added, speaking JSON lines on stdout. */
export function spawnNode(argv: string[], env: Record<string, string> = {}): Child {
  const script = argv.find((a) => /\.(m?js|ts)$/.test(a)) ?? argv.join(' ');
  const startedAt = performance.now();
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const messages: Message[] = [];
  const waiters: { event: string; resolve(m: Message): void; reject(e: Error): void }[] = [];
  let stderr = '';
  let exited: string | null = null;
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      let m: Message;
      try {
        m = { ...JSON.parse(line), at: performance.now() };
      } catch {
        continue;
      }
      messages.push(m);
      for (const w of waiters.filter((w) => w.event === m.event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    live.delete(child);
    exited = `${script} exited (${signal ?? `code ${code}`})${stderr ? `:\n${stderr.trim()}` : ''}`;
    for (const w of waiters.splice(0)) w.reject(new Error(exited));
  });
  return {
    pid: child.pid!,
    startedAt,
    waitFor(event, timeoutMs = 600_000) {
      const seen = messages.find((m) => m.event === event);
      if (seen) return Promise.resolve(seen);
      if (exited) return Promise.reject(new Error(exited));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`${script}: no "${event}" within ${timeoutMs} ms${stderr ? `:\n${stderr.trim()}` : ''}`)),
          timeoutMs,
        );
        waiters.push({
          event,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
      });
    },
    exited: () => exited,
    peakRss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = /VmHWM:\s+(\d+) kB/.exec(status);
      if (!kb) throw new Error(`No VmHWM in /proc/${child.pid}/status`);
      return Number(kb[1]) * 1024;
    },
    async stop() {
      if (exited) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; resolves to performance.now() at that moment. */
export async function waitForOk(url: string, child: Child, timeoutMs = 600_000, everyMs = 10): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const exited = child.exited();
    if (exited) throw new Error(exited);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
