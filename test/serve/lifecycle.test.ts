// The process lifecycle (src/serve/lifecycle.ts): reloads swap or keep the snapshot, never two at once (drains: lifecycle-drain.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { metric, slowCatalog, slowPath, startLogged } from '../helpers/lifecycle.ts';
import { get, startTestServer } from '../helpers/server.ts';
import { buildFile, copyFixture } from '../helpers/tree.ts';

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

test.run();
