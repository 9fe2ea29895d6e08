// Ranks of a float column whose values are decimals of a few places (prices, readings): from their scaled integers, no sort.

/** The scales tried: values with at most 6 decimal places. */
const SCALES = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
/** How many kept values choose the scale before one pass checks it on all of them. */
const SAMPLE = 64;

/**
 * What workers/group/radix.ts's rankFloats gives (each kept row's rank among the distinct non-null kept
 * values, nulls ranked last, and those values ascending) when every kept value v is r / s exactly for
 * an integer r and one scale s = 10^j, j ≤ 6, and the r span at most `4 · kept rows + 2^20` slots;
 * else null (rankFloats then sorts). Also null for a NaN, an infinity or a -0, which rankFloats handles.
 *
 * Why: a float column with few decimal places (`x` in bench/lib/wide.ts: 3 places, 1M values) is
 * ranked in rankFloats by an LSD radix argsort of the kept values, ~40% of grouping a 2-D clustered
 * dist at 10M rows. Here r = round(v · s) is each value's position in a short integer range, so a
 * presence table over the range and its running count give the ranks in three passes over the rows.
 * r / s === v for every row is checked, so a value maps back to itself exactly and r orders like v.
 * `step` runs between passes (see rankFloats). Memory: 5 bytes a kept row (the r, then the ranks in place; a presence flag) and 4 a slot of the range.
 */
export function decimalRanks(
  values: Float64Array | Int32Array,
  validity: Uint8Array | null,
  offset: number,
  sel: Int32Array,
  step: () => void = () => {},
): { ranks: Int32Array; uniq: Float64Array } | null {
  const m = sel.length;
  // Per kept row 1 when its value is present (no null): the loops below then have no bit test.
  const present = new Uint8Array(m).fill(1);
  if (validity !== null)
    for (let p = 0; p < m; p++) {
      const b = offset + sel[p];
      present[p] = (validity[b >> 3] >> (b & 7)) & 1;
    }
  step();
  const scale = chooseScale(values, sel, present);
  if (scale === 0) return null;
  const ranks = new Int32Array(m);
  const max = 2 ** 31 - 1;
  let lo = max,
    hi = -max;
  for (let p = 0; p < m; p++) {
    if (present[p] === 0) continue;
    const v = values[sel[p]];
    const r = Math.round(v * scale);
    if (!(r / scale === v && r <= max && r >= -max) || (v === 0 && 1 / v < 0)) return null;
    ranks[p] = r;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
  }
  step();
  const span = lo > hi ? 0 : hi - lo + 1;
  if (span > 4 * m + 2 ** 20) return null;
  const slot = new Int32Array(span);
  for (let p = 0; p < m; p++) if (present[p] === 1) slot[ranks[p] - lo] = 1;
  step();
  let u = 0;
  for (let k = 0; k < span; k++) if (slot[k] === 1) slot[k] = ++u; // 1 + the rank of a present value
  const uniq = new Float64Array(u);
  for (let k = 0; k < span; k++) if (slot[k] > 0) uniq[slot[k] - 1] = (lo + k) / scale;
  step();
  for (let p = 0; p < m; p++) ranks[p] = present[p] === 1 ? slot[ranks[p] - lo] - 1 : u;
  return { ranks, uniq };
}

/** The smallest scale that makes the first SAMPLE kept values integers exactly, or 0 when none does. */
function chooseScale(values: Float64Array | Int32Array, sel: Int32Array, present: Uint8Array): number {
  const sample: number[] = [];
  for (let p = 0; p < sel.length && sample.length < SAMPLE; p++) if (present[p] === 1) sample.push(values[sel[p]]);
  for (const s of SCALES) if (sample.every((v) => Math.round(v * s) / s === v)) return s;
  return 0;
}
