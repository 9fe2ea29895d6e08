// What crosses the wire for one answer is bounded by the answer (API.md §14): the rows each engine sent, counted at the gateway (src/engine/client.ts) and read from /metrics.
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { sharedCluster } from '../helpers/clickhouse.ts';
import { WIDE, createWide } from '../helpers/engine/wide.ts';
import { get } from '../helpers/server.ts';

const ROWS = 200_000;
let server: Running;

test.before(async () => {
  const ch = await sharedCluster();
  const wide = await createWide(ch, 'sorrel_wire', ROWS);
  // /metrics is a 404 unless made public (or given a token): the counts below are read there.
  const config = { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1, metricsPublic: true };
  server = await startServer(wide.engineCatalog, config, pino({ level: 'silent' }), undefined, runTableTask);
  await server.ready;
});

test.after(async () => {
  await server?.close();
});

/** The rows the engine sent so far (sorrel_engine_rows_total) and the queries it answered (sorrel_engine_queries_total). */
async function received(): Promise<{ rows: number; queries: number }> {
  const res = await fetch(`${server.url}/metrics`);
  const text = await res.text();
  assert.is(res.status, 200, '/metrics answers');
  // Start-up queried the engine already, so both series exist: a missing one would read as 0 and pass any bound.
  const rows = /sorrel_engine_rows_total\{engine="wh"\} (\d+)/.exec(text);
  const queries = /sorrel_engine_queries_total\{engine="wh",outcome="ok"\} (\d+)/.exec(text);
  assert.ok(rows && queries, 'the engine series are in /metrics');
  return { rows: Number(rows![1]), queries: Number(queries![1]) };
}

/** One answer, the rows the engine sent for it and the queries it took. */
async function answer(path: string): Promise<{ status: number; body: any; rows: number; queries: number }> {
  const before = await received();
  const got = await get(server.url, path);
  const after = await received();
  return {
    status: got.status,
    body: got.body,
    rows: after.rows - before.rows,
    queries: after.queries - before.queries,
  };
}

const CONTEXT = encodeURIComponent(JSON.stringify({ field: WIDE.k, operator: 'lt', value: 8 }));

test('a clustered dist over 200,000 distinct floats receives its cells and outliers, not its groups (1-D and 2-D, naive and aware)', async () => {
  for (const query of [
    '',
    `?aware=1&context=${CONTEXT}`,
    `?dimensions=${WIDE.y}`,
    `?dimensions=${WIDE.y}&aware=1&context=${CONTEXT}`,
  ]) {
    const got = await answer(`/api/fields/${WIDE.x}/dist/${query}`);
    assert.is(got.status, 200, query);
    assert.ok(got.body.size > 150_000, `${query}: ${got.body.size} groups`);
    assert.ok(got.body.cells > 0, `${query}: gathered on the grid`);
    const bound = got.body.cells + got.body.outliers.length + 5; // + one row per round
    assert.ok(
      got.rows <= bound,
      `${query}: ${got.rows} rows received for ${got.body.cells} cells and ${got.body.outliers.length} outliers`,
    );
  }
});

test('a dist of few groups receives those groups; a refused one at most maxGroups + 1', async () => {
  const few = await answer(`/api/fields/${WIDE.k}/dist/`);
  assert.is(few.status, 200);
  assert.is(few.body.size, 10);
  assert.ok(few.rows <= 11, `${few.rows} rows for 10 groups`);
  const refused = await answer(`/api/fields/${WIDE.x}/dist/?cluster=false`);
  assert.is(refused.status, 422);
  assert.ok(refused.rows <= DEFAULT_CONFIG.maxGroups + 1, `${refused.rows} rows for a refusal`);
});

/** The non-null values of `x` in rows with k < below (createWide's rule, written out again), each once, ascending. */
function xValues(below = 10): number[] {
  const xs = new Set<number>();
  for (let i = 0; i < ROWS; i++) {
    if (i % 101 === 0 || i % 10 >= below) continue;
    xs.add(i % 997 === 0 ? i * 4096 : (((i * 40503) % 2 ** 18) - 2 ** 17) / 8);
  }
  return [...xs].sort((a, b) => a - b);
}

test('a values page of 198,000 distinct floats receives that page and its count, naive and aware', async () => {
  for (const [query, below] of [
    ['', 10],
    [`&aware=1&context=${CONTEXT}`, 8],
  ] as const) {
    const want = xValues(below);
    assert.ok(want.length > 150_000, `${want.length} distinct values`);
    const got = await answer(`/api/fields/${WIDE.x}/values/?limit=25&page=41${query}`);
    assert.is(got.status, 200, query);
    assert.is(got.body.count, want.length, `${query}: count`);
    assert.equal(
      got.body.values.map((v: { value: number }) => v.value),
      want.slice(1000, 1025),
      `${query}: the page`,
    );
    assert.ok(got.queries >= 1, `${query}: pushed to the engine (${got.queries} queries)`);
    // The count's row and the page's 25 rows, nothing per distinct value.
    assert.ok(got.rows <= 25 + 2, `${query}: ${got.rows} rows received for a page of 25`);
  }
});

test('a filtered page and a seeded draw of the pushed values receive their own rows only', async () => {
  // Values whose label holds "12.5": a few hundred of the 198,000.
  const matching = xValues().filter((x) => String(x).includes('12.5'));
  const filtered = await answer(`/api/fields/${WIDE.x}/values/?limit=10&query=12.5`);
  assert.is(filtered.status, 200);
  assert.is(filtered.body.count, matching.length, 'matching values');
  assert.is(filtered.body.values.length, 10);
  assert.ok(filtered.rows <= 10 + 3, `${filtered.rows} rows received for a filtered page of 10`);
  const drawn = await answer(`/api/fields/${WIDE.x}/values/?random=7&seed=11`);
  assert.is(drawn.status, 200);
  assert.is(drawn.body.length, 7, 'seven values drawn');
  // The count's row and one row holding the drawn values.
  assert.ok(drawn.rows <= 3, `${drawn.rows} rows received for a draw of 7`);
});

test('stats of 198,000 distinct floats receive a few rows in two queries, one per sign and exponent beside two, naive and aware', async () => {
  // One row per sign and binary exponent of the values (counts and exact sums), one for the null rows,
  // and one for the distinct count, extremes and quantiles: computed here from the values themselves.
  const signExponents = new Set(xValues().map((x) => new BigUint64Array(new Float64Array([x]).buffer)[0] >> 52n));
  assert.ok(signExponents.size < 100, `${signExponents.size} signs and exponents`);
  for (const [query, below] of [
    ['', 10],
    [`?aware=1&context=${CONTEXT}`, 8],
  ] as const) {
    const got = await answer(`/api/fields/${WIDE.x}/stats/${query}`);
    assert.is(got.status, 200, query);
    assert.is(got.body.distinct, xValues(below).length, `${query}: distinct`);
    assert.is(got.queries, 2, `${query}: computed by the engine in two queries`);
    assert.ok(
      got.rows <= signExponents.size + 2,
      `${query}: ${got.rows} rows received for ${signExponents.size} signs and exponents`,
    );
  }
});

test.run();
