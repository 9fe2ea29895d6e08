// Tests: sorrel serve: refuses a broken catalog or snapshot file with every problem, one clear line for a bad port, serves from any folder.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, brokenCatalog, run, runAsync } from '../helpers/cli.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

test('sorrel serve refuses to start on a broken catalog', () => {
  const r = run(['serve', brokenCatalog()], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(r.status, 1);
  assert.match(r.stderr, /duplicate field id 1/);
});

test('sorrel serve on a broken catalog lists every problem check lists, data ones included', () => {
  const r = run(['serve', brokenCatalog()], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.match(r.stderr, /lost\.csv does not exist/);
});

test('a bad PORT is one clear line, exit 1, no stack trace', () => {
  const port = run(['serve', FIXTURE_CATALOG], { PORT: 'abc', LOG_LEVEL: 'silent' });
  assert.is(port.status, 1);
  assert.match(port.stderr, /^sorrel serve: PORT must be a whole number/);
  assert.not.match(port.stderr, /\n\s+at /);
});

test('a busy port is one clear line, exit 1', async () => {
  const busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
  const { port } = busy.address() as AddressInfo;
  try {
    const r = await runAsync(['serve', FIXTURE_CATALOG, '--port', String(port), '--host', '127.0.0.1'], {
      LOG_LEVEL: 'silent',
    });
    assert.is(r.status, 1);
    assert.match(r.stderr, new RegExp(`^sorrel serve: port ${port} on 127.0.0.1 is in use`));
    assert.not.match(r.stderr, /\n\s+at /);
  } finally {
    busy.close();
  }
});

test('init, check and serve work from a folder outside the project', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-elsewhere-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  const init = spawnSync(process.execPath, [BIN, 'init', 'people.csv', 'pets.json'], { cwd: dir, encoding: 'utf8' });
  assert.is(init.status, 0, init.stderr);
  writeFileSync(join(dir, 'catalog.yaml'), init.stdout);
  const check = spawnSync(process.execPath, [BIN, 'check', 'catalog.yaml'], { cwd: dir, encoding: 'utf8' });
  assert.is(check.status, 0, check.stderr);
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  const child = spawn(process.execPath, [BIN, 'serve', 'catalog.yaml', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, LOG_LEVEL: 'silent', SORREL_THREADS: '1', SORREL_DRAIN_GRACE: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b) => {
    stderr += b;
  });
  try {
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline && child.exitCode === null) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(ready, `not ready: ${stderr}`);
    // A context-aware answer runs on a worker thread, which must load without the project as cwd.
    const ctx = encodeURIComponent(JSON.stringify({ field: 3, operator: 'gt', value: 30 }));
    const r = await fetch(`http://127.0.0.1:${port}/api/fields/1/values/?aware=true&context=${ctx}`);
    assert.is(r.status, 200, stderr);
    assert.ok(((await r.json()) as { count: number }).count > 0);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
});

test('sorrel serve refuses a snapshot file that is not one, of another format, truncated or altered: one line naming the file, exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-refuse-'));
  const good = join(dir, 'good.sorrel');
  const built = run(['build', FIXTURE_CATALOG, '-o', good]);
  assert.is(built.status, 0, built.stderr);
  const bytes = readFileSync(good);
  const variant = (name: string, change: (b: Buffer) => Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, change(Buffer.from(bytes)));
    return path;
  };
  const cases: [string, RegExp][] = [
    [variant('yaml.sorrel', () => Buffer.from('title: not a snapshot\n')), /yaml\.sorrel: not a Sorrel snapshot file/],
    [variant('truncated.sorrel', (b) => b.subarray(0, b.length - 1000)), /truncated\.sorrel: truncated: \d+ bytes/],
    [
      variant('altered.sorrel', (b) => {
        b[b.length - 2000] ^= 1;
        return b;
      }),
      /altered\.sorrel: altered or corrupted/,
    ],
    [
      variant('format.snap', (b) => {
        b.writeUInt32LE(99, 8);
        return b;
      }),
      /format\.snap: snapshot format 99, but this Sorrel reads format 3/,
    ],
  ];
  for (const [path, message] of cases) {
    const r = run(['serve', path], { PORT: '0', LOG_LEVEL: 'silent' });
    assert.is(r.status, 1, path);
    assert.match(r.stderr, message);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test.run();
