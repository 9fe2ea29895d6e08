// The process lifecycle (src/serve/lifecycle.ts): SIGTERM drains, in-flight requests finish, the deadline cuts the rest.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { slowCatalog, slowPath, startLogged } from '../helpers/lifecycle.ts';
import { get } from '../helpers/server.ts';

const BIN = fileURLToPath(new URL('../../bin/sorrel.js', import.meta.url));

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
