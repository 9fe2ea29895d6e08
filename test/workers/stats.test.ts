// Tests: the pure compute module workers/stats.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { columnStats, quantileCont } from '../../workers/stats.ts';
import { date, datetime, dict, f64, i64, makeColumns } from './table.ts';

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
  assert.equal([0.05, 0.25, 0.5, 0.75, 0.95].map((p) => Math.round(quantileCont(sorted, p) * 1e9) / 1e9), [1.15, 1.75, 2.5, 3.25, 3.85]);
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
    count: 0, null_count: 2, distinct: 0, min: null, max: null, mean: null, stddev: null, sum: null,
    quantiles: { p05: null, p25: null, p50: null, p75: null, p95: null },
  });
});

test('dates, times and datetimes get order statistics only', () => {
  const { col } = makeColumns({ d: date([20, null, 10, 20]), dt: datetime([1.5e12, 1e12, null, 1e12]) });
  assert.equal(columnStats(col('d'), null), {
    count: 3, null_count: 1, distinct: 2, min: 10, max: 20, mean: null, stddev: null, sum: null, quantiles: null,
  });
  const s = columnStats(col('dt'), null);
  assert.equal([s.count, s.distinct, s.min, s.max, s.mean, s.quantiles], [3, 2, 1e12, 1.5e12, null, null]);
});

test('64-bit integers: exact extremes as text beyond 2^53, numbers otherwise', () => {
  const { col } = makeColumns({ big: i64([9007199254740993n, -2n, null, 4n]) });
  const s = columnStats(col('big'), null);
  assert.equal([s.count, s.distinct, s.min, s.max], [3, 3, -2, '9007199254740993']);
  // biome-ignore lint/correctness/noPrecisionLoss: the double nearest the exact sum is what the test expects
  close(s.sum, 9007199254740995);
  close(s.quantiles!.p50, 4);
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
