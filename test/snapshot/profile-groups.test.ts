// Tests: a naive 1-D distribution shaped from the field's profile (src/snapshot/profile-groups.ts) equals the one counted from the rows.
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isInTree } from '../../src/catalog/tree.ts';
import type { Field } from '../../src/contract/model.ts';
import type { DistParams, DistResult } from '../../src/contract/tasks.ts';
import { toDistBody } from '../../src/routes/dist-answer.ts';
import type { Running } from '../../src/serve/server.ts';
import { toProfileGroups } from '../../src/snapshot/profile-groups.ts';
import { writeSeededTable } from '../helpers/seeded-table.ts';
import { startTestServer } from '../helpers/server.ts';

const DEMO = fileURLToPath(new URL('../../demo/catalog.yaml', import.meta.url));

/** Every parameter the route may send with one exact axis: nulls, sort, cluster, n, and two sets of limits. */
function* variants(numeric: boolean): Generator<DistParams> {
  for (const [maxGroups, maxClusterPoints] of [
    [50_000, 50_000],
    [40, 25],
  ])
    for (const nulls of [false, true])
      for (const sort of ['fields', 'count'] as const)
        for (const cluster of [true, false])
          for (const n of [null, 3])
            yield { nulls, sort, cluster, n, numeric, maxGroups, maxClusterPoints, axes: [{ kind: 'exact' }] };
}

/**
 * The body a result becomes (src/routes/dist-answer.ts), its bytes. Why not the results alone: a
 * float column's -0 and 0 are one group, whose value is the first met, -0 in a sorted run (the
 * profile, a clustered scan) and 0 from a limited scan's ranking; the body writes both as 0 (JSON,
 * String), and every comparison and sum treats them alike, so the answers are the same bytes.
 */
function toBytes(s: Running, field: Field, params: DistParams, result: DistResult): string {
  const p = { field, dims: [field], tree: null, context: null, params, grouped: false };
  const { body, count, item } = toDistBody(s.state.snapshot!, p, result);
  body.data = Array.from({ length: count }, (_, j) => item(j));
  return JSON.stringify(body);
}

/** Where two texts first differ, with a little of each. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `derived …${a.slice(Math.max(0, i - 60), i + 60)}… scanned …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

/** Compares, field by field and variant by variant, the scanned and the profile-derived result; returns how many. */
async function compareAll(s: Running): Promise<number> {
  const snapshot = s.state.snapshot!;
  let compared = 0;
  for (const f of snapshot.fields.values()) {
    if (isInTree(snapshot.tree?.shape ?? null, f.dataset) || snapshot.tableRef(f.dataset).engine) continue;
    for (const params of variants(f.simple_type === 'number')) {
      const what = `field ${f.id} (${f.column}, ${f.internal_type}) ${JSON.stringify(params)}`;
      const scanned = await s.pool.run<DistResult>({
        kind: 'dist',
        table: snapshot.tableRef(f.dataset),
        columns: [f.column],
        context: null,
        params,
      });
      const groups = toProfileGroups(snapshot.values.get(f.id)!, params);
      if (scanned.tooMany || groups.tooMany) {
        assert.is(groups.tooMany, scanned.tooMany, `${what}: refused`);
        compared++;
        continue;
      }
      const derived = await s.pool.run<DistResult>({ kind: 'shape', groups, params });
      const [a, b] = [JSON.stringify(derived), JSON.stringify(scanned)];
      if (a !== b) assert.unreachable(`${what}: from ${firstDifference(a, b)}`);
      const [x, y] = [toBytes(s, f, params, derived), toBytes(s, f, params, scanned)];
      if (x !== y) assert.unreachable(`${what}: body from ${firstDifference(x, y)}`);
      compared++;
    }
  }
  return compared;
}

const t = suite('naive distributions from the profile');

t('the demo catalog: every field in memory, every parameter', async () => {
  const s = await startTestServer(DEMO, { warmDists: false });
  try {
    assert.ok((await compareAll(s)) > 20 * 32);
  } finally {
    await s.close();
  }
});

t('seeded random tables: numbers, dates, strings, booleans, nulls, -0, single-valued, all-null, 64-bit', async () => {
  for (const seed of [1, 2, 3, 4]) {
    const s = await startTestServer(writeSeededTable(seed), { warmDists: false });
    try {
      const snapshot = s.state.snapshot!;
      // The table has what the comparison should meet: nulls, an all-null column, a 64-bit one, -0.
      const byColumn = new Map([...snapshot.fields.values()].map((f) => [f.column, f]));
      assert.is(snapshot.values.get(byColumn.get('none')!.id)!.values.length, 0, 'all null');
      assert.is(snapshot.values.get(byColumn.get('one')!.id)!.values.length, 1, 'single-valued');
      assert.is(byColumn.get('big')!.internal_type, 'biginteger', '64-bit integers');
      assert.ok(snapshot.values.get(byColumn.get('i')!.id)!.nullCount > 0, 'nulls');
      assert.is(await compareAll(s), 10 * 32);
    } finally {
      await s.close();
    }
  }
});

t('groups sent in shared memory (65,536 and more): a key and a nearly unique float of 70,000 rows', async () => {
  const s = await startTestServer(writeSeededTable(5, 70_000), { warmDists: false });
  try {
    const snapshot = s.state.snapshot!;
    const large = [...snapshot.fields.values()].filter((f) => snapshot.values.get(f.id)!.values.length >= 65_536);
    assert.equal(
      large.map((f) => f.column),
      ['k', 'f'],
    );
    const g = toProfileGroups(snapshot.values.get(large[0].id)!, [...variants(true)][0]);
    assert.instance(g.counts.buffer, SharedArrayBuffer);
    assert.is(await compareAll(s), 10 * 32);
  } finally {
    await s.close();
  }
});

t('a profile whose values are a view of a larger buffer (a built file) is sent as its own bytes', () => {
  const section = new Float64Array([9, 1, 2, 3, 9]);
  const values = {
    values: section.subarray(1, 4),
    counts: Uint8Array.of(2, 1, 4),
    nullCount: 5,
    label: String,
    labels: () => ['1', '2', '3'],
  };
  const params: DistParams = {
    nulls: true,
    sort: 'fields',
    cluster: false,
    n: null,
    numeric: false,
    maxGroups: 10,
    maxClusterPoints: 10,
    axes: [{ kind: 'exact' }],
  };
  const g = toProfileGroups(values, params);
  const sent = g.dims[0].values as Float64Array;
  assert.equal(Array.from(sent), [1, 2, 3]);
  assert.is(sent.buffer.byteLength, 24, 'not the whole section');
  assert.equal(Array.from(g.counts), [2, 1, 4, 5]);
  assert.equal(Array.from(g.dims[0].ranks), [0, 1, 2, 3]);
  assert.is(g.dims[0].numbers, null);
  // Four groups over a limit of three: refused, as the scan refuses them.
  assert.ok(toProfileGroups(values, { ...params, maxGroups: 3 }).tooMany);
  assert.not.ok(toProfileGroups(values, { ...params, maxGroups: 3, nulls: false }).tooMany);
});

t.run();
