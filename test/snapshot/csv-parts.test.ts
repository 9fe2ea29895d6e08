// A CSV table of numbers, dates and strings in several shared buffers (a lowered SORREL_BUFFER_MB): the
// same answers and ETags as in one buffer, and the counts worked out from the rows themselves.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';
import { answersOf } from '../helpers/tree.ts';

const ROWS = 4000;
const COLUMNS = ['id', 'cat', 'code', 'name', 'x', 'grade', 'd'];
/** Row i of issue 19's table shape, small: x is null every 97th row, one name is quoted with a comma. */
const rowOf = (i: number) => ({
  id: i,
  cat: (i * 7919) % 100,
  code: (i * 104_729) % 1000,
  name: i === 5 ? 'n, quoted' : `n${String((i * 31) % 50).padStart(3, '0')}`,
  x: i % 97 === 0 ? null : ((i * 37) % 1000) / 8,
  grade: i % 20,
  d: new Date(Date.UTC(2020, 0, 1 + ((i * 13) % 150))).toISOString().slice(0, 10),
});
const ROW_DATA = Array.from({ length: ROWS }, (_, i) => rowOf(i));

function writeCatalog(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-csv-parts-'));
  const cell = (v: unknown) => (v === null ? '' : String(v).includes(',') ? `"${v}"` : String(v));
  const lines = ROW_DATA.map((r) => COLUMNS.map((c) => cell(r[c as keyof typeof r])).join(','));
  writeFileSync(join(dir, 'wide.csv'), `${COLUMNS.join(',')}\n${lines.join('\n')}\n`);
  const fields = COLUMNS.map((column, i) => ({ id: i + 1, dataset: 'wide', column, name: column }));
  const catalog = {
    title: 'Wide CSV',
    access: { anonymous: true },
    datasets: [{ name: 'wide', model: 'row', file: 'wide.csv' }],
    categories: [{ id: 1, name: 'Wide', order: 1 }],
    fields,
    concepts: [{ id: 1, name: 'Row', category: 1, order: 1, fields: fields.map((f) => f.id) }],
  };
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  return join(dir, 'catalog.json');
}

const id = (column: string) => COLUMNS.indexOf(column) + 1;
const context = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const HALF = context({ field: id('grade'), operator: 'lt', value: 10 });
const CORPUS = [
  '/api/',
  `/api/fields/${id('cat')}/dist/?cluster=false&${HALF}`,
  `/api/fields/${id('cat')}/dist/?dimensions=${id('cat')},${id('grade')}&cluster=false&${HALF}`,
  `/api/fields/${id('name')}/dist/?${HALF}`,
  `/api/fields/${id('d')}/dist/?${HALF}`,
  `/api/fields/${id('x')}/stats/?${HALF}`,
  `/api/fields/${id('x')}/dist/`,
  `/api/fields/${id('code')}/dist/?dimensions=${id('code')},${id('x')}`,
  `/api/fields/${id('name')}/values/?${context({ field: id('x'), operator: 'lt', value: 10 })}`,
  `/api/fields/${id('id')}/stats/`,
].map((path) => ({ path, headers: {} }));

const partsOf = (s: Running) => s.state.snapshot!.datasets.get('wide')!.parts.length;

test('in one buffer per column, or two columns a buffer, a CSV table answers as in one buffer', async () => {
  const catalog = writeCatalog();
  const base = { baseUrl: 'http://sorrel.test' }; // links name no port
  const one = await startTestServer(catalog, base);
  const each = await startTestServer(catalog, { ...base, bufferBytes: 1 });
  const pairs = await startTestServer(catalog, { ...base, bufferBytes: 2 * ROWS * 4 + 1024 });
  try {
    assert.is(partsOf(one), 1);
    assert.is(partsOf(each), COLUMNS.length);
    // 33,024 bytes a buffer: id+cat, code+name, x (doubles and a validity bitmap), grade+d (the integers fit
    // 32 bits: Int32, 4 bytes a row, as dates are).
    assert.is(partsOf(pairs), 4);
    const expected = await answersOf(one.url, CORPUS);
    assert.ok(expected.every((a) => a.status === 200, expected.map((a) => `${a.status} ${a.path}`).join('\n')));
    assert.equal(await answersOf(each.url, CORPUS), expected);
    assert.equal(await answersOf(pairs.url, CORPUS), expected);
    // The counts from the rows: cat's groups among grade < 10.
    const counts = new Map<number, number>();
    for (const r of ROW_DATA) if (r.grade < 10) counts.set(r.cat, (counts.get(r.cat) ?? 0) + 1);
    const body = (await get(each.url, CORPUS[1].path)).body as { data: { values: number[]; count: number }[] };
    const got = new Map(body.data.map((p) => [p.values[0], p.count]));
    assert.equal(got, counts);
  } finally {
    await Promise.all([one.close(), each.close(), pairs.close()]);
  }
});

test.run();
