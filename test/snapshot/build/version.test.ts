// The data version (src/snapshot/build/version.ts): content, not paths or mtimes; replicas from separate copies answer as one.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCatalog } from '../../../src/catalog/read.ts';
import type { Running } from '../../../src/serve/server.ts';
import { toDataVersion, toServedVersion } from '../../../src/snapshot/build/version.ts';
import { get, startTestServer } from '../../helpers/server.ts';
import { answersOf, copyFixture, PINNED } from '../../helpers/tree.ts';

// Every replica gets the same base URL, as behind one load balancer.
const serve = (catalog: string) => startTestServer(catalog, { baseUrl: 'http://sorrel.test' });

async function withServers(catalogs: string[], use: (servers: Running[]) => Promise<void>): Promise<void> {
  const servers = await Promise.all(catalogs.map(serve));
  try {
    await use(servers);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

const doc = () => ({
  title: 'T',
  modified: '2026-01-01T00:00:00.000',
  access: { api_keys: [{ name: 'k', sha256: 'a'.repeat(64) }] },
  datasets: [{ name: 'd', file: 'd.csv' }],
  categories: [{ id: 1, name: 'A', order: 1 }],
  fields: [{ id: 1, dataset: 'd', column: 'x', name: 'X' }],
  concepts: [{ id: 1, name: 'C', category: 1, fields: [1] }],
});
const table = { name: 'd', sha256: 'b'.repeat(64), dataModified: '2026-01-02T00:00:00.000' };
const versionOf = (d: unknown, t = table, path = 'c.yaml') =>
  toDataVersion(checkCatalog(d, path, '2026-05-05T00:00:00.000'), [t]);

test('the data version ignores where files are, YAML key order, access settings and secrets', () => {
  const base = versionOf(doc());
  assert.is(versionOf(doc(), table, '/elsewhere/catalog.yaml'), base);
  assert.is(versionOf({ ...doc(), datasets: [{ name: 'd', file: '/srv/data/d.csv' }] }), base);
  assert.is(
    versionOf({ ...doc(), access: { anonymous: false, jwt: { secret: 'shh-shh-shh-shh-shh-shh-shh-shh-shh' } } }),
    base,
  );
  const { concepts, ...rest } = doc();
  assert.is(versionOf({ concepts, ...rest }), base);
});

test('the data version follows every byte a body can show: names, timestamps, table bytes', () => {
  const base = versionOf(doc());
  assert.is.not(versionOf({ ...doc(), title: 'U' }), base);
  assert.is.not(versionOf({ ...doc(), modified: '2026-01-01T00:00:00.001' }), base);
  assert.is.not(versionOf({ ...doc(), fields: [{ id: 1, dataset: 'd', column: 'x', name: 'Y' }] }), base);
  assert.is.not(versionOf(doc(), { ...table, dataModified: '2026-01-02T00:00:00.001' }), base);
  assert.is.not(versionOf(doc(), { ...table, sha256: 'c'.repeat(64) }), base);
  // Without `modified`, the catalog file's mtime reaches bodies, and so the version.
  const { modified: _, ...unpinned } = doc();
  assert.is.not(
    toDataVersion(checkCatalog(unpinned, 'c.yaml', '2026-05-05T00:00:00.000'), [table]),
    toDataVersion(checkCatalog(unpinned, 'c.yaml', '2026-05-06T00:00:00.000'), [table]),
  );
  assert.match(toServedVersion(base), /^[0-9a-f]{20}$/);
});

test('two copies whose files have different mtimes answer byte-identically, with the same ETags, when timestamps are pinned', async () => {
  const a = copyFixture({ mtime: new Date('2025-01-01T00:00:00Z'), pin: true });
  const b = copyFixture({ mtime: new Date('2026-06-30T12:00:00Z'), pin: true });
  await withServers([a, b], async ([ra, rb]) => {
    assert.is(ra.state.snapshot!.version, rb.state.snapshot!.version);
    const [x, y] = await Promise.all([answersOf(ra.url), answersOf(rb.url)]);
    assert.equal(y, x);
    assert.ok(x.filter((r) => r.etag).length > 30);
    assert.ok(x.some((r) => r.text.includes(`"data_modified":"${PINNED}"`)));
    // An ETag from one replica is a 304 on the other.
    for (const r of x.filter((q) => q.etag)) {
      assert.is((await get(rb.url, r.path, { ...r.headers, 'If-None-Match': r.etag! })).status, 304, r.path);
    }
  });
});

test("unpinned, the data files' mtimes reach data_modified: the bodies differ, and so does every ETag", async () => {
  const a = copyFixture({ mtime: new Date('2025-01-01T00:00:00Z') });
  const b = copyFixture({ mtime: new Date('2026-06-30T12:00:00Z') });
  await withServers([a, b], async ([ra, rb]) => {
    const [x, y] = await Promise.all([answersOf(ra.url), answersOf(rb.url)]);
    assert.ok(x.some((r) => r.text.includes('"data_modified":"2025-01-01T00:00:00.000"')));
    for (const [i, r] of x.entries()) if (r.etag && r.text !== y[i].text) assert.is.not(r.etag, y[i].etag, r.path);
    assert.is.not(ra.state.snapshot!.version, rb.state.snapshot!.version);
  });
});

test('a value edited in place (same size, same mtime) changes the data version and the ETags', async () => {
  const a = copyFixture({ pin: true });
  const b = copyFixture({ pin: true });
  const csv = join(dirname(b), 'people.csv');
  const { mtime, size } = statSync(csv);
  writeFileSync(csv, readFileSync(csv, 'utf8').replace('Ada,Zürich,36,', 'Ada,Zürich,37,'));
  utimesSync(csv, mtime, mtime);
  assert.is(statSync(csv).size, size);
  await withServers([a, b], async ([ra, rb]) => {
    assert.is.not(ra.state.snapshot!.dataVersion, rb.state.snapshot!.dataVersion);
    const [x, y] = await Promise.all([get(ra.url, '/api/fields/3/values/'), get(rb.url, '/api/fields/3/values/')]);
    assert.is.not(x.text, y.text);
    assert.is.not(x.headers.get('etag'), y.headers.get('etag'));
    assert.is((await get(rb.url, '/api/fields/3/values/', { 'If-None-Match': x.headers.get('etag')! })).status, 200);
  });
});

test.run();
