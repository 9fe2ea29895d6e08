// Tests: key checks and link resolution (workers/tree/key-index.ts) across the storages a key can have.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkKey, resolveLink } from '../../../workers/tree/key-index.ts';
import { date, dict, f64, i64, makeColumns } from '../table.ts';

const resolve = (link: ReturnType<typeof makeColumns>, key: ReturnType<typeof makeColumns>) => {
  const out = new Int32Array(link.rows);
  const report = resolveLink(link.col('v'), key.col('v'), out);
  return { rows: Array.from(out), report };
};
const col = (spec: Parameters<typeof makeColumns>[0]['v']) => makeColumns({ v: spec });

test('Float64 keys: found by value; -0 finds 0; NaN and fractions dangle only when absent', () => {
  const key = col(f64([5, 0, 2.5, 1e15, -7]));
  assert.equal(resolve(col(f64([-7, -0, 2.5, 1e15, 3, null, NaN])), key), {
    rows: [4, 1, 2, 3, -1, -1, -1],
    report: { rows: 7, nulls: 1, dangling: 2, danglingValues: [3, NaN] },
  });
});

test('an integer link column finds a biginteger key, beyond 2^32 and below zero; fractions match nothing', () => {
  const key = col(i64([10n, -3n, 4294967301n, -4294967297n, 9007199254740993n]));
  assert.equal(
    resolve(col(f64([4294967301, -3, -4294967297, 10, 10.5, 9007199254740992])), key).rows,
    [2, 1, 3, 0, -1, -1],
  );
  // And the other way round, biginteger values at Float64 keys.
  assert.equal(resolve(col(i64([-3n, 4294967301n, 7n])), col(f64([4294967301, 7, -3]))).rows, [2, 0, 1]);
});

test('dictionary strings match across two dictionaries', () => {
  const key = col(dict(['b', 'c', 'a']));
  assert.equal(resolve(col(dict(['a', 'z', null, 'c', 'a', 'y'])), key), {
    rows: [2, -1, -1, 1, 2, -1],
    report: { rows: 6, nulls: 1, dangling: 2, danglingValues: ['z', 'y'] },
  });
});

test('dates (Int32 days) match dates', () => {
  assert.equal(resolve(col(date([18000, null, -1, 18001])), col(date([-1, 18001, 18000]))).rows, [2, -1, 0, 1]);
});

test('dangling examples are the first five distinct values; the count is every row', () => {
  const r = resolve(col(f64([9, 9, 8, 7, 6, 5, 4, 3, 1])), col(f64([1]))).report;
  assert.equal([r.dangling, r.danglingValues], [8, [9, 8, 7, 6, 5]]);
});

test('a repeated key value resolves to its first row', () => {
  assert.equal(resolve(col(f64([2])), col(f64([1, 2, 2]))).rows, [1]);
});

test('key checks count nulls (first rows) and repeats (rows after the first, first values)', () => {
  assert.equal(checkKey(col(f64([1, 2, null, 2, 2, 3, 1, null])).col('v')), {
    rows: 8,
    nulls: 2,
    nullRows: [2, 7],
    duplicates: 3,
    duplicateValues: [2, 1],
  });
  assert.equal(checkKey(col(dict(['x', 'y', 'x', null])).col('v')), {
    rows: 4,
    nulls: 1,
    nullRows: [3],
    duplicates: 1,
    duplicateValues: ['x'],
  });
  assert.equal(checkKey(col(i64([5n, 9007199254740993n, 9007199254740993n])).col('v')).duplicateValues, [
    '9007199254740993',
  ]);
  assert.equal(checkKey(col(f64([0, -0])).col('v')).duplicates, 1);
});

test('many keys: every link finds its row (the hash table under load)', () => {
  const n = 50_000;
  const keys = Array.from({ length: n }, (_, i) => ((i * 7919) % 1_000_003) - 500_000);
  const links = Array.from({ length: n }, (_, i) => keys[(i * 31) % n]);
  const r = resolve(col(f64(links)), col(f64(keys)));
  assert.ok(r.rows.every((row, i) => row === (i * 31) % n));
  assert.equal(checkKey(col(f64(keys)).col('v')).duplicates, 0);
});

test('a string link cannot point at a numeric key', () => {
  assert.throws(() => resolve(col(dict(['1'])), col(f64([1]))), /dict link column cannot point at a f64 key/);
});

test.run();
