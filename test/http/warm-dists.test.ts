// Tests: each field's default naive /dist/ is computed into the memo after start-up (src/warm.ts), the same body as computed on request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/server.ts';
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
 * /dist/ must come from the warmed memo without a task, with the body and ETag the other computes.
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
      const path = `/api/fields/${id}/dist/`;
      const a = await get(warm.url, path, headers);
      const b = await get(cold.url, path, headers);
      assert.ok(a.status === 200 || a.status === 422, `field ${id}: status ${a.status}`);
      assert.is(a.status, b.status, `field ${id}: status`);
      assert.is(a.text, b.text, `field ${id}: body`);
      assert.is(a.headers.get('etag'), b.headers.get('etag'), `field ${id}: ETag`);
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

t('seeded random tables: numbers, dates, strings, nulls, keys', async () => {
  for (const seed of [1, 2, 3]) {
    const rnd = mulberry32(seed);
    const n = 2000 + Math.floor(rnd() * 8000);
    const spread = [3, 40, 600, 70_000][seed % 4];
    const rows = ['k,i,x,s,d,b'];
    for (let r = 0; r < n; r++) {
      const nul = () => rnd() < 0.05;
      const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * spread) * 86_400_000);
      rows.push(
        [
          r,
          nul() ? '' : Math.floor(rnd() * spread) - 5,
          nul() ? '' : Math.round(rnd() * spread * 1000) / 1000,
          nul() ? '' : `s${Math.floor(rnd() * spread)}`,
          nul() ? '' : day.toISOString().slice(0, 10),
          nul() ? '' : rnd() < 0.5,
        ].join(','),
      );
    }
    const dir = mkdtempSync('/tmp/sorrel-warm-');
    writeFileSync(join(dir, 'r.csv'), `${rows.join('\n')}\n`);
    const fields = ['k', 'i', 'x', 's', 'd', 'b'].map((column, i) => ({
      id: i + 1,
      dataset: 'r',
      column,
      name: column,
    }));
    const catalog = join(dir, 'catalog.json');
    writeFileSync(catalog, JSON.stringify({ datasets: [{ name: 'r', file: join(dir, 'r.csv') }], fields }));
    assert.is(await compareAll(catalog), 6);
  }
});

t.run();
