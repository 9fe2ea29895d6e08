// A snapshot file of format 3 (every integer column Float64, as built before integers narrowed to Int32) still serves, with the answers of format 4.
import * as arrow from 'apache-arrow';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSnapshotFile } from '../../src/snapshot/file/container.ts';
import { writeFormat3 } from '../helpers/float-storage.ts';
import { writeSeededTable } from '../helpers/seeded-table.ts';
import { get, startTestServer } from '../helpers/server.ts';
import { buildFile } from '../helpers/tree.ts';

// Fields of the seeded table: 1 `k` (row numbers, in order), 2 `i` (integers with nulls), 3 `x` (floats), 4 `s` (strings).
const CONTEXTS = [
  null,
  { field: 2, operator: 'lt', value: 10 },
  { field: 1, operator: 'range', value: [100, 900] },
  { field: 2, operator: 'in', value: [0, 1, 2, -4] },
  {
    type: 'or',
    children: [
      { field: 2, operator: '-range', value: [-2, 3] },
      { field: 3, operator: 'gt', value: 1 },
    ],
  },
];
const PATHS = [
  '/api/fields/1/values/?limit=0',
  '/api/fields/2/values/?limit=0',
  '/api/fields/1/stats/',
  '/api/fields/2/stats/',
  '/api/fields/1/dist/',
  '/api/fields/2/dist/',
  '/api/fields/2/dist/?cluster=false&nulls=true&sort=count',
  '/api/fields/2/dist/?bins=auto',
  '/api/fields/2/dist/?dimensions=4&cluster=false',
  '/api/fields/2/dist/?dimensions=1',
  '/api/fields/3/dist/?dimensions=2',
];
const CORPUS = PATHS.flatMap((path) =>
  CONTEXTS.map((c) =>
    c === null
      ? path
      : `${path}${path.includes('?') ? '&' : '?'}aware=true&context=${encodeURIComponent(JSON.stringify(c))}`,
  ),
);

/** The Arrow types of every column of a built file's tables. */
async function arrowTypesOf(file: string): Promise<string[]> {
  const contents = await loadSnapshotFile(file);
  return contents.manifest.sections
    .filter((s) => s.kind === 'arrow')
    .flatMap((s) => arrow.tableFromIPC(contents.bytes(s.name)).schema.fields.map((f) => `${f.name}: ${f.type}`));
}

for (const seed of [1, 3]) {
  test(`seed ${seed}: integers stored Int32 answer as the same integers stored Float64 in a format-3 file`, async () => {
    const file = await buildFile(writeSeededTable(seed));
    const old = join(dirname(file), 'format3.sorrel');
    assert.is(await writeFormat3(file, old), 2, 'k and i were Int32, now Float64');
    assert.ok((await arrowTypesOf(file)).includes('i: Int32'));
    assert.ok((await arrowTypesOf(old)).includes('i: Float64'));
    assert.is((await loadSnapshotFile(old)).manifest.format, 3);
    const base = { baseUrl: 'http://sorrel.test' };
    const [a, b] = await Promise.all([startTestServer(file, base), startTestServer(old, base)]);
    try {
      assert.is(b.state.snapshot!.version, a.state.snapshot!.version);
      let ok = 0;
      for (const path of CORPUS) {
        const [x, y] = await Promise.all([get(a.url, path), get(b.url, path)]);
        assert.equal([y.status, y.text], [x.status, x.text], path);
        if (x.status === 200) ok++;
      }
      assert.is(ok, CORPUS.length, 'every request answered 200');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
}

test.run();
