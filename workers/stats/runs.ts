// Stats of a column's sorted values held as runs (value, count), exactly as statsOfSorted gives them over the expanded array.
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { toIntegerJson, toNearest } from './exact.ts';
import { BLOCK, createAccumulator, type Moments, toStddev } from './moments.ts';
import { QUANTILES, quantileCont, toEmptyStats } from './stats.ts';

/** Ascending distinct values and how many times each occurs (counts ≥ 1), `n` values in all. */
export type Runs = { values: Float64Array; counts: ArrayLike<number>; n: number };

const TWO_53 = 2 ** 53;

/**
 * statsOfSorted over the sorted array the runs stand for, without making it (a profile counted
 * straight from its column: workers/values/profile-counts.ts). Why byte-identical answers: every sum is
 * taken term by term in the sorted order, in the same blocks and with the same compensation as
 * workers/stats/moments.ts does over the array; a run's terms are its value repeated, read from a
 * register rather than from memory. Order statistics are read at their ranks.
 */
export function statsOfRuns(col: ColumnView, runs: Runs, nullCount: number): StatsResult {
  const { values, n } = runs;
  const numeric = !col.temporal;
  const result = toEmptyStats(n, nullCount, values.length, numeric);
  if (n === 0) return result;
  result.min = values[0];
  result.max = values[values.length - 1];
  if (!numeric) return result;
  Object.assign(result, momentsOfRuns(runs));
  // quantileCont reads the length and the two ranks it interpolates between, nothing else.
  const ranks = QUANTILES.flatMap(([, p]) => [Math.floor((n - 1) * p), Math.ceil((n - 1) * p)]);
  const at = valuesAt(runs, ranks);
  const q = result.quantiles!;
  QUANTILES.forEach(([key, p], i) => {
    const [lo, hi] = [ranks[2 * i], ranks[2 * i + 1]];
    q[key] = quantileCont({ length: n, [lo]: at[2 * i], [hi]: at[2 * i + 1] }, p);
  });
  return result;
}

/** The values at the given ranks (0-based, in any order) of the sorted array, in one walk over the runs. */
function valuesAt({ values, counts }: Runs, ranks: readonly number[]): number[] {
  const order = ranks.map((_, i) => i).sort((a, b) => ranks[a] - ranks[b]);
  const out = new Array<number>(ranks.length);
  let i = 0;
  for (let r = 0, end = 0; r < values.length && i < order.length; r++) {
    end += counts[r];
    for (; i < order.length && ranks[order[i]] < end; i++) out[order[i]] = values[r];
  }
  if (i < order.length) throw new RangeError(`No rank ${ranks[order[i]]} in ${values.length} runs.`);
  return out;
}

/** momentsOf (workers/stats/moments.ts) over the sorted array of n ≥ 1 values the runs stand for. */
export function momentsOfRuns(runs: Runs): Moments {
  const sum = wholeSumOfRuns(runs);
  const n = runs.n;
  if (sum !== null) {
    const mean = toNearest(sum, n);
    const [s, ss] = deviationsOfRuns(runs, mean);
    return { sum: toIntegerJson(sum), mean, stddev: toStddev(ss, s, n) };
  }
  const total = compensatedSumOfRuns(runs);
  const m = total / n;
  if (!Number.isFinite(m)) return { sum: total, mean: m, stddev: n < 2 ? null : NaN };
  const [s, ss] = deviationsOfRuns(runs, m);
  return { sum: total, mean: m + s / n, stddev: toStddev(ss, s, n) };
}

/**
 * wholeSum's answer: the exact sum when every value is whole, else null. When |value| · n stays
 * below 2^53 every product and partial sum is exact in a double; beyond, wholeSum's own loop is
 * run term by term (the same carries, the same refusals).
 */
function wholeSumOfRuns({ values, counts, n }: Runs): bigint | null {
  let largest = 0;
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    if (v !== Math.floor(v)) return null; // fractions and NaN
    largest = Math.max(largest, Math.abs(v));
  }
  if (largest * n < TWO_53) {
    let sum = 0;
    for (let r = 0; r < values.length; r++) sum += values[r] * counts[r];
    return BigInt(sum);
  }
  let s = 0,
    carry = 0;
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    for (let j = counts[r]; j > 0; j--) {
      const t = s + v;
      if (t >= TWO_53) {
        if (v > TWO_53) return null;
        s = s - TWO_53 + v;
        carry++;
      } else if (t <= -TWO_53) {
        if (v < -TWO_53) return null;
        s = s + TWO_53 + v;
        carry--;
      } else {
        s = t;
      }
    }
  }
  return BigInt(carry) * BigInt(TWO_53) + BigInt(s);
}

/** compensatedSum (Neumaier) term by term over the expanded values. */
function compensatedSumOfRuns({ values, counts }: Runs): number {
  let sum = 0,
    c = 0;
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    for (let j = counts[r]; j > 0; j--) {
      const t = sum + v;
      c += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
      sum = t;
    }
  }
  return sum + c;
}

/** deviations: [Σd, Σd²] over d = x − centre, plain sums within each block of BLOCK sorted values. */
function deviationsOfRuns({ values, counts }: Runs, centre: number): [number, number] {
  const acc = createAccumulator();
  let s = 0,
    ss = 0,
    k = 0; // values in the current block
  for (let r = 0; r < values.length; r++) {
    const d = values[r] - centre,
      dd = d * d;
    for (let left = counts[r]; left > 0; ) {
      const take = Math.min(left, BLOCK - k);
      for (let j = 0; j < take; j++) {
        s += d;
        ss += dd;
      }
      k += take;
      left -= take;
      if (k === BLOCK) {
        acc.add(s, ss);
        s = 0;
        ss = 0;
        k = 0;
      }
    }
  }
  if (k > 0) acc.add(s, ss);
  return acc.result();
}
