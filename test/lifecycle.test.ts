// The process lifecycle (src/lifecycle.ts): reloads swap or keep the snapshot, never two at once; SIGTERM drains.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../src/config.ts';
import { startServer, type Running } from '../src/server.ts';
import { get, startTestServer } from './helpers/server.ts';
import { buildFile, copyFixture } from './helpers/tree.ts';

const BIN = fileURLToPath(new URL('../bin/sorrel.js', import.meta.url));

/** A catalog over 60k rows of two random coordinates: a clustered aware distribution takes a good part of a second. */
function slowCatalog(shift = 0): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-slow-'));
  let seed = 1;
  const r = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines = ['x,y,z'];
  for (let i = 0; i < 60_000; i++)
    lines.push(`${(shift + r() * 1000).toFixed(3)},${(r() * 1000).toFixed(3)},${Math.floor(r() * 100)}`);
  writeFileSync(join(dir, 'slow.csv'), lines.join('\n'));
  writeFileSync(
    join(dir, 'catalog.yaml'),
    [
      'title: Slow',
      'modified: "2026-01-01T00:00:00.000"',
      'datasets: [{ name: slow, file: slow.csv, data_modified: "2026-01-01T00:00:00.000" }]',
      'fields: [{ id: 1, dataset: slow, column: x }, { id: 2, dataset: slow, column: y }, { id: 3, dataset: slow, column: z }]',
      'concepts: [{ id: 1, name: C, fields: [1, 2, 3] }]',
    ].join('\n'),
  );
  return join(dir, 'catalog.yaml');
}

/** An aware, clustered distribution no other request shares (so neither cache answers it). */
const slowPath = (i: number) =>
  `/api/fields/1/dist/?dimensions=2&aware=true&context=${encodeURIComponent(JSON.stringify({ field: 3, operator: 'gte', value: -1 - i }))}`;

/** A server whose log lines are kept. */
async function startLogged(
  source: string,
  config: Partial<typeof DEFAULT_CONFIG> = {},
): Promise<{ running: Running; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const running = await startServer(
    source,
    { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1, maxGroups: 1_000_000, ...config },
    pino({ level: 'info' }, sink),
  );
  await running.ready;
  return { running, lines };
}

