// Faults found by fuzzing and load (issue 14 §4): every method answered, head limits with their own codes, /metrics that leaks nothing.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { FIXTURE_CATALOG, get, startTestServer } from '../helpers/server.ts';

const t = suite('protocol faults');
let s: Running;
t.before(async () => {
  s = await startTestServer(undefined, { headersTimeoutMs: 300 });
});
t.after(async () => {
  await s.close();
});

/** Sends raw bytes and returns everything the server answers before it closes (or `waitMs` passes). */
function raw(text: string, waitMs = 5000): Promise<string> {
  const { port } = s.server.address() as { port: number };
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (b) => {
      out += b;
    });
    socket.on('close', () => done(out));
    socket.on('error', () => done(out));
    setTimeout(() => {
      socket.destroy();
    }, waitMs);
  });
}

t('CONNECT gets a 405 with Allow, like every other method', async () => {
  const out = await raw('CONNECT /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
  assert.match(out, /^HTTP\/1\.1 405 Method Not Allowed\r\n/);
  assert.match(out, /\r\nAllow: GET, HEAD, OPTIONS\r\n/);
  assert.match(out, /"code":"METHOD_NOT_ALLOWED"/);
});

t('an oversized head is 431 HEADERS_TOO_LARGE', async () => {
  const out = await raw(`GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(70 * 1024)}\r\n\r\n`);
  assert.match(out, /^HTTP\/1\.1 431 /);
  assert.match(out, /"code":"HEADERS_TOO_LARGE"/);
});

t('a head that does not arrive in time is 408 REQUEST_TIMEOUT', async () => {
  const out = await raw('GET /api/ HTTP/1.1\r\nHost: localhost\r\n', 5000);
  assert.match(out, /^HTTP\/1\.1 408 /);
  assert.match(out, /"code":"REQUEST_TIMEOUT"/);
});

t.run();

const m = suite('metrics that leak nothing');
let hidden: Running;
let guarded: Running;
let closed: Running;
m.before(async () => {
  // The fixture plus a dataset whose only field is archived: anonymous users must not learn it exists.
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-metrics-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  copyFileSync(join(dirname(FIXTURE_CATALOG), 'people.csv'), join(dir, 'payroll.csv'));
  const text = readFileSync(FIXTURE_CATALOG, 'utf8')
    .replace('datasets:', 'datasets:\n  - { name: payroll, file: payroll.csv }')
    .replace('fields:', 'fields:\n  - { id: 99, dataset: payroll, column: age, name: Salary band, archived: true }');
  writeFileSync(join(dir, 'catalog.yaml'), text);
  hidden = await startTestServer(join(dir, 'catalog.yaml'));
  guarded = await startTestServer(undefined, { metricsToken: 's3cret' });
  closed = await startTestServer(undefined, { metricsPublic: false });
});
m.after(async () => {
  await hidden.close();
  await guarded.close();
  await closed.close();
});

m('names no dataset whose fields are all hidden', async () => {
  const r = await get(hidden.url, '/metrics');
  assert.is(r.status, 200);
  assert.match(r.text, /sorrel_snapshot_rows\{dataset="people"\} 6/);
  assert.not.match(r.text, /payroll/);
});

m('reports the bytes the caches hold', async () => {
  await get(hidden.url, '/api/fields/3/dist/');
  const r = await get(hidden.url, '/metrics');
  assert.match(r.text, /\nsorrel_reply_cache_bytes [1-9]\d*\n/);
  assert.match(r.text, /\nsorrel_dist_memo_bytes [1-9]\d*\n/);
});

m('with a metrics token, /metrics needs it', async () => {
  assert.is((await get(guarded.url, '/metrics')).status, 401);
  assert.is((await get(guarded.url, '/metrics', { Authorization: 'Bearer wrong' })).status, 401);
  assert.is((await get(guarded.url, '/metrics', { Authorization: 'Bearer s3cret' })).status, 200);
  for (const wrong of ['', 'Bearer', 'Bearer s3cre', 'Bearer s3cretX', 'bearer s3cret', 'Basic s3cret'])
    assert.is((await get(guarded.url, '/metrics', { Authorization: wrong })).status, 401, JSON.stringify(wrong));
});

m(
  'without a token /metrics is not served unless SORREL_METRICS_PUBLIC says so: the 404 of an unknown path',
  async () => {
    const r = await get(closed.url, '/metrics');
    const unknown = await get(closed.url, '/metricz');
    assert.is(r.status, 404);
    assert.is(r.body.code, 'NOT_FOUND');
    assert.is(r.text.replace('metrics', 'metricz'), unknown.text);
    assert.is((await get(closed.url, '/metrics', { Authorization: 'Bearer anything' })).status, 404);
  },
);

m.run();
