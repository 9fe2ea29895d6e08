// Tests: the pure compute module workers/stats/stats.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { quantileCont } from '../../../src/common/stats-shape.ts';
import { columnStats } from '../../../workers/stats/stats.ts';
import { date, datetime, dict, f64, i64, makeColumns } from '../table.ts';

const close = (a: number | null, b: number) => assert.ok(a !== null && Math.abs(a - b) < 1e-12, `${a} ≉ ${b}`);

test('count, nulls, distinct, extremes, mean, sample deviation, sum and quantiles of numbers', () => {
  const { col } = makeColumns({ x: f64([7, 1, null, 3, 3, 10]) });
  const s = columnStats(col('x'), null);
  assert.equal([s.count, s.null_count, s.distinct, s.min, s.max, s.sum], [5, 1, 4, 1, 10, 24]);
  close(s.mean, 4.8);
  close(s.stddev, Math.sqrt(52.8 / 4)); // squared deviations 14.44 + 3.24 + 3.24 + 4.84 + 27.04
  // quantile_cont over [1, 3, 3, 7, 10]: position 4q between the closest ranks.
  const q = s.quantiles!;
  close(q.p05, 1.4); // 0.2 → 1 + 0.2·(3 − 1)
  close(q.p25, 3); // 1.0
  close(q.p50, 3); // 2.0
  close(q.p75, 7); // 3.0
  close(q.p95, 9.4); // 3.8 → 7 + 0.8·(10 − 7)
});

test('quantiles interpolate like DuckDB quantile_cont on an even count', () => {
  const sorted = [1, 2, 3, 4]; // position 3q
  assert.equal(
    [0.05, 0.25, 0.5, 0.75, 0.95].map((p) => Math.round(quantileCont(sorted, p) * 1e9) / 1e9),
    [1.15, 1.75, 2.5, 3.25, 3.85],
  );
});

test('one value: no deviation, every quantile is that value', () => {
  const { col } = makeColumns({ x: f64([null, 4.5]) });
  const s = columnStats(col('x'), null);
  assert.is(s.stddev, null);
  assert.equal(s.quantiles, { p05: 4.5, p25: 4.5, p50: 4.5, p75: 4.5, p95: 4.5 });
});

test('no values: nulls everywhere but the counts', () => {
  const { col } = makeColumns({ x: f64([null, null]) });
  assert.equal(columnStats(col('x'), null), {
    count: 0,
    null_count: 2,
    distinct: 0,
    min: null,
    max: null,
    mean: null,
    stddev: null,
    sum: null,
    quantiles: { p05: null, p25: null, p50: null, p75: null, p95: null },
  });
});

test('dates, times and datetimes get order statistics only', () => {
  const { col } = makeColumns({ d: date([20, null, 10, 20]), dt: datetime([1.5e12, 1e12, null, 1e12]) });
  assert.equal(columnStats(col('d'), null), {
    count: 3,
    null_count: 1,
    distinct: 2,
    min: 10,
    max: 20,
    mean: null,
    stddev: null,
    sum: null,
    quantiles: null,
  });
  const s = columnStats(col('dt'), null);
  assert.equal([s.count, s.distinct, s.min, s.max, s.mean, s.quantiles], [3, 2, 1e12, 1.5e12, null, null]);
});

test('64-bit integers: exact extremes and sum as text beyond 2^53, numbers otherwise', () => {
  const { col } = makeColumns({ big: i64([9007199254740993n, -2n, null, 4n]) });
  const s = columnStats(col('big'), null);
  // 9007199254740993 − 2 + 4 = 9007199254740995
  assert.equal([s.count, s.distinct, s.min, s.max, s.sum], [3, 3, -2, '9007199254740993', '9007199254740995']);
  close(s.quantiles!.p50, 4);
});

test('whole numbers each below 2^53 sum exactly (integer columns are stored as doubles)', () => {
  // 15 × (2^53 − 1) + 90 = 135107988821114955; summed in doubles: 135107988821114960.
  const values = [...Array<number>(15).fill(2 ** 53 - 1), 90];
  const { col } = makeColumns({ x: f64([null, ...values]) });
  const s = columnStats(col('x'), null);
  assert.equal([s.count, s.sum, s.min, s.max], [16, '135107988821114955', 90, 2 ** 53 - 1]);
  // Mean 135107988821114955 / 16 = 8444249301319684.69 → 8444249301319685 (doubles 1 apart).
  assert.is(s.mean, 8444249301319685);
});

test('a 64-bit column under a context: exact sum and mean of the kept records only', () => {
  // Kept: 2^56 + 28, 2^56 + 0, null; dropped: 2^62, −7. Sum 2^57 + 28 = 144115188075855900, text;
  // mean 2^56 + 14 → 2^56 + 16 (doubles 16 apart); sd of {0, 28} = √392 = 19.80.
  const { col } = makeColumns({ big: i64([2n ** 56n + 28n, 2n ** 62n, 2n ** 56n, -7n, null]) });
  const s = columnStats(col('big'), Uint8Array.from([1, 0, 1, 0, 1]));
  assert.equal(
    [s.count, s.null_count, s.sum, s.mean, s.min, s.max],
    [2, 1, '144115188075855900', 2 ** 56 + 16, '72057594037927936', '72057594037927964'],
  );
  close(s.stddev, Math.sqrt(392));
});

test('9 copies of 2^53 + 1: exact sum, mean 2^53 (as DuckDB avg), stddev 0', () => {
  const { col } = makeColumns({ big: i64(Array<bigint>(9).fill(2n ** 53n + 1n)) });
  const s = columnStats(col('big'), null);
  // 9 × 9007199254740993 = 81064793292668937; 2^53 + 1 is halfway between doubles: even wins.
  assert.equal([s.sum, s.mean, s.stddev, s.distinct], ['81064793292668937', 2 ** 53, 0, 1]);
});

test('64-bit quantiles interpolate on the exact values and round once', () => {
  // 2^56 + {10, 20, 62}: p75 at position 1.5 is 2^56 + 41 → 2^56 + 48 (doubles 16 apart);
  // p95 at 1.9 is 2^56 + 57.8 → 2^56 + 64.
  const { col } = makeColumns({ big: i64([2n ** 56n + 10n, 2n ** 56n + 20n, 2n ** 56n + 62n]) });
  const q = columnStats(col('big'), null).quantiles!;
  assert.equal([q.p75, q.p95], [2 ** 56 + 48, 2 ** 56 + 64]);
});

test('floats: a constant set has stddev 0 and its value as mean', () => {
  const { col } = makeColumns({ x: f64([0.1, 0.1, null, 0.1]) });
  const s = columnStats(col('x'), null);
  assert.equal([s.mean, s.stddev], [0.1, 0]);
});

test('only the masked records count', () => {
  const { col } = makeColumns({ x: f64([1, 2, null, 100]) });
  const s = columnStats(col('x'), Uint8Array.from([1, 1, 1, 0]));
  assert.equal([s.count, s.null_count, s.min, s.max, s.sum], [2, 1, 1, 2, 3]);
});

test('strings have no stats', () => {
  const { col } = makeColumns({ s: dict(['a']) });
  assert.throws(() => columnStats(col('s'), null), /do not apply/);
});

test.run();
