// Tests: linked brushing (API.md §16): the indexes' memory bound, and a reload that drops them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/serve/server.ts';
import { toBrushSettled, toBrushStats } from '../../src/snapshot/brush.ts';
import { type Brush, ID, randomBrush, withContext, writeTable } from '../helpers/brush-table.ts';
import { get, startTestServer } from '../helpers/server.ts';

const b = suite('brushing: the memory bound');
let small: Running;
let scan: Running;
b.before(async () => {
  const catalog = writeTable(7, 20_000);
  small = await startTestServer(catalog, { indexBytes: 2 ** 20 });
  scan = await startTestServer(catalog, { indexBytes: 0 });
});
b.after(async () => {
  await small.close();
  await scan.close();
});

b('indexes stay within SORREL_INDEX_MB, the least recently used evicted; answers unchanged', async () => {
  const snapshot = small.state.snapshot!;
  const rnd = mulberry32(7);
  for (let k = 0; k < 12; k++) {
    // A new base each time: every view built holds 80 KB of rows and more; 1 MiB holds a few.
    const base: Brush = [
      { field: ID.g, operator: 'exact', value: k % 5 },
      { field: ID.i, operator: 'gte', value: k - 50 },
    ];
    for (let step = 0; step < 3; step++) {
      const path = withContext(`/api/fields/${ID.s}/dist/`, [...base, ...randomBrush(rnd, 'x')]);
      const [a, c] = await Promise.all([get(small.url, path), get(scan.url, path)]);
      assert.is(a.text, c.text);
      await toBrushSettled(snapshot);
    }
    assert.ok(toBrushStats(snapshot).bytes <= 2 ** 20);
  }
  const stats = toBrushStats(snapshot);
  assert.ok(stats.views === 12, `views built: ${stats.views}`);
  assert.ok(stats.answered >= 12, `answered from an index: ${stats.answered}`);
});

b('a reload starts without indexes (they live with their snapshot)', async () => {
  const before = small.state.snapshot!;
  assert.ok(toBrushStats(before).bytes > 0);
  const outcome = await small.reload();
  assert.ok(outcome.ok, JSON.stringify(outcome));
  const after = small.state.snapshot!;
  assert.is.not(after, before);
  assert.equal(toBrushStats(after), { bytes: 0, views: 0, charts: 0, ms: 0, answered: 0 });
});

b.run();
