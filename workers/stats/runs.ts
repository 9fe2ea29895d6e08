// Stats of a column's sorted values held as runs (value, count), exactly as statsOfSorted gives them over the expanded array.
import { createExactSum } from '../../src/common/exact-sum.ts';
import { QUANTILES, quantileCont, toEmptyStats } from '../../src/common/stats-shape.ts';
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { isWhole } from './exact.ts';
import { type Moments, momentsOfTotals } from './moments.ts';

/** Ascending distinct values and how many times each occurs (counts ≥ 1), `n` values in all. */
export type Runs = { values: Float64Array; counts: ArrayLike<number>; n: number };

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

/** momentsOf (workers/stats/moments.ts) over the n ≥ 1 values the runs stand for: the same exact sums, each run added count times. */
export function momentsOfRuns(runs: Runs): Moments {
  const acc = createExactSum();
  for (let r = 0; r < runs.values.length; r++) acc.addTimes(runs.values[r], runs.counts[r]);
  return momentsOfTotals(acc.toTotals(), runs.n, false, () => isWhole(runs.values));
}
