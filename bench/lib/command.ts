// Runs a `sorrel` command from dist/ as an operator does, timing it and reading its peak RSS and its log.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './child.ts';

/** What a command did: its wall milliseconds, peak RSS in bytes, stdout, and its stderr lines. */
export type CommandRun = { ms: number; rss: number; stdout: string; stderr: string[] };

/** `sorrel <args>` from dist/ (peak RSS through bench/lib/peak-rss.mjs); throws unless it exits 0. */
export async function runSorrel(args: string[]): Promise<CommandRun> {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-bench-'));
  const peak = join(dir, 'peak');
  const t = performance.now();
  const child = spawn(process.execPath, ['--import', './bench/lib/peak-rss.mjs', 'dist/src/main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, SORREL_BENCH_PEAK_FILE: peak },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '',
    stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => {
    stdout += s;
  });
  child.stderr.setEncoding('utf8').on('data', (s: string) => {
    stderr += s;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ms = performance.now() - t;
  try {
    if (code !== 0) throw new Error(`sorrel ${args.join(' ')} exited ${code}:\n${stderr.slice(-2000)}`);
    return { ms, rss: Number(readFileSync(peak, 'utf8')), stdout, stderr: stderr.split('\n').filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
