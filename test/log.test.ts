// Tests: the server's log (src/log.ts) writes warnings and errors at once and request lines within a second.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from './helpers/tree.ts';

const BIN = fileURLToPath(new URL('../bin/sorrel.js', import.meta.url));

/** `sorrel serve` in a child process; its stdout (the log) is collected as it arrives. */
async function serve(catalog: string, level: string) {
  const child = spawn(process.execPath, [BIN, 'serve', catalog, '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, LOG_LEVEL: level, SORREL_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { log: '', err: '' };
  child.stdout!.on('data', (b) => {
    out.log += b;
  });
  child.stderr!.on('data', (b) => {
    out.err += b;
  });
  await until(
    () => /is serving/.test(out.err),
    60_000,
    () => out.err,
  );
  const url = /open (http:\/\/[^/ ]+)\//.exec(out.err)![1];
  return { child, out, url };
}

async function until(done: () => boolean, ms: number, show: () => string): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`timed out: ${show().slice(-500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r();
    child.once('exit', () => r());
    child.kill('SIGKILL');
  });
}

test('a failed reload is in the log at once (LOG_LEVEL=warn), and a SIGKILL after it loses nothing', async () => {
  const catalog = copyFixture({ pin: true });
  const { child, out } = await serve(catalog, 'warn');
  try {
    writeFileSync(catalog, `${readFileSync(catalog, 'utf8')}\nbogus_key: 1\n`);
    child.kill('SIGHUP');
    // The reload itself takes a moment; the line must come without any other line or exit pushing it.
    await until(
      () => out.log.includes('reload failed'),
      10_000,
      () => out.log,
    );
  } finally {
    await killed(child);
  }
  const line = JSON.parse(out.log.split('\n').find((l) => l.includes('reload failed'))!);
  assert.is(line.level, 50);
  assert.match(line.problems[0], /unknown key `bogus_key`/);
});

test('a request line is written within about a second, although far less than 4 KiB waits', async () => {
  const { child, out, url } = await serve(copyFixture({ pin: true }), 'info');
  try {
    await until(
      () => out.log.includes('"msg":"ready"'),
      30_000,
      () => out.log,
    );
    const before = out.log.length;
    assert.is((await fetch(`${url}/api/fields/1/`)).status, 200);
    const ms = await until(
      () => out.log.slice(before).includes('/api/fields/1/'),
      5_000,
      () => out.log,
    );
    assert.ok(ms < 2_500, `${ms} ms`);
  } finally {
    await killed(child);
  }
});

test.run();
