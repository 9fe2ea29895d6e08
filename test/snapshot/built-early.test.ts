// Tests: a built file's search index, built while its tables are read (src/snapshot/build/built.ts), and the hook that allows it (file-read.ts).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/search/index.ts';
import { loadBuiltSnapshot } from '../../src/snapshot/build/built.ts';
import type { Snapshot } from '../../src/snapshot/build/create.ts';
import { SnapshotFileError } from '../../src/contract/errors.ts';
import { loadSnapshotFile, loadSnapshotManifest } from '../../src/snapshot/file/container.ts';
import { toIndexedLabels } from '../../src/snapshot/value-search.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';
import { buildFile } from '../helpers/tree.ts';

const dir = mkdtempSync(join(tmpdir(), 'sorrel-built-early-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const DEMO = fileURLToPath(new URL('../../demo/catalog.yaml', import.meta.url));
const pool = createPool({ poolThreads: 1, poolMaxQueue: 10_000 });
test.after(() => pool.close());

/** The catalog built into a file of the test's folder. */
const built = (catalog: string, name: string) => buildFile(catalog, join(dir, `${name}.sorrel`));

/** The index as assembleSnapshot builds it from the snapshot's own fields and values (the oracle). */
function indexAfter(s: Snapshot): SearchIndex {
  return buildSearchIndex({
    fields: [...s.fields.values()],
    concepts: [...s.concepts.values()],
    categories: s.categories,
    valueLabels: (id) => toIndexedLabels(s.pushed, s.values, id),
  });
}

test('the index of a built file, built while its tables are read, is the one built after', async () => {
  for (const [catalog, name] of [
    [FIXTURE_CATALOG, 'fixture'],
    [DEMO, 'demo'],
  ]) {
    const s = await loadBuiltSnapshot(await built(catalog, name), pool);
    const late = indexAfter(s);
    assert.equal(s.search.graph, late.graph, `${name}: graph`);
    assert.equal(s.search.postings, late.postings, `${name}: postings`);
    assert.equal(s.search.shortGrams, late.shortGrams, `${name}: short grams`);
    for (const text of ['a', 'ar', 'mov', 'zzzz', 'penguin', 'Adelie', 'ca'])
      assert.equal(
        Array.from(s.search.findTokens(text)).sort(),
        Array.from(late.findTokens(text)).sort(),
        `${name}: "${text}"`,
      );
  }
});

test('hands over each section once verified, before the load ends, and none that does not match', async () => {
  const file = await built(FIXTURE_CATALOG, 'hook');
  const manifest = await loadSnapshotManifest(file);
  const seen: string[] = [];
  const contents = await loadSnapshotFile(file, {
    onVerified: (name, bytes) => {
      seen.push(name);
      assert.is(bytes.byteLength, manifest.sections.find((s) => s.name === name)!.length, name);
    },
  });
  assert.equal(seen.sort(), [...contents.names].sort(), 'every section once');
  // The last section altered: the ones before it are handed over, it is not, and the load refuses.
  const last = contents.manifest.sections.at(-1)!;
  const b = readFileSync(file);
  const data = Math.ceil((16 + b.readUInt32LE(12)) / 64) * 64;
  b[data + last.offset + Math.floor(last.length / 2)] ^= 0x10;
  const altered = join(dir, 'altered.sorrel');
  writeFileSync(altered, b);
  const handed: string[] = [];
  const err = await loadSnapshotFile(altered, { onVerified: (name) => handed.push(name) }).then(
    () => assert.unreachable('loaded'),
    (e: Error) => e,
  );
  assert.instance(err, SnapshotFileError);
  assert.match((err as Error).message, new RegExp(`section "${last.name}" .* does not match its hash`));
  assert.not.ok(handed.includes(last.name), 'the altered section is never handed over');
  assert.ok(handed.includes('catalog'), 'the sections before it are');
});

test.run();
