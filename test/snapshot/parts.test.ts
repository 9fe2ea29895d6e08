// Tables in several shared buffers (src/contract/storage.ts): the same answers, ETags and data version as in one buffer, from a catalog and from a built file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { loadSnapshotManifest } from '../../src/snapshot/file/container.ts';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import { answersOf, buildFile, copyFixture, CORPUS } from '../helpers/tree.ts';

const TREE = fileURLToPath(new URL('../fixtures/tree/catalog.yaml', import.meta.url));
const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const AND = {
  type: 'and',
  children: [
    { field: 3, operator: 'gt', value: 30 },
    { field: 5, operator: 'exact', value: true },
  ],
};

/** The fixture catalog's answers, plus 2-D distributions, stats and contexts over every column type. */
const FIXTURE_CORPUS = [
  ...CORPUS,
  ...[
    '/api/fields/3/dist/?dimensions=4',
    '/api/fields/2/dist/?dimensions=5',
    `/api/fields/6/dist/?dimensions=3&${ctx(AND)}`,
    `/api/fields/4/stats/?${ctx(AND)}`,
    '/api/fields/6/stats/',
    `/api/fields/6/values/?${ctx({ field: 4, operator: 'lt', value: 1.8 })}`,
    `/api/fields/11/values/?${ctx({ field: 12, operator: 'gt', value: 0 })}`,
    '/api/fields/12/dist/?dimensions=11',
  ].map((path) => ({ path, headers: ADMIN })),
];

/** The tree fixture's answers: counts of distinct root entities across links, tree contexts, entities. */
const TREE_CORPUS = [
  '/api/',
  '/api/entities/',
  '/api/fields/3/values/',
  '/api/fields/5/values/',
  '/api/fields/6/values/',
  '/api/fields/6/stats/',
  '/api/fields/3/dist/?dimensions=4',
  '/api/fields/5/dist/?dimensions=1',
  `/api/fields/1/dist/?dimensions=5&${ctx({ field: 3, operator: 'exact', value: 'er' })}`,
  `/api/fields/1/values/?${ctx({ field: 5, operator: 'exact', value: 'glu' })}`,
  `/api/fields/6/stats/?${ctx({ field: 1, operator: 'exact', value: 'M' })}`,
  `/api/fields/9/values/?${ctx({ field: 9, operator: 'gt', value: 20 })}`,
  `/api/entities/?${ctx({ field: 6, operator: 'gt', value: 9 })}`,
].map((path) => ({ path, headers: {} }));

/** Columns per dataset, and parts per dataset, of a running snapshot. */
const layoutOf = (s: Running) =>
  [...s.state.snapshot!.datasets.values()].map((d) => [d.name, Object.keys(d.columns).length, d.parts.length]);

async function compare(catalog: string, corpus: typeof CORPUS): Promise<void> {
  const base = { baseUrl: 'http://sorrel.test' };
  const one = await startTestServer(catalog, base);
  const split = await startTestServer(catalog, { ...base, bufferBytes: 1 });
  const file = await buildFile(catalog, join(mkdtempSync(join(tmpdir(), 'sorrel-parts-')), 'split.sorrel'), 1);
  const built = await startTestServer(file, base);
  try {
    assert.ok(layoutOf(one).every(([, , parts]) => parts === 1));
    // A limit of one byte: every column that holds a byte is a buffer of its own.
    for (const [name, columns, parts] of layoutOf(split)) assert.is(parts, columns, String(name));
    assert.equal(layoutOf(built), layoutOf(split));
    const sections = (await loadSnapshotManifest(file)).sections.filter((s) => s.kind === 'arrow');
    assert.is(
      sections.length,
      layoutOf(split).reduce((n, [, columns]) => n + Number(columns), 0),
    );
    const version = one.state.snapshot!.version;
    assert.is(split.state.snapshot!.version, version);
    assert.is(built.state.snapshot!.version, version);
    const expected = await answersOf(one.url, corpus);
    assert.ok(expected.every((a) => a.status === 200 || a.path.startsWith('/api/fields/7/')));
    assert.equal(await answersOf(split.url, corpus), expected);
    assert.equal(await answersOf(built.url, corpus), expected);
  } finally {
    await Promise.all([one.close(), split.close(), built.close()]);
  }
}

test('the fixture catalog in one buffer per column answers every request, ETag included, as in one buffer', async () => {
  await compare(copyFixture({ pin: true }), FIXTURE_CORPUS);
});

test('linked datasets in one buffer per column answer as in one buffer, served and built', async () => {
  await compare(TREE, TREE_CORPUS);
});

test.run();
