// Tests: the front-end example of docs/api.md "Arrow bodies", run against the demo and compared with the JSON answer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from '@uwdata/flechette';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = readFileSync(`${ROOT}docs/api.md`, 'utf8');

/** The ```js block of the "Arrow bodies" section, its import line taken out (the test hands the import in). */
function toExample(): { code: string; path: string } {
  const section = DOC.slice(DOC.indexOf('## Arrow bodies'));
  const block = /```js\n([\s\S]*?)```/.exec(section)![1];
  assert.match(block, "import { tableFromIPC } from '@uwdata/flechette';");
  const path = /fetch\('([^']+)'/.exec(block)![1];
  return { code: block.replace(/^import .*$/m, ''), path };
}

const t = suite('the Arrow example of docs/api.md');
let s: Running;
t.before(async () => {
  s = await startTestServer(`${ROOT}demo/catalog.yaml`);
});
t.after(async () => {
  await s.close();
});

t('decodes with flechette into the JSON answer’s counts, values, labels and axes', async () => {
  const { code, path } = toExample();
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const run = new AsyncFunction('tableFromIPC', 'fetch', `${code}\nreturn { counts, edges, labels, axes };`);
  const local = (url: string, init: RequestInit) => fetch(s.url + url, init);
  const got = await run(tableFromIPC, local);
  const json = (await get(s.url, path)).body;
  assert.ok(got.counts instanceof Float64Array);
  assert.equal(
    [...got.counts],
    json.data.map((p: { count: number }) => p.count),
  );
  assert.equal(
    [...got.edges],
    json.data.map((p: { values: number[] }) => p.values[0]),
  );
  assert.equal(
    got.labels,
    json.data.map((p: { labels: string[] }) => p.labels[0]),
  );
  assert.equal(got.axes, json.axes);
  // The numbers the comments show.
  assert.equal([...got.counts], [100, 185, 57]);
  assert.equal(got.labels, ['[30, 40)', '[40, 50)', '[50, 60]']);
});

t.run();