const metric = async (url: string, outcome: string) =>
  Number(
    new RegExp(`^sorrel_reloads_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
      (await get(url, '/metrics')).text,
    )?.[1],
  );

test('a reload swaps in the new catalog: new bodies and ETags, no answer of the old snapshot from the reply cache', async () => {
  const catalog = copyFixture({ pin: true });
  const s = await startTestServer(catalog);
  try {
    const version = s.state.snapshot!.version;
    const before = await get(s.url, '/api/fields/1/');
    await get(s.url, '/api/fields/1/'); // now in the reply cache
    assert.is(before.body.name, 'Name');
    writeFileSync(
      catalog,
      readFileSync(catalog, 'utf8').replace('column: name, name: Name,', 'column: name, name: First name,'),
    );
    const outcome = await s.reload();
    assert.equal([outcome.ok, outcome.problems], [true, []]);
    const after = await get(s.url, '/api/fields/1/');
    assert.is(after.body.name, 'First name');
    assert.is.not(after.headers.get('etag'), before.headers.get('etag'));
    assert.is((await get(s.url, '/api/fields/1/', { 'If-None-Match': before.headers.get('etag')! })).status, 200);
    const ready = await get(s.url, '/readyz');
    assert.is(ready.body.version, s.state.snapshot!.version);
    assert.is(ready.body.version, outcome.version);
    assert.is.not(ready.body.version, version);
    assert.equal([ready.body.reload.ok, ready.body.reload.problems], [true, 0]);
    assert.match(ready.body.reload.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    assert.equal([await metric(s.url, 'ok'), await metric(s.url, 'failed')], [1, 0]);
  } finally {
    await s.close();
  }
});

test('a broken catalog, data file or snapshot file changes nothing: the old snapshot serves, the log names the problem', async () => {
  const catalog = copyFixture({ pin: true });
  const { running: s, lines } = await startLogged(catalog);
  try {
    const version = s.state.snapshot!.version;
    const good = readFileSync(catalog, 'utf8');
    writeFileSync(catalog, good.replace('column: city,', 'column: town,'));
    const bad = await s.reload();
    assert.is(bad.ok, false);
    assert.match(
      bad.problems.join('\n'),
      /catalog\.yaml: fields\[1\] \(id 2\): unknown column "town" in dataset "people"/,
    );
    writeFileSync(join(dirname(catalog), 'people.csv'), 'name,city\n"unclosed');
    writeFileSync(catalog, good);
    assert.is((await s.reload()).ok, false);
    assert.is(s.state.snapshot!.version, version);
    assert.is((await get(s.url, '/api/fields/2/')).status, 200);
    const ready = await get(s.url, '/readyz');
    assert.is(ready.status, 200);
    assert.equal([ready.body.version, ready.body.reload.ok], [version, false]);
    assert.ok(ready.body.reload.problems >= 1);
    assert.not.match(ready.text, /catalog\.yaml|people|\/tmp/); // public: no paths, no entries
    assert.is(await metric(s.url, 'failed'), 2);
    const failed = lines.filter((l) => l.msg === 'reload failed; the old snapshot keeps serving');
    assert.is(failed.length, 2);
    assert.match(String((failed[0].problems as string[])[0]), /catalog\.yaml: fields\[1\] \(id 2\)/);
  } finally {
    await s.close();
  }
  // From a built file: a truncated replacement is refused and the old file's snapshot keeps serving.
  const file = await buildFile(copyFixture({ pin: true }));
  const served = await startTestServer(file);
  try {
    const version = served.state.snapshot!.version;
    writeFileSync(file, readFileSync(file).subarray(0, 5000));
    const outcome = await served.reload();
    assert.is(outcome.ok, false);
    assert.match(outcome.problems[0], /data\.sorrel: truncated/);
    assert.is(served.state.snapshot!.version, version);
    assert.is((await get(served.url, '/api/fields/3/values/')).status, 200);
  } finally {
    await served.close();
  }
});

test('reloads never overlap: asking during one queues exactly one more, however many times', async () => {
  const { running: s, lines } = await startLogged(copyFixture({ pin: true }));
  try {
    const first = s.reload();
    const second = s.reload(),
      third = s.reload(),
      fourth = s.reload();
    assert.is.not(second, first);
    assert.is(third, second);
    assert.is(fourth, second);
    await Promise.all([first, second]);
    const steps = lines.filter((l) => l.msg === 'reloading' || l.msg === 'reloaded').map((l) => l.msg);
    assert.equal(steps, ['reloading', 'reloaded', 'reloading', 'reloaded']);
    assert.is(s.state.lifecycle!.reloads.ok, 2);
  } finally {
    await s.close();
  }
});

test('requests in flight during a reload finish on the snapshot they started with', async () => {
  const catalog = slowCatalog();
  const { running: s } = await startLogged(catalog);
  try {
    const started = Array.from({ length: 10 }, (_, i) =>
      get(s.url, slowPath(i)).then((r) => ({ ...r, at: performance.now() })),
    );
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(join(dirname(catalog), 'slow.csv'), readFileSync(join(dirname(slowCatalog(5000)), 'slow.csv')));
    assert.is((await s.reload()).ok, true);
    const swapped = performance.now();
    const answers = await Promise.all(started);
    for (const a of answers) {
      assert.is(a.status, 200);
      assert.ok(
        a.body.data.every((p: { values: number[] }) => p.values[0] < 1000),
        'an answer from the new data',
      );
    }
    assert.ok(
      answers.some((a) => a.at > swapped),
      'no request was still in flight at the swap: make them slower',
    );
    const now = await get(s.url, slowPath(0));
    assert.ok(now.body.data.every((p: { values: number[] }) => p.values[0] >= 5000));
  } finally {
    await s.close();
  }
});

test('SIGTERM drains: /readyz 503 at once, new requests still answered during the grace, every request in flight finishes; exit 0', async () => {
  const catalog = slowCatalog();
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  const child = spawn(process.execPath, [BIN, 'serve', catalog, '--port', String(port), '--host', '127.0.0.1'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SORREL_THREADS: '1',
      SORREL_MAX_GROUPS: '1000000',
      SORREL_DRAIN_GRACE: '1',
      SORREL_DRAIN_TIMEOUT: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b) => {
    out += b;
  });
  child.stderr.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      assert.ok(Date.now() < deadline && child.exitCode === null, `not ready: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const slow = Array.from({ length: 4 }, (_, i) => get(base, slowPath(i)));
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const ready = await get(base, '/readyz');
    assert.equal([ready.status, ready.body.code], [503, 'UNAVAILABLE']);
    assert.match(ready.body.message, /^Draining/);
    const during = await get(base, '/api/fields/3/');
    assert.is(during.status, 200);
    assert.is(during.headers.get('connection'), 'close');
    for (const r of await Promise.all(slow)) assert.equal([r.status, r.body.clustered], [200, true]);
    assert.is(await exited, 0, out);
    const drained = out
      .split('\n')
      .filter((l) => l.includes('"drained"'))
      .map((l) => JSON.parse(l));
    assert.is(drained.length, 1, out);
    assert.ok(drained[0].drained >= 6, out); // 4 slow, /readyz and the one during the grace
    assert.is(drained[0].cut, 0);
    assert.match(drained[0].msg, /^drained \d+ requests; stopping$/);
  } finally {
    child.kill('SIGKILL');
  }
});

test('the drain deadline cuts what is left and still exits cleanly', async () => {
  const { running: s, lines } = await startLogged(slowCatalog(), { drainGraceMs: 0, drainTimeoutMs: 200 });
  const slow = Array.from({ length: 6 }, (_, i) =>
    fetch(s.url + slowPath(i)).then(
      (r) => r.status,
      () => 'cut',
    ),
  );
  await new Promise((r) => setTimeout(r, 100));
  const report = await s.drain('SIGTERM');
  assert.ok(report.cut >= 1, JSON.stringify(report));
  assert.ok((await Promise.all(slow)).includes('cut'));
  assert.ok(lines.some((l) => /^drained \d+ requests?, cut \d+ at the deadline; stopping$/.test(String(l.msg))));
});

test.run();
