// Tests: the server never outlives the process that started it (src/serve/parent.ts): SIGHUP kills `npm start`, not the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from '../helpers/tree.ts';

const BIN = fileURLToPath(new URL('../../bin/sorrel.js', import.meta.url));

/** The pids whose parent is `ppid`, and whether a pid runs (a zombie has exited, awaiting its reaper). */
function childrenOf(ppid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

test('SIGHUP to `npm start` ends npm; the server it started notices and stops', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-npm-'));
  const script = `exec node ${JSON.stringify(BIN)} serve ${JSON.stringify(copyFixture({ pin: true }))} --port 0 --host 127.0.0.1`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'chain', private: true, scripts: { start: script } }),
  );
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: { ...process.env, SORREL_THREADS: '1', SORREL_DRAIN_GRACE: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  npm.stderr.on('data', (b) => {
    err += b;
  });
  npm.stdout.resume();
  let server = 0;
  try {
    assert.ok(await waitFor(() => /is serving/.test(err), 60_000), err);
    [server] = childrenOf(npm.pid!);
    assert.ok(server > 0 && isRunning(server));
    npm.kill('SIGHUP');
    assert.ok(await waitFor(() => npm.exitCode !== null || npm.signalCode !== null, 10_000), 'npm did not end');
    assert.ok(await waitFor(() => !isRunning(server), 10_000), `the server (pid ${server}) outlived npm`);
    assert.match(err, /parent process \(\d+\) is gone/);
  } finally {
    if (server && isRunning(server)) process.kill(server, 'SIGKILL');
    npm.kill('SIGKILL');
  }
});

test.run();
