// Tests: the front-end example of docs/api.md "Arrow bodies", run against the demo and compared with the JSON answer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tableFromIPC, Type } from '@uwdata/flechette';
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

/** The second ```js block of the section: `toLabels`, its import line taken out, made a function of `Type`. */
function toLabelsExample(): (column: unknown) => unknown[] {
  const section = DOC.slice(DOC.indexOf('## Arrow bodies'), DOC.indexOf('## Errors'));
  const block = [...section.matchAll(/```js\n([\s\S]*?)```/g)][1][1];
  assert.match(block, "import { Type } from '@uwdata/flechette';");
  return new Function('Type', `${block.replace(/^import .*$/m, '')}\nreturn toLabels;`)(Type);
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
  assert.ok(got.counts instanceof Uint8Array);
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

t('toLabels gives every label of a column: ASCII, not ASCII, a dictionary', async () => {
  const toLabels = toLabelsExample();
  const arrow = async (path: string) => {
    const res = await fetch(s.url + path, { headers: { Accept: 'application/vnd.apache.arrow.stream' } });
    return tableFromIPC(new Uint8Array(await res.arrayBuffer()));
  };
  const cases: [string, string, string, number][] = [
    ['/api/fields/33/dist/?bins=3', 'labels_0', 'labels', Type.Utf8],
    ['/api/fields/1/values/?limit=0', 'label', 'label', Type.Utf8], // film titles: some not ASCII
    ['/api/fields/50/dist/?dimensions=51', 'labels_0', 'labels', Type.Dictionary], // each country once a census
  ];
  for (const [path, name, key, typeId] of cases) {
    const table = await arrow(path);
    const column = table.getChild(name);
    assert.is(column.type.typeId, typeId, path);
    const json = (await get(s.url, path)).body;
    const list = json.data ?? json.values;
    const want = list.map((p: Record<string, unknown>) => (key === 'labels' ? (p.labels as string[])[0] : p.label));
    assert.equal(toLabels(column), want, path);
  }
  const titles = (await get(s.url, '/api/fields/1/values/?limit=0')).body.values.map((v: { label: string }) => v.label);
  assert.ok(
    titles.some((l: string) => Buffer.byteLength(l) !== l.length),
    'a title that is not ASCII',
  );
});

t.run();
