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
  const config = { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1 };
  server = await startServer(wide.engineCatalog, config, pino({ level: 'silent' }), undefined, runTableTask);
  await server.ready;
});

test.after(async () => {
  await server?.close();
});

/** The rows the engine sent so far (sorrel_engine_rows_total). */
async function rowsReceived(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const m = /sorrel_engine_rows_total\{engine="wh"\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/** One answer and the rows the engine sent for it. */
async function answer(path: string): Promise<{ status: number; body: any; rows: number }> {
  const before = await rowsReceived();
  const got = await get(server.url, path);
  return { status: got.status, body: got.body, rows: (await rowsReceived()) - before };
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

test.run();
