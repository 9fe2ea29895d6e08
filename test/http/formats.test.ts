// Tests: a catalog with a dataset in every data format, served identically.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

// One catalog with a dataset in every format, all holding the same six rows (test/fixtures/data).
const DATA = fileURLToPath(new URL('../fixtures/data/', import.meta.url));
const FILES = [
  'sample.csv',
  'sample.tsv',
  'sample.json',
  'sample.ndjson',
  'sample.arrow',
  'sample.stream.arrow',
  'sample.parquet',
];
const COLUMNS = ['id', 'score', 'name', 'flag', 'day', 'at', 't'];

const t = suite('a catalog with every data format');
let s: Running;
t.before(async () => {
  const dir = mkdtempSync('/tmp/sorrel-formats-');
  const catalog = {
    datasets: FILES.map((f, i) => ({
      name: `d${i}`,
      file: join(DATA, f),
      ...(f === 'sample.stream.arrow' ? { format: 'arrow' } : {}),
    })),
    fields: FILES.flatMap((_, i) =>
      COLUMNS.map((c, j) => ({ id: i * 10 + j + 1, dataset: `d${i}`, column: c, name: c })),
    ),
  };
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  s = await startTestServer(join(dir, 'catalog.json'));
});
t.after(async () => {
  await s.close();
});

t('every format serves the same types, values, stats and distributions', async () => {
  const answers = [];
  for (let i = 0; i < FILES.length; i++) {
    const per = [];
    for (let j = 0; j < COLUMNS.length; j++) {
      const id = i * 10 + j + 1;
      const field = (await get(s.url, `/api/fields/${id}/`)).body;
      const values = (await get(s.url, `/api/fields/${id}/values/?limit=0`)).body;
      const dist = (await get(s.url, `/api/fields/${id}/dist/?nulls=true`)).body;
      per.push([field.internal_type, field.nullable, values.values, values.null_count, dist]);
    }
    answers.push(per);
  }
  for (let i = 1; i < FILES.length; i++) assert.equal(answers[i], answers[0], FILES[i]);
  const [id, score, name, flag, day, at, time] = answers[0];
  assert.equal(
    [id[0], score[0], name[0], flag[0], day[0], at[0], time[0]],
    ['integer', 'float', 'char', 'boolean', 'date', 'datetime', 'time'],
  );
  assert.equal(
    name[2].map((v: { value: string }) => v.value),
    ['pear', 'Émile, Jr.', 'ﬁg', '😀 grin'],
  );
  assert.is(name[3], 1);
  assert.equal(at[2][0].value, '1969-07-20T20:17:40.000');
  assert.equal(at[2].at(-1).value, '2024-01-15T10:30:00.000');
  assert.equal(
    time[2].map((v: { value: string }) => v.value),
    ['00:00:00.000', '06:07:08.000', '08:00:00.000', '12:34:56.789', '18:00:00.000', '23:59:59.500'],
  );
  const stats = (await get(s.url, '/api/fields/2/stats/')).body;
  assert.equal([stats.count, stats.null_count, stats.min, stats.max, stats.sum], [5, 1, -0.25, 10, 14.125]);
});

t.run();
