// Tests: the sorrel command: check, serve on a broken catalog (bad UTF-8 included), init, hash-key, flags, any folder.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { FIXTURE_CATALOG } from './helpers/server.ts';

const BIN = fileURLToPath(new URL('../bin/sorrel.js', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });

/** Like `run`, without blocking the event loop (for tests that hold a port open meanwhile). */
function runAsync(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    child.on('exit', (status) => done({ status, stderr }));
  });
}

function brokenCatalog(): string {
  const dir = mkdtempSync('/tmp/sorrel-cli-');
  copyFileSync(join(dirname(FIXTURE_CATALOG), 'people.csv'), join(dir, 'people.csv'));
  writeFileSync(
    join(dir, 'catalog.yaml'),
    [
      'datasets: [{ name: people, file: people.csv }, { name: lost, file: lost.csv }]',
      'fields:',
      '  - { id: 1, dataset: people, column: nmae }',
      '  - { id: 1, dataset: people, column: city }',
      'concepts: [{ id: 1, name: C, fields: [1, 5] }]',
    ].join('\n'),
  );
  return join(dir, 'catalog.yaml');
}

test('sorrel check passes a good catalog', () => {
  const r = run(['check', FIXTURE_CATALOG]);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /OK — 2 datasets: people \(6 rows\), pets \(3 rows\)/);
});

test('sorrel check prints every problem at once, structural and data, and exits 1', () => {
  const r = run(['check', brokenCatalog()]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.match(r.stderr, /duplicate field id 1/);
  assert.match(r.stderr, /field 5 is not a field id/);
  assert.match(r.stderr, /datasets\[1\] \(lost\): .*lost\.csv does not exist/);
  assert.match(r.stderr, /fields\[0\] \(id 1\): unknown column "nmae" in dataset "people"/);
});

test('sorrel check reports data problems: a missing file', () => {
  const path = brokenCatalog();
  writeFileSync(
    path,
    readFileSync(path, 'utf8')
      .replace('{ id: 1, dataset: people, column: city }', '{ id: 2, dataset: people, column: city }')
      .replace('[1, 5]', '[1, 2]'),
  );
  const r = run(['check', path]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /datasets\[1\] \(lost\)/);
});

test('sorrel serve refuses to start on a broken catalog', () => {
  const r = run(['serve', brokenCatalog()], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(r.status, 1);
  assert.match(r.stderr, /duplicate field id 1/);
});

test('sorrel check and serve reject a CSV with invalid UTF-8, naming the file, row and column', () => {
  const catalog = brokenCatalog();
  const dir = dirname(catalog);
  // "Zürich" re-encoded as Latin-1: ü becomes the single byte 0xFC.
  writeFileSync(join(dir, 'people.csv'), Buffer.from(readFileSync(join(dir, 'people.csv'), 'utf8'), 'latin1'));
  writeFileSync(
    catalog,
    'datasets: [{ name: people, file: people.csv }]\nfields: [{ id: 1, dataset: people, column: city }]\n',
  );
  const check = run(['check', catalog]);
  assert.is(check.status, 1);
  assert.match(check.stderr, /people\.csv row 1, column "city": invalid UTF-8 \(bytes 0xfc /);
  const serve = run(['serve', catalog], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(serve.status, 1);
  assert.match(serve.stderr, /people\.csv row 1, column "city": invalid UTF-8/);
});

test('sorrel init writes a catalog that check accepts', () => {
  const dir = mkdtempSync('/tmp/sorrel-init-');
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  const r = spawnSync(process.execPath, [BIN, 'init', 'people.csv', 'pets.json'], { cwd: dir, encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const doc = parse(r.stdout);
  assert.equal(doc.datasets, [
    { name: 'people', file: 'people.csv' },
    { name: 'pets', file: 'pets.json' },
  ]);
  assert.equal(
    doc.categories.map((c: { name: string }) => c.name),
    ['People', 'Pets'],
  );
  assert.is(doc.fields.length, 11);
  const age = doc.fields.find((f: { column: string }) => f.column === 'age');
  assert.equal([age.internal_type, age.nullable, age.enumerable], ['integer', true, false]);
  const city = doc.fields.find((f: { column: string }) => f.column === 'city');
  assert.equal([city.internal_type, city.enumerable, city.searchable], ['char', true, false]);
  assert.is(doc.concepts.length, 11);
  writeFileSync(join(dir, 'catalog.yaml'), r.stdout);
  const check = run(['check', join(dir, 'catalog.yaml')]);
  assert.is(check.status, 0, check.stderr);
});

test('sorrel hash-key prints the SHA-256 of a key', () => {
  const r = run(['hash-key', 'fixture-admin-key']);
  assert.is(r.stdout.trim(), 'def2dd87a30b295b9facc753b4db48f3ab875dacf752a32b2a9dbe1f43119c41');
});

test('sorrel serve on a broken catalog lists every problem check lists, data ones included', () => {
  const r = run(['serve', brokenCatalog()], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.match(r.stderr, /lost\.csv does not exist/);
});

test('sorrel --version prints the version; --help works on every command', () => {
  const v = run(['--version']);
  assert.is(v.status, 0);
  assert.is(v.stdout.trim(), JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
  for (const command of ['serve', 'build', 'check', 'init', 'hash-key']) {
    const r = run([command, '--help']);
    assert.is(r.status, 0, `${command}: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`^Usage: sorrel ${command}`));
  }
});

test('a bad PORT or an unknown flag is one clear line, exit 1, no stack trace', () => {
  const port = run(['serve', FIXTURE_CATALOG], { PORT: 'abc', LOG_LEVEL: 'silent' });
  assert.is(port.status, 1);
  assert.match(port.stderr, /^sorrel serve: PORT must be a whole number/);
  assert.not.match(port.stderr, /\n\s+at /);
  const flag = run(['serve', '--prot', '9']);
  assert.is(flag.status, 1);
  assert.match(flag.stderr, /Unknown option '--prot'/);
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

test('sorrel help lists build; check warns (exit 0) of timestamps that come from mtimes', () => {
  assert.match(run(['help']).stdout, /^sorrel build /m);
  const r = run(['check', FIXTURE_CATALOG]);
  assert.is(r.status, 0);
  assert.match(
    r.stderr,
    /^warning: .*catalog\.yaml: datasets\[0\] \(people\): `data_modified` is not set, so it is the data file's modification time; replicas serving separate copies/m,
  );
  assert.not.match(r.stderr, /\(top level\)/); // the fixture pins `modified`
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-unpinned-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  writeFileSync(join(dir, 'c.yaml'), readFileSync(FIXTURE_CATALOG, 'utf8').replace(/^modified: .*$/m, ''));
  assert.match(
    run(['check', join(dir, 'c.yaml')]).stderr,
    /\(top level\): `modified` is not set, so it is the catalog file's modification time/,
  );
});

test('sorrel build refuses a broken catalog with every problem, and writes nothing', () => {
  const catalog = brokenCatalog();
  const out = join(dirname(catalog), 'x.sorrel');
  const r = run(['build', catalog, '-o', out]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.not.ok(existsSync(out));
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
      /format\.snap: snapshot format 99, but this Sorrel reads format 1/,
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
