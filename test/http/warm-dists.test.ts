// Tests: each field's default naive /dist/ is serialised into the memo after start-up (src/serve/warm.ts), the same bytes and ETag as computed on request; the memo's bound.
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { toMemoBytes } from '../../src/snapshot/memo.ts';
import { SEEDED_COLUMNS, writeSeededTable } from '../helpers/seeded-table.ts';
import { get, startTestServer } from '../helpers/server.ts';

const DEMO = fileURLToPath(new URL('../../demo/catalog.yaml', import.meta.url));
const ADMIN = { Authorization: 'Bearer sorrel-demo-admin' };

/** Counts the tasks the server's pool runs from now on. */
function countTasks(s: Running): { n: number } {
  const counted = { n: 0 };
  const run = s.pool.run.bind(s.pool);
  s.pool.run = (task, signal, options) => {
    counted.n++;
    return run(task, signal, options);
  };
  return counted;
}

/**
 * Starts one server that warms and one that does not, over `catalog`; every field's default
 * /dist/ must come from the warmed memo without a task, with the body and ETag the other computes,
 * and so must its default /values/ (from the profile on both).
 */
async function compareAll(catalog: string, headers: Record<string, string> = {}): Promise<number> {
  // One base URL for both, so the ETags (which name it) may be compared across the two ports.
  const warm = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
  const cold = await startTestServer(catalog, { baseUrl: 'http://sorrel.test', warmDists: false });
  try {
    const ids = [...warm.state.snapshot!.fields.keys()];
    assert.is(await warm.warmed, ids.length, 'every field warmed');
    assert.is(await cold.warmed, 0, 'warm-up off');
    const tasks = countTasks(warm);
    const coldTasks = countTasks(cold);
    for (const id of ids) {
      for (const path of [`/api/fields/${id}/dist/`, `/api/fields/${id}/values/`]) {
        const a = await get(warm.url, path, headers);
        const b = await get(cold.url, path, headers);
        assert.ok(a.status === 200 || a.status === 422, `${path}: status ${a.status}`);
        assert.is(a.status, b.status, `${path}: status`);
        assert.is(a.text, b.text, `${path}: body`);
        assert.is(a.headers.get('etag'), b.headers.get('etag'), `${path}: ETag`);
      }
    }
    assert.is(tasks.n, 0, 'the warmed server answered every naive dist from its memo');
    assert.ok(
      coldTasks.n >= ids.length,
      `the other computed them on request (${coldTasks.n} tasks, ${ids.length} fields)`,
    );
    return ids.length;
  } finally {
    await warm.close();
    await cold.close();
  }
}

const t = suite('naive distributions warmed after start-up');

t('the demo catalog: every field, the body computed on request', async () => {
  assert.ok((await compareAll(DEMO, ADMIN)) > 20);
});

t('seeded random tables: numbers, dates, strings, booleans, nulls, -0, single-valued, all-null, 64-bit', async () => {
  for (const seed of [1, 2, 3]) assert.is(await compareAll(writeSeededTable(seed)), SEEDED_COLUMNS.length);
});

t('a memo smaller than the bodies keeps none of them, and answers are unchanged', async () => {
  // 64 KiB: the large bodies of a seeded table (thousands of groups) do not fit; small ones do.
  const memoBytes = 64 * 1024;
  const catalog = writeSeededTable(3);
  const small = await startTestServer(catalog, { baseUrl: 'http://sorrel.test', memoBytes, replyCacheBytes: 0 });
  const full = await startTestServer(catalog, { baseUrl: 'http://sorrel.test', replyCacheBytes: 0 });
  try {
    const snapshot = small.state.snapshot!;
    assert.ok(toMemoBytes(snapshot) <= memoBytes, `after the warm-up: ${toMemoBytes(snapshot)} bytes`);
    let large = 0;
    for (const id of snapshot.fields.keys()) {
      const a = await get(small.url, `/api/fields/${id}/dist/`);
      const b = await get(full.url, `/api/fields/${id}/dist/`);
      assert.is(a.text, b.text, `field ${id}: body`);
      assert.is(a.headers.get('etag'), b.headers.get('etag'), `field ${id}: ETag`);
      if (a.text.length > memoBytes) large++;
      assert.ok(toMemoBytes(snapshot) <= memoBytes, `field ${id}: ${toMemoBytes(snapshot)} bytes`);
    }
    assert.ok(large > 0, 'some body is larger than the memo');
  } finally {
    await small.close();
    await full.close();
  }
});

t.run();
