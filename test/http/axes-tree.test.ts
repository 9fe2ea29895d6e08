// Tests: bins and clustering at any size in a model tree (API.md §12, §13), counts worked out by hand, and on a built snapshot.
//
// labs (visit_id → visits → patients): 100 p1 hb 12 · 101 p1 glu 5 · 102 p1 (er) hb 14 · 103 p2 hb 10 ·
//   104 p3 glu 7 · 105 p3 (er) glu 9 · 106 p3 (er) hb null · 107 p3 hb 11 · 108 p3 hb 13; visits are
//   clinic unless marked er. Patients: 1 F · 2 M · 3 F · 4 M.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';
import { buildFile } from '../helpers/tree.ts';

const TREE_CATALOG = fileURLToPath(new URL('../fixtures/tree/catalog.yaml', import.meta.url));
const t = suite('bins and clustering in a model tree');
let s: Running;
t.before(async () => {
  s = await startTestServer(TREE_CATALOG, { maxClusterPoints: 2 });
});
t.after(async () => {
  await s.close();
});

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const points = (body: { data: { values: unknown[]; count: number }[] }) => body.data.map((p) => [p.values, p.count]);

t('bins count distinct patients per bin, nulls apart, in a context', async () => {
  // Lab values 5 … 14 in at most 3 bins: width 5 (2 needs ⌈7⌉ − ⌊2.5⌋ = 5): [5, 10) p1 p3, [10, 15] p1 p2 p3.
  const r = await get(s.url, '/api/fields/6/dist/?bins=3&nulls=true');
  assert.equal(r.body.axes, [{ field: 6, bins: { width: 5, start: 5, count: 2 } }]);
  assert.equal(points(r.body), [
    [[5], 2],
    [[10], 3],
    [[null], 1],
  ]);
  assert.equal(
    r.body.data.map((p: { labels: string[] }) => p.labels[0]),
    ['[5, 10)', '[10, 15]', 'null'],
  );
  const men = await get(s.url, `/api/fields/6/dist/?bins=3&${ctx({ field: 1, operator: 'exact', value: 'M' })}`);
  assert.equal(points(men.body), [[[10], 1]]);
});

t('a binned lab value by the visit kind it reaches', async () => {
  const r = await get(s.url, '/api/fields/6/dist/?bins=3&dimensions=3');
  assert.equal(points(r.body), [
    [[5, 'clinic'], 2],
    [[5, 'er'], 1],
    [[10, 'clinic'], 3],
    [[10, 'er'], 1],
  ]);
});

t('more groups than M are gathered on the grid and clustered', async () => {
  // 8 values, M = 2: cells [5, 9.5) holds 5, 7, 9 and [9.5, 14] the rest (one patient each); k = 1,
  // the centroid the mean of the two cells' means (7 and 12) and its count ⌊½·3 + ½·5⌋ = 4.
  const r = await get(s.url, '/api/fields/6/dist/');
  assert.equal([r.body.size, r.body.cells, r.body.clustered, r.body.data.length], [8, 2, true, 1]);
  assert.equal([r.body.data[0].labels, r.body.data[0].count], [['9.5'], 4]);
  assert.ok(Math.abs(r.body.data[0].values[0] - 9.5) < 1e-12);
});

t('a built snapshot answers bins, intervals and a clustered 60 000-value float as the catalog does', async () => {
  const dir = mkdtempSync('/tmp/sorrel-axes-built-');
  const rnd = mulberry32(5);
  const xs = new Set<number>();
  const rows = Array.from({ length: 60_000 }, (_, i) => {
    const x = Math.round(rnd() * 1e9) / 1e3;
    xs.add(x);
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * 1500) * 86_400_000).toISOString().slice(0, 10);
    return `${i},${x},${day}`;
  });
  writeFileSync(join(dir, 'm.csv'), `id,x,d\n${rows.join('\n')}\n`);
  const catalog = join(dir, 'catalog.json');
  const fields = [
    { id: 1, dataset: 'm', column: 'x', name: 'X' },
    { id: 2, dataset: 'm', column: 'd', name: 'Day' },
  ];
  writeFileSync(catalog, JSON.stringify({ datasets: [{ name: 'm', file: join(dir, 'm.csv') }], fields }));
  const file = await buildFile(catalog, join(dir, 'm.sorrel'));
  const paths = ['/api/fields/1/dist/', '/api/fields/1/dist/?bins=auto', '/api/fields/2/dist/?interval=auto'];
  const answers = async (server: Running) => Promise.all(paths.map(async (p) => (await get(server.url, p)).text));
  const fromCatalog = await startTestServer(catalog);
  const fromFile = await startTestServer(file);
  try {
    const [a, b] = [await answers(fromCatalog), await answers(fromFile)];
    assert.equal(b, a);
    const clustered = JSON.parse(b[0]);
    assert.equal([clustered.size, clustered.clustered, clustered.cells > 0], [xs.size, true, true]);
    assert.equal(JSON.parse(b[2]).axes, [{ field: 2, interval: 'quarter' }]); // 2020-Q1 … 2024-Q1: 17 quarters, 5 years
  } finally {
    await Promise.all([fromCatalog.close(), fromFile.close()]);
  }
});

t.run();
