// Sum, mean and sample standard deviation of a numeric column's values (API.md §8).
import { int32Sum, int64Sum, toIntegerJson, toNearest, wholeSum } from './exact.ts';

/** `sum` is decimal text only for a sum of whole numbers beyond 2^53. */
export type Moments = { sum: number | string; mean: number; stddev: number | null };

const TWO_32 = 2 ** 32;
/** Deviations are summed plainly in blocks of this many sorted values (see `deviations`). */
export const BLOCK = 64;

/**
 * sum, mean and sample (n − 1) standard deviation of n ≥ 1 values.
 *
 * Whole numbers (every integer, key and biginteger column, and floats that happen to be whole)
 * get their exact sum, as a number up to 2^53 and decimal text beyond, and the exact mean
 * rounded once to a double. Other doubles get a compensated sum, the mean refined by a second
 * pass. Either way the deviation is the corrected two-pass one (Chan, Golub & LeVeque):
 * Σ(x − m)² − (Σ(x − m))²/n about the best double mean m, which is the exact sum of squares for
 * any m, so an m off by a rounding costs nothing, and a constant set gives exactly 0.
 */
export function momentsOf(sorted: Float64Array | Int32Array | BigInt64Array): Moments {
  if (sorted instanceof BigInt64Array) return int64Moments(sorted);
  if (sorted instanceof Int32Array) return wholeMoments(sorted, int32Sum(sorted));
  const sum = wholeSum(sorted);
  return sum === null ? floatMoments(sorted) : wholeMoments(sorted, sum);
}

// An Int32 column's values are the doubles a Float64 column of the same integers holds: the same
// exact sum (int32Sum, as wholeSum gives it), the same deviations in the same order, the same answer.
function wholeMoments(values: Float64Array | Int32Array, sum: bigint): Moments {
  const n = values.length;
  const mean = toNearest(sum, n);
  const [s, ss] = deviations(values, mean);
  return { sum: toIntegerJson(sum), mean, stddev: toStddev(ss, s, n) };
}

function floatMoments(values: Float64Array): Moments {
  const n = values.length,
    sum = compensatedSum(values);
  const m = sum / n;
  if (!Number.isFinite(m)) return { sum, mean: m, stddev: n < 2 ? null : NaN };
  const [s, ss] = deviations(values, m);
  return { sum, mean: m + s / n, stddev: toStddev(ss, s, n) };
}

/**
 * Beyond 2^53 a double cannot hold x − m, so each deviation is taken from an integer centre c
 * (the truncated mean) on the 32-bit words, where (x_hi − c_hi)·2^32 + (x_lo − c_lo) rounds
 * once, less the centre's distance to the mean, (sum − c·n)/n.
 */
function int64Moments(values: BigInt64Array): Moments {
  const n = values.length,
    sum = int64Sum(values);
  const centre = sum / BigInt(n);
  const offset = toNearest(sum - centre * BigInt(n), n);
  const cHi = Number(centre >> 32n),
    cLo = Number(BigInt.asUintN(32, centre));
  const lo = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const hi = new Int32Array(values.buffer, values.byteOffset, n * 2);
  const acc = createAccumulator();
  for (let start = 0; start < n; start += BLOCK) {
    const end = Math.min(n, start + BLOCK);
    let s = 0,
      ss = 0;
    for (let i = start; i < end; i++) {
      const d = (hi[2 * i + 1] - cHi) * TWO_32 + (lo[2 * i] - cLo) - offset;
      s += d;
      ss += d * d;
    }
    acc.add(s, ss);
  }
  const [s, ss] = acc.result();
  return { sum: toIntegerJson(sum), mean: toNearest(sum, n), stddev: toStddev(ss, s, n) };
}

/**
 * [Σd, Σd²] over d = x − centre. Values arrive sorted, so Σd runs far from 0 before it comes back,
 * and a plain running sum of 10M deviations drifts by ~1e-12 relative: blocks of 64 are summed
 * plainly and the block sums are added with Neumaier compensation (as accurate here as
 * compensating every term, and faster than the plain loop).
 */
function deviations(values: Float64Array | Int32Array, centre: number): [number, number] {
  const acc = createAccumulator();
  for (let start = 0; start < values.length; start += BLOCK) {
    const end = Math.min(values.length, start + BLOCK);
    let s = 0,
      ss = 0;
    for (let i = start; i < end; i++) {
      const d = values[i] - centre;
      s += d;
      ss += d * d;
    }
    acc.add(s, ss);
  }
  return acc.result();
}

/** √((Σd² − (Σd)²/n) / (n − 1)); null below two values. */
export function toStddev(squares: number, sum: number, n: number): number | null {
  if (n < 2) return null;
  return Math.sqrt(Math.max(0, squares - (sum * sum) / n) / (n - 1));
}

/** Neumaier-compensated sum, so large columns do not drift. */
function compensatedSum(values: Float64Array): number {
  let sum = 0,
    c = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i],
      t = sum + v;
    c += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + c;
}

/** Neumaier-compensated running sums of the block sums of d and of d². */
export function createAccumulator() {
  let s = 0,
    sc = 0,
    ss = 0,
    ssc = 0;
  return {
    add(ds: number, dss: number): void {
      let t = s + ds;
      sc += Math.abs(s) >= Math.abs(ds) ? s - t + ds : ds - t + s;
      s = t;
      t = ss + dss;
      ssc += ss >= dss ? ss - t + dss : dss - t + ss;
      ss = t;
    },
    result: (): [number, number] => [s + sc, ss + ssc],
  };
}
