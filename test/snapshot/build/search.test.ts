// Tests: src/snapshot/build/search.ts — the search index built while profiling equals the one built after.
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../../src/catalog/read.ts';
import type { CatalogSpec } from '../../../src/catalog/spec.ts';
import { createPool } from '../../../src/parallel/compute-pool.ts';
import { buildSearchIndex, type SearchIndex } from '../../../src/search/index.ts';
import { toCategories, toConcepts } from '../../../src/snapshot/build/concepts.ts';
import { prepareSnapshot, type SnapshotParts } from '../../../src/snapshot/build/create.ts';
import { toFields } from '../../../src/snapshot/build/precompute.ts';
import { toIndexedLabels } from '../../../src/snapshot/value-search.ts';
import { FIXTURE_CATALOG } from '../../helpers/server.ts';

const DEMO = fileURLToPath(new URL('../../../demo/catalog.yaml', import.meta.url));
const pool = createPool({ poolThreads: 2, poolMaxQueue: 10_000 });
test.after(() => pool.close());

/** The index as assembleSnapshot builds it from every field's final values (the oracle). */
function indexAfter(parts: SnapshotParts): SearchIndex {
  const fields = toFields(parts.spec, parts.datasets, parts.values);
  return buildSearchIndex({
    fields: [...fields.values()],
    concepts: [...toConcepts(parts.spec).values()],
    categories: toCategories(parts.spec),
    valueLabels: (id) => toIndexedLabels(parts.pushed ?? new Map(), parts.values, id),
  });
}

/** Every 1- to 4-character piece of every token, and a few that match nothing. */
function probes(index: SearchIndex): string[] {
  const out = new Set(['zzzz', 'q', '']);
  for (const token of index.postings.tokens)
    for (let n = 1; n <= 4; n++) for (let i = 0; i + n <= token.length; i++) out.add(token.slice(i, i + n));
  return [...out];
}

async function assertSameIndex(spec: CatalogSpec, name: string) {
  const parts = await prepareSnapshot(spec, pool, { secret: false, searchIndex: true });
  assert.ok(parts.search, `${name}: built early`);
  const early = parts.search!,
    late = indexAfter(parts);
  assert.equal(early.graph, late.graph, `${name}: graph`);
  assert.equal(early.postings, late.postings, `${name}: postings`);
  assert.equal(early.shortGrams, late.shortGrams, `${name}: short grams`);
  for (const text of probes(late))
    assert.equal(
      Array.from(early.findTokens(text)).sort(),
      Array.from(late.findTokens(text)).sort(),
      `${name}: "${text}"`,
    );
  const without = await prepareSnapshot(spec, pool, { secret: false });
  assert.is(without.search, undefined, `${name}: not built unless asked (sorrel build)`);
  assert.equal([...without.values.keys()], [...parts.values.keys()], `${name}: values in catalog order either way`);
  assert.equal([...without.stats.keys()], [...parts.stats.keys()], `${name}: stats in catalog order either way`);
}

test('the index built while profiling is the one built after, for the fixture and demo catalogs', async () => {
  await assertSameIndex(loadCatalog(FIXTURE_CATALOG), 'fixture');
  await assertSameIndex(loadCatalog(DEMO), 'demo');
});

test('a number field the catalog makes enumerable or searchable is indexed by its values too', async () => {
  const spec = loadCatalog(FIXTURE_CATALOG);
  const numbers = spec.fields.filter((f) => f.label_column === null).slice(0, 6);
  const marked: CatalogSpec = {
    ...spec,
    fields: spec.fields.map((f, i) =>
      numbers.includes(f) ? { ...f, enumerable: i % 2 === 0, searchable: i % 3 === 0 ? true : f.searchable } : f,
    ),
  };
  await assertSameIndex(marked, 'marked');
});

test.run();
