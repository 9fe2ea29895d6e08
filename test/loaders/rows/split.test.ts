// Loading a delimited file on two threads (loaders/rows/split.ts): the same columns and errors as one thread.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { readDelimited } from '../../../loaders/csv.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { loadTable, toTableHash } from '../../../loaders/index.ts';
import { loadSplit, sampleCosts, toSides } from '../../../loaders/rows/split.ts';
import { loadRows } from '../../../loaders/rows/to-columns.ts';
import type { LoadOptions } from '../../../loaders/core/column.ts';
import { tempFile } from '../helpers.ts';

const plain = (c: Column) => ({ ...c, values: [...c.values], validity: c.validity ? [...c.validity] : null });
const both = async (path: string, opts: LoadOptions = {}, delimiter = ',') => {
  const settle = (p: Promise<Column[]>) =>
    p.then(
      (columns) => ({ columns: columns.map(plain) }),
      (err: Error) => ({ error: `${err.constructor.name}: ${err.message}` }),
    );
  let how = '';
  const split = await settle(loadSplit(readDelimited(path, delimiter), path, delimiter, opts, (h) => (how = h)));
  return { split, how, one: await settle(loadRows(readDelimited(path, delimiter), path, opts)) };
};

// Every kind the loader infers, nulls, a quoted newline, a column that turns verbatim (a number then a word).
const MIXED = [
  'id,name,score,day,flag,code,note',
  ...Array.from({ length: 3000 }, (_, i) =>
    [
      i,
      `name${i % 97}`,
      i % 7 === 0 ? '' : (i * 0.37).toFixed(2),
      `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      i % 2 ? 'true' : 'false',
      i === 2500 ? 'x12' : String(i % 13),
      i % 500 === 0 ? '"line one\nline ""two"""' : `n${i}`,
    ].join(','),
  ),
].join('\n');

test('gives the columns a one-thread load gives, in file order', async () => {
  const path = tempFile('split-mixed.csv', `${MIXED}\n`);
  const { split, how, one } = await both(path);
  assert.ok('columns' in one);
  assert.is(how, 'two threads');
  assert.equal(split, one);
  assert.equal(
    (split as unknown as { columns: Column[] }).columns.map((c) => [c.name, c.type]),
    [
      ['id', 'integer'],
      ['name', 'char'],
      ['score', 'float'],
      ['day', 'date'],
      ['flag', 'boolean'],
      ['code', 'char'],
      ['note', 'char'],
    ],
  );
});

test('with overrides and as TSV, the same columns as one thread', async () => {
  const tsv = tempFile('split.tsv', `${MIXED.replaceAll(',', '\t')}\n`);
  const { split, how, one } = await both(tsv, { columns: { id: 'float', flag: 'char' } }, '\t');
  assert.ok('columns' in one);
  assert.is(how, 'two threads');
  assert.equal(split, one);
});

test('a malformed row or a value an override cannot convert: the one-thread error', async () => {
  const short = tempFile('split-short.csv', `${MIXED}\n1,2,3\n`);
  const a = await both(short);
  assert.ok('error' in a.one);
  assert.equal([a.split, a.how], [a.one, 'one thread']);
  const override = await both(tempFile('split-override.csv', `${MIXED}\n`), { columns: { code: 'integer' } });
  assert.ok('error' in override.one);
  assert.match((override.one as { error: string }).error, /x12/);
  assert.equal([override.split, override.how], [override.one, 'one thread']);
});

test('its worker thread has exited when the columns arrive, so the buffers it made can be given back', async () => {
  const path = tempFile('split-exit.csv', `${MIXED}\n`);
  const ports = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
  const before = ports();
  let how = '';
  await loadSplit(readDelimited(path, ','), path, ',', {}, (h) => (how = h));
  assert.is(how, 'two threads');
  assert.is(ports(), before); // the worker's port closes only when its thread has exited
});

test('two threads and several buffers hold the table one thread and one buffer hold (the same hash)', async () => {
  const path = tempFile('split-parts.csv', `${MIXED}\n`);
  const whole = await loadTable(path);
  const columns = await loadSplit(readDelimited(path, ','), path, ',', {});
  // 24,000 bytes a buffer: a column of 3000 doubles (id, score) or two of int32 codes (name, code,
  // note, each with its dictionary) do not fit together; day (12,000) and flag (375) do.
  const parts = await normalizeColumns(columns, path, {}, 3000 * 8);
  assert.is(whole.parts.length, 1);
  assert.is(parts.parts.length, 6);
  assert.equal(parts.types, whole.types);
  assert.is(await toTableHash(parts.table), await toTableHash(whole.table));
});

test('costs from the first MiB: 1 for plain numbers, 1 + 4 × the distinct share otherwise', async () => {
  const rows = Array.from({ length: 8 }, (_, i) => `${i},${i % 2 ? 'a' : 'b'},w${i},${i}.5,`);
  const path = tempFile('split-costs.csv', `n,two,all,f,empty\n${rows.join('\n')}\n`);
  assert.equal(await sampleCosts(path, ','), [1, 1 + (4 * 2) / 8, 1 + 4, 1, 1]);
  assert.is(await sampleCosts(tempFile('split-header.csv', 'a,b\n'), ','), null);
});

test('sides of about equal cost, costliest first, each side in file order', () => {
  assert.equal(toSides([1, 4.4, 1, 1, 1, 1]), [[1], [0, 2, 3, 4, 5]]);
  assert.equal(toSides([3, 3, 2, 2]), [
    [0, 2],
    [1, 3],
  ]);
  assert.equal(toSides([5]), [[0], []]);
});

test.run();
