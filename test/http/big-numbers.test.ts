// Tests: stats of numbers a double cannot sum, over HTTP, in API.md §1's number forms.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

// 16 rows. small: 15 × (2^53 − 1) and 90, an integer column. whole: the same numbers as a float
// field. big: 2^56 + 28, 2^56 and 14 × 2^62, a biginteger column.
const SMALL = [...Array<bigint>(15).fill(2n ** 53n - 1n), 90n];
const BIG = [2n ** 56n + 28n, 2n ** 56n, ...Array<bigint>(14).fill(2n ** 62n)];

const t = suite('stats of big numbers');
let s: Running;
t.before(async () => {
  const dir = mkdtempSync('/tmp/sorrel-big-numbers-');
  writeFileSync(
    join(dir, 'n.csv'),
    `${['small,whole,big', ...SMALL.map((x, i) => `${x},${x},${BIG[i]}`)].join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'catalog.json'),
    JSON.stringify({
      datasets: [{ name: 'n', file: join(dir, 'n.csv') }],
      fields: [
        { id: 1, dataset: 'n', column: 'small', name: 'Small' },
        { id: 2, dataset: 'n', column: 'whole', name: 'Whole', internal_type: 'float' },
        { id: 3, dataset: 'n', column: 'big', name: 'Big' },
      ],
    }),
  );
  s = await startTestServer(join(dir, 'catalog.json'));
});
t.after(async () => {
  await s.close();
});

const stats = async (id: number, query = '') => (await get(s.url, `/api/fields/${id}/stats/${query}`)).body;

t('an integer field: the exact sum as text beyond 2^53, the mean a number', async () => {
  assert.is((await get(s.url, '/api/fields/1/')).body.internal_type, 'integer');
  const body = await stats(1);
  // 15 × 9007199254740991 + 90 = 135107988821114955; / 16 = 8444249301319684.69 → …685.
  assert.equal(
    [body.sum, body.mean, body.min, body.max],
    ['135107988821114955', 8444249301319685, 90, 9007199254740991],
  );
});

t('a float field keeps its sum a number: the exact sum rounded once', async () => {
  const body = await stats(2);
  assert.is(typeof body.sum, 'number');
  assert.is(body.sum, Number('135107988821114955'));
  assert.is(body.mean, 8444249301319685);
});

t('a biginteger field: a sum beyond 2^63 as text, with and without a range context', async () => {
  assert.is((await get(s.url, '/api/fields/3/')).body.internal_type, 'biginteger');
  const all = await stats(3);
  // 2^57 + 28 + 14 × 2^62 = 64707719446059286556 (beyond 2^63); / 16 = 4044232465378705409.75,
  // doubles 512 apart there: 4044232465378705408.
  // biome-ignore lint/correctness/noPrecisionLoss: the literal is the double the mean must be
  assert.equal([all.count, all.sum, all.mean], [16, '64707719446059286556', 4044232465378705408]);
  const range = { field: 3, operator: 'range', value: ['72057594037927936', '144115188075855872'] }; // [2^56, 2^57]
  const some = await stats(3, `?aware=true&context=${encodeURIComponent(JSON.stringify(range))}`);
  // 2^56 + 28 and 2^56: sum 2^57 + 28 = 144115188075855900; mean 2^56 + 14 → 2^56 + 16.
  assert.equal(
    [some.count, some.sum, some.mean, some.min],
    [2, '144115188075855900', 2 ** 56 + 16, '72057594037927936'],
  );
  assert.ok(Math.abs(some.stddev - Math.sqrt(392)) < 1e-9, `${some.stddev}`); // {0, 28}: Σd² = 2 × 14²
});

t.run();
