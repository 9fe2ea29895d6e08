// Tests: pages of more than 4,096 numbers or dates (written as text, src/routes/values-text.ts) against the page an oracle builds.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toJsonValue, toLabel } from '../../src/common/values.ts';
import type { Field, InternalType } from '../../src/contract/model.ts';
import { toItemText } from '../../src/routes/values-text.ts';
import type { Running } from '../../src/serve/server.ts';
import { toFieldValues } from '../../src/snapshot/field-values.ts';
import { get, startTestServer } from '../helpers/server.ts';

// 30,000 rows: f a float (eighths, negatives, 1e21 and 1.5e-7, some nulls), i an integer, d a date
// (9,000 days from 1990, some nulls), g 0..9 for a 50% context; l labels i through a label column.
const ROWS = 30_000;
const day = (k: number) => new Date(Date.UTC(1990, 0, 1) + ((k * 13) % 9000) * 86_400_000).toISOString().slice(0, 10);
const row = (k: number) => {
  const f =
    k % 997 === 0 ? '' : k % 1009 === 0 ? '1e21' : k % 1013 === 0 ? '1.5e-7' : String(((k * 7919) % 9973) / 8 - 300);
  return [f, ((k * 31) % 20_000) - 5000, k % 211 === 0 ? '' : day(k), k % 10, `n${(k * 31) % 20_000}`].join(',');
};
const rows = Array.from({ length: ROWS }, (_, k) => row(k).split(','));

const t = suite('values pages written as text');
let s: Running;
t.before(async () => {
  const dir = mkdtempSync('/tmp/sorrel-values-text-');
  writeFileSync(join(dir, 'v.csv'), `f,i,d,g,l\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  writeFileSync(
    join(dir, 'catalog.json'),
    JSON.stringify({
      datasets: [{ name: 'v', file: join(dir, 'v.csv') }],
      fields: [
        { id: 1, dataset: 'v', column: 'f', name: 'F' },
        { id: 2, dataset: 'v', column: 'i', name: 'I' },
        { id: 3, dataset: 'v', column: 'd', name: 'D' },
        { id: 4, dataset: 'v', column: 'g', name: 'G' },
        { id: 5, dataset: 'v', column: 'i', name: 'I labelled', label_column: 'l' },
      ],
    }),
  );
  s = await startTestServer(join(dir, 'catalog.json'), { maxValuesLimit: 100_000 });
});
t.after(async () => {
  await s.close();
});

type Item = { value: unknown; label: string; count: number };

/** The oracle: column `c`'s distinct non-empty cells among rows with g < `below`, ascending, as items. */
function oracle(c: number, below: number, label: (cell: string) => string = (x) => x): Item[] {
  const counts = new Map<string, number>();
  for (const r of rows) if (Number(r[3]) < below && r[c] !== '') counts.set(r[c], (counts.get(r[c]) ?? 0) + 1);
  const keys = [...counts.keys()].sort(c === 2 ? undefined : (a, b) => Number(a) - Number(b));
  return keys.map((k) => {
    const value = c === 2 ? k : Number(k);
    return { value, label: c === 2 ? k : label(String(value)), count: counts.get(k)! };
  });
}
const ctx = `aware=true&context=${encodeURIComponent(JSON.stringify({ field: 4, operator: 'lt', value: 5 }))}`;

/** The page's bytes are JSON.stringify of its body with `values` the expected items. */
async function assertPage(path: string, expected: Item[]) {
  const r = await get(s.url, path);
  assert.is(r.status, 200, path);
  assert.ok(expected.length > 4096, `${path}: a page written in slices`);
  assert.equal(r.body.values, expected, path);
  assert.is(r.text, JSON.stringify({ ...r.body, values: expected }), `${path}: bytes`);
}

t('floats, integers and dates, naive and aware, on one page: the oracle items, byte for byte', async () => {
  for (const [id, c] of [
    [1, 0],
    [2, 1],
    [3, 2],
  ]) {
    await assertPage(`/api/fields/${id}/values/?limit=0`, oracle(c, 10));
    await assertPage(`/api/fields/${id}/values/?limit=0&${ctx}`, oracle(c, 5));
  }
});

t('a second page of 5,000, and the labels of a label column kept', async () => {
  await assertPage(`/api/fields/1/values/?limit=5000&page=2&${ctx}`, oracle(0, 5).slice(5000, 10_000));
  const labelled = oracle(1, 10, (v) => `n${Number(v) + 5000}`);
  await assertPage('/api/fields/5/values/?limit=0', labelled);
});

t('a query orders matches by label, each item as the oracle has it', async () => {
  const r = await get(s.url, `/api/fields/1/values/?limit=0&query=5&${ctx}`);
  const byLabel = new Map(oracle(0, 5).map((v) => [v.label, v]));
  const want = [...byLabel.keys()].filter((l) => l.includes('5'));
  assert.ok(want.length > 4096);
  assert.equal(r.body.values.map((v: Item) => v.label).sort(), [...want].sort());
  for (const v of r.body.values) assert.equal(v, byLabel.get(v.label));
  assert.is(r.text, JSON.stringify(r.body));
  const starts = r.body.values.findIndex((v: Item) => !v.label.startsWith('5'));
  assert.ok(
    r.body.values.slice(starts).every((v: Item) => !v.label.startsWith('5')),
    'prefix matches first',
  );
});

t('each item as JSON.stringify writes it: exponents, infinities and NaN, days before 1970, keys stored as text', () => {
  const cases: [InternalType, (number | string)[]][] = [
    ['float', [-1.5, 0, 1e21, 1.5e-7, 123456789.125, Infinity, -Infinity, Number.NaN]],
    ['integer', [-5000, 0, 2 ** 53 - 1]],
    ['decimal', [0.1, -0.30000000000000004]],
    ['key', [7, 'k"1', 'é']],
    ['date', [-719_162, -1, 0, 19_000, 2_932_896]],
  ];
  for (const [type, values] of cases) {
    const field = { internal_type: type, label_column: null } as unknown as Field;
    const counts = values.map((_, i) => i * 1000 + 1);
    const vals = toFieldValues(values, counts, 0, (v) => toLabel(v, type));
    const item = (i: number) => ({ value: toJsonValue(values[i], type), label: vals.label(i), count: counts[i] });
    const text = toItemText(field, vals, item)!;
    for (let i = 0; i < values.length; i++) assert.is(text(i), JSON.stringify(item(i)), `${type} ${String(values[i])}`);
  }
  const vals = toFieldValues([1], [1], 0, () => 'one');
  assert.is(
    toItemText({ internal_type: 'float', label_column: 'l' } as unknown as Field, vals, () => null),
    null,
  );
  assert.is(
    toItemText({ internal_type: 'text', label_column: null } as unknown as Field, vals, () => null),
    null,
  );
});

t.run();
