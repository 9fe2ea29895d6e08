// Tests: a distribution of many points, sent flat from the worker (src/common/flat-points.ts), answers the very bytes the plain list gives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FLAT_MIN } from '../../src/common/flat-points.ts';
import type { DistAnswer, DistPoint, FlatPoints } from '../../src/contract/tasks.ts';
import type { Running } from '../../src/serve/server.ts';
import { writeSeededTable } from '../helpers/seeded-table.ts';
import { get, startTestServer } from '../helpers/server.ts';

/** The plain list of a flat one, read here without src/common/flat-points.ts (the oracle). */
function toPlain(flat: FlatPoints): DistPoint[] {
  const starts = flat.dims.map(() => 0);
  return Array.from(flat.counts, (count, j) => ({
    count,
    values: flat.dims.map((d, i) => {
      const text = d.text.slice(starts[i], d.ends[j]);
      starts[i] = d.ends[j];
      return [d.numbers[j], text, null][d.kinds[j]];
    }),
  }));
}

/** Counts the flat answers the pool gives; with `plain`, turns each back into a plain list of points first. */
function watch(s: Running, plain: boolean): { flat: number } {
  const seen = { flat: 0 };
  const run = s.pool.run.bind(s.pool);
  s.pool.run = async <T>(...args: Parameters<typeof run>) => {
    const r = (await run(...args)) as DistAnswer;
    if (r && typeof r === 'object' && 'clustered' in r && !Array.isArray(r.data)) {
      seen.flat++;
      if (plain) return { ...r, data: toPlain(r.data) } as T;
    }
    return r as T;
  };
  return seen;
}

test('aware and naive dists of many groups: the same status, bytes and ETag flat or plain', async () => {
  // Seed 3: 70,000-wide spreads, so `k`, `s`, `d`, `x`, `f` and `big` have thousands of values (~5% null).
  const catalog = writeSeededTable(3, 6000);
  const flat = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
  const plain = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
  try {
    const seen = watch(flat, false);
    watch(plain, true);
    const ctx = encodeURIComponent(JSON.stringify({ field: 1, operator: 'gte', value: 100 }));
    const paths = [
      // 1: k (key), 2: i, 3: x (floats, -0), 4: s (strings), 5: d (dates), 9: big (beyond 2^53), 10: f (floats)
      `/api/fields/4/dist/?aware=true&context=${ctx}`,
      `/api/fields/5/dist/?aware=true&context=${ctx}`,
      `/api/fields/9/dist/?aware=true&context=${ctx}`,
      `/api/fields/4/dist/?dimensions=4,5&aware=true&context=${ctx}`,
      `/api/fields/3/dist/?dimensions=3,2&cluster=false&aware=true&context=${ctx}`,
      `/api/fields/3/dist/?dimensions=3,10&cluster=true&aware=true&context=${ctx}`,
      `/api/fields/3/dist/?dimensions=3,10&cluster=true&n=2000`,
      `/api/fields/10/dist/?cluster=true&aware=true&context=${ctx}`,
      `/api/fields/1/dist/?dimensions=1,4&sort=count`,
    ];
    for (const path of paths) {
      const a = await get(flat.url, path);
      const b = await get(plain.url, path);
      assert.is(a.status, b.status, path);
      assert.is(a.status, 200, path);
      assert.is(a.text, b.text, path);
      assert.is(a.headers.get('etag'), b.headers.get('etag'), path);
    }
    assert.ok(seen.flat >= 5, `flat answers of at least ${FLAT_MIN} points were made (${seen.flat})`);
  } finally {
    await flat.close();
    await plain.close();
  }
});

test.run();
