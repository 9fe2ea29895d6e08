// Tests: a number field's clustered naive dist read from its profile's values (workers/dist/runs-grid.ts) answers with the bytes and ETag of the groups path, cold and from a built file.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/cli/build.ts';
import type { Running } from '../../src/serve/server.ts';
import { toProfileRuns } from '../../src/snapshot/profile-groups.ts';
import { writeSeededTable } from '../helpers/seeded-table.ts';
import { get, startTestServer } from '../helpers/server.ts';

const BY_GROUPS = new URL('../fixtures/groups-worker.ts', import.meta.url);
const GRID = 25; // maxClusterPoints, lowered so that the seeded columns have more distinct values
// Replicas behind one address: the ETag hashes the base URL, which would otherwise name each port.
const CONFIG = { maxClusterPoints: GRID, baseUrl: 'http://sorrel.test' };
const QUERIES = ['', '?sort=count', '?nulls=true', '?nulls=true&sort=count', '?n=3', '?n=999999', '?cluster=false'];

/** Status, ETag and body of every query of every field's naive dist. */
async function answers(s: Running): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of s.state.snapshot!.fields.values())
    for (const q of QUERIES) {
      const got = await get(s.url, `/api/fields/${f.id}/dist/${q}`);
      out.set(`${f.column}${q}`, `${got.status} ${got.headers.get('etag')} ${got.text}`);
    }
  return out;
}

function expectSame(got: Map<string, string>, want: Map<string, string>): void {
  assert.equal([...got.keys()], [...want.keys()]);
  for (const [what, text] of want) assert.is(got.get(what), text, what);
}

const t = suite('clustered naive dists from the profile values');

t(
  'seeded tables (key, floats with -0 and outliers, dates, 64-bit, nulls): the bytes and ETags of the groups path',
  async () => {
    for (const seed of [1, 2, 3]) {
      const catalog = writeSeededTable(seed);
      // Warmed (src/serve/warm.ts) on the new path; on the old path each answer is computed on request.
      const now = await startTestServer(catalog, CONFIG);
      const before = await startTestServer(catalog, { ...CONFIG, warmDists: false }, BY_GROUPS);
      try {
        const snapshot = now.state.snapshot!;
        const key = [...snapshot.fields.values()].find((f) => f.column === 'k')!;
        const params = {
          nulls: false,
          sort: 'fields',
          cluster: true,
          n: null,
          numeric: true,
          maxGroups: 50_000,
        } as const;
        const runs = toProfileRuns(snapshot.values.get(key.id)!, { ...params, maxClusterPoints: GRID, axes: [] });
        assert.ok(runs, 'the key is read from its values');
        const got = await answers(now);
        expectSame(got, await answers(before));
        assert.ok(
          got.get('k')!.startsWith('200 ') && got.get('k')!.includes(`"cells":${GRID}`),
          'clustered on the grid',
        );
        assert.ok(got.get('k?n=999999')!.startsWith('400 '), 'n past the cells');
      } finally {
        await Promise.all([now.close(), before.close()]);
      }
    }
  },
);

t('from a built file: the values are views of its shared precomputed section, the answers the same', async () => {
  const catalog = writeSeededTable(5, 70_000);
  const file = join(mkdtempSync('/tmp/sorrel-runs-'), 'r.sorrel');
  const log = console.log;
  console.log = () => {};
  try {
    assert.is(await build(catalog, file), 0);
  } finally {
    console.log = log;
  }
  const cold = await startTestServer(catalog, CONFIG);
  const built = await startTestServer(file, CONFIG);
  const before = await startTestServer(file, { ...CONFIG, warmDists: false }, BY_GROUPS);
  try {
    for (const s of [cold, built]) {
      const snapshot = s.state.snapshot!;
      const key = [...snapshot.fields.values()].find((f) => f.column === 'k')!;
      const values = snapshot.values.get(key.id)!;
      // 70,000 runs: the profile task's answer in shared memory (cold), the section's bytes (built).
      assert.instance((values.values as Float64Array).buffer, SharedArrayBuffer);
      assert.instance((values.counts as Uint8Array).buffer, SharedArrayBuffer);
    }
    const want = await answers(before);
    expectSame(await answers(built), want);
    expectSame(await answers(cold), want);
  } finally {
    await Promise.all([cold.close(), built.close(), before.close()]);
  }
});

t.run();
