// Test helper: API.md §7 + §13 written the obvious way (plain arrays, BigInt sums, plain Lloyd): the oracle for clustered distributions.
import { exact } from '../../helpers/exact.ts';

export type OraclePoint = { count: number; values: (number | null)[] };
export type OracleResult = { size: number; cells: number | null; data: OraclePoint[]; outliers: OraclePoint[] };

/** Groups of rows (a null is a value; rows with one are dropped unless `nulls`), sorted by values, nulls last. */
export function oracleGroups(rows: (number | null)[][], nulls: boolean): OraclePoint[] {
  const counts = new Map<string, OraclePoint>();
  for (const r of rows) {
    if (!nulls && r.includes(null)) continue;
    const key = JSON.stringify(r);
    const g = counts.get(key);
    if (g) g.count++;
    else counts.set(key, { count: 1, values: [...r] });
  }
  return [...counts.values()].sort((a, b) => byValues(a.values, b.values));
}

export function byValues(a: (number | null)[], b: (number | null)[]): number {
  for (let d = 0; d < a.length; d++) {
    if (a[d] === b[d]) continue;
    if (a[d] === null) return 1;
    if (b[d] === null) return -1;
    return (a[d] as number) - (b[d] as number);
  }
  return 0;
}

/** The clustered distribution of the rows with `maxPoints` = M (sort by values). */
export function oracleDistribution(rows: (number | null)[][], maxPoints: number, nulls = false): OracleResult {
  const groups = oracleGroups(rows, nulls);
  const complete = groups.filter((g) => !g.values.includes(null));
  const dims = rows[0].length;
  const pts = complete.map((g) => g.values as number[]);
  // 1. normalise by the population deviation over the groups
  // (API.md §8 "correctly rounded": from exact sums, rounded once)
  const std = Array.from({ length: dims }, (_, d) => Math.sqrt(exactVariance(pts.map((p) => p[d]))));
  const z = pts.map((p) => p.map((v, d) => (std[d] === 0 ? 0 : v / std[d])));
  // 2. outliers: distance to the mean point ≥ 3 × the mean distance
  const centre = Array.from({ length: dims }, (_, d) => exactMean(z.map((p) => p[d])));
  const dist = z.map((p) => Math.sqrt(p.reduce((s, v, d) => s + (v - centre[d]) ** 2, 0)));
  const meanDist = exactMean(dist);
  const isOut = dist.map((x) => meanDist > 0 && x >= 3 * meanDist);
  let points = z.filter((_, i) => !isOut[i]);
  let counts = complete.filter((_, i) => !isOut[i]).map((g) => g.count);
  // §13: the grid
  let cells: number | null = null;
  if (points.length > maxPoints) {
    let side = 1;
    while ((side + 1) ** dims <= maxPoints) side++;
    const lo = Array.from({ length: dims }, (_, d) => points.reduce((m, p) => Math.min(m, p[d]), Infinity));
    const hi = Array.from({ length: dims }, (_, d) => points.reduce((m, p) => Math.max(m, p[d]), -Infinity));
    const byCell = new Map<number, { w: number; sums: bigint[] }>();
    points.forEach((p, i) => {
      let cell = 0;
      for (let d = 0; d < dims; d++) {
        const c = hi[d] === lo[d] ? 0 : Math.min(side - 1, Math.floor(((p[d] - lo[d]) / (hi[d] - lo[d])) * side));
        cell = cell * side + c;
      }
      const e = byCell.get(cell) ?? { w: 0, sums: new Array<bigint>(dims).fill(0n) };
      e.w += counts[i];
      for (let d = 0; d < dims; d++) e.sums[d] += BigInt(counts[i]) * exact(p[d]);
      byCell.set(cell, e);
    });
    const ordered = [...byCell.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    points = ordered.map((e) => e.sums.map((s) => toDouble(s, BigInt(e.w), 1074)));
    counts = ordered.map((e) => e.w);
    cells = points.length;
  }
  const outliers = complete.filter((_, i) => isOut[i]);
  const withNull = groups.filter((g) => g.values.includes(null));
  // 3. k-means: seeds from each dimension sorted on its own, plain Lloyd
  const k = Math.max(1, Math.floor(Math.sqrt(Math.floor(points.length / 2))));
  const step = Math.floor(points.length / k);
  const sortedDims = Array.from({ length: dims }, (_, d) => points.map((p) => p[d]).sort((a, b) => a - b));
  const seeds = Array.from({ length: k }, (_, j) => sortedDims.map((col) => col[Math.floor(step / 2) + j * step]));
  const { centroids, assignment } = plainLloyd(points, seeds);
  // 4. centroids in original units, counts weighted by distance
  const d = points.map((p, i) => Math.sqrt(p.reduce((s, v, k2) => s + (v - centroids[assignment[i]][k2]) ** 2, 0)));
  const total = centroids.map(() => 0);
  points.forEach((_, i) => {
    total[assignment[i]] += d[i];
  });
  const weighted = centroids.map(() => 0);
  points.forEach((_, i) => {
    const c = assignment[i];
    weighted[c] += total[c] === 0 ? counts[i] : (1 - d[i] / total[c]) * counts[i];
  });
  const data: OraclePoint[] = centroids.map((c, j) => ({
    count: Math.floor(weighted[j]),
    values: c.map((v, k2) => (std[k2] === 0 ? pts[0][k2] : v * std[k2])),
  }));
  return {
    size: groups.length,
    cells,
    data: [...data, ...withNull].sort((a, b) => byValues(a.values, b.values)),
    outliers,
  };
}

/** Lloyd's iterations, ties to the lower index, empty clusters dropped, at most 100 assignment passes. */
function plainLloyd(points: number[][], seeds: number[][]) {
  const nearest = (p: number[], cs: number[][]) => {
    let best = -1,
      bd = Infinity;
    cs.forEach((c, j) => {
      let ss = 0;
      for (let d = 0; d < p.length; d++) ss += (p[d] - c[d]) * (p[d] - c[d]);
      if (ss < bd) {
        bd = ss;
        best = j;
      }
    });
    return best;
  };
  let centroids = seeds;
  let assignment = points.map((p) => nearest(p, centroids));
  for (let passes = 1; ; ) {
    const sums = centroids.map(() => new Array<number>(points[0].length).fill(0));
    const sizes = centroids.map(() => 0);
    points.forEach((p, i) => {
      sizes[assignment[i]]++;
      p.forEach((v, d) => {
        sums[assignment[i]][d] += v;
      });
    });
    const remap: number[] = [];
    let kept = 0;
    sizes.forEach((s, j) => {
      remap[j] = s > 0 ? kept++ : -1;
    });
    centroids = sums.flatMap((s, j) => (sizes[j] > 0 ? [s.map((v) => v / sizes[j])] : []));
    assignment = assignment.map((a) => remap[a]);
    if (passes >= 100) break;
    const next = points.map((p) => nearest(p, centroids));
    passes++;
    const changed = next.some((c, i) => c !== assignment[i]);
    assignment = next;
    if (!changed) break;
  }
  return { centroids, assignment };
}

// Exact arithmetic for the oracle, independent of src/common/exact-*.ts: a double as a BigInt
// multiple of 2^-1074, and a quotient rounded by Number(BigInt) (which rounds to nearest, ties
// to even) after folding the remainder into a sticky bit far below the rounding position.
function toDouble(p: bigint, q: bigint, scale: number): number {
  if (p === 0n) return 0;
  const neg = p < 0n;
  const a = neg ? -p : p;
  const k = 120 - (a.toString(2).length - q.toString(2).length); // ≥ 120 bits of quotient
  const num = k >= 0 ? a << BigInt(k) : a >> BigInt(-k);
  let r = num / q;
  if (r * q !== num || (k < 0 && num << BigInt(-k) !== a)) r |= 1n;
  const x = Number(r) * 2 ** -(k + scale);
  return neg ? -x : x;
}
function exactMean(xs: number[]): number {
  return toDouble(
    xs.reduce((s, x) => s + exact(x), 0n),
    BigInt(xs.length),
    1074,
  );
}
function exactVariance(xs: number[]): number {
  const n = BigInt(xs.length),
    s = xs.reduce((a, x) => a + exact(x), 0n),
    q = xs.reduce((a, x) => a + exact(x) ** 2n, 0n);
  return toDouble(n * q - s * s, n * n, 2148);
}
