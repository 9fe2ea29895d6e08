// Linked brushing (API.md §16): a range of the brushed column counted from a view's index, as a scan would count it.
import type { BrushChart, BrushRange, BrushView } from '../../src/contract/brush.ts';
import type { DistinctResult, DistParams, DistResult } from '../../src/contract/tasks.ts';
import type { TableView } from '../table/columns.ts';
import { toGroupLimit } from '../../src/contract/limits.ts';
import { shapeDistribution } from '../dist/dist.ts';
import type { Groups } from '../group/group.ts';

/**
 * The positions of the view's order whose value satisfies every condition of `range`: [lo, hi), by
 * binary searches over the distinct values (the comparisons of workers/mask-numbers.ts, so an Int32
 * column's `lt 2.5` is `≤ 2` there and here). Empty when the conditions exclude each other.
 */
export function toPositions(view: BrushView, range: BrushRange): [number, number] {
  const { uniq, starts } = view;
  let lo = 0,
    hi = view.size;
  const from = (j: number) => (lo = Math.max(lo, starts[j]));
  const upTo = (j: number) => (hi = Math.min(hi, starts[j]));
  for (const { operator, value } of range) {
    if (operator === 'range') {
      const [a, b] = value as number[];
      from(firstAtLeast(uniq, a));
      upTo(firstAbove(uniq, b));
    } else if (operator === 'gte') from(firstAtLeast(uniq, value as number));
    else if (operator === 'gt') from(firstAbove(uniq, value as number));
    else if (operator === 'lt') upTo(firstAtLeast(uniq, value as number));
    else upTo(firstAbove(uniq, value as number));
  }
  return [lo, Math.max(lo, hi)];
}

/** Index of the first value ≥ x (values.length when none). */
function firstAtLeast(values: Float64Array, x: number): number {
  let lo = 0,
    hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Index of the first value > x (values.length when none). */
function firstAbove(values: Float64Array, x: number): number {
  let lo = 0,
    hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Records per group of `chart` at positions [lo, hi): the difference of the marks at the first and
 * last block edges inside the range, plus the positions before and after them (at most a block on
 * each side); a range shorter than a block is counted position by position.
 */
export function countRange(chart: BrushChart, lo: number, hi: number): Float64Array {
  const { card, block, codes, marks } = chart;
  const out = new Float64Array(card);
  const a = Math.ceil(lo / block),
    b = Math.floor(hi / block);
  if (a >= b) {
    for (let p = lo; p < hi; p++) out[codes[p]]++;
    return out;
  }
  for (let g = 0; g < card; g++) out[g] = marks[b * card + g] - marks[a * card + g];
  for (let p = lo, end = a * block; p < end; p++) out[codes[p]]++;
  for (let p = b * block; p < hi; p++) out[codes[p]]++;
  return out;
}

/** The groups a scan would count under the range (workers/group.ts's Groups), nulls kept or dropped. */
export function brushGroups(
  table: TableView,
  view: BrushView,
  chart: BrushChart,
  range: BrushRange,
  nulls: boolean,
): Groups {
  const [lo, hi] = toPositions(view, range);
  const counts = countRange(chart, lo, hi);
  const { card, withNull } = chart;
  const kept = new Int32Array(card);
  let size = 0;
  for (let g = 0; g < card; g++) {
    kept[size] = g;
    size += +(counts[g] > 0 && (nulls || withNull[g] === 0));
  }
  const kc = new Float64Array(size);
  for (let j = 0; j < size; j++) kc[j] = counts[kept[j]];
  return {
    size,
    counts: kc,
    tooMany: false,
    dims: chart.dims.map((d) => {
      const ranks = new Int32Array(size);
      for (let j = 0; j < size; j++) ranks[j] = d.ranks[kept[j]];
      if (d.kind === 'number') return { values: d.values!, numbers: d.values, ranks };
      if (d.kind === 'bool') return { values: [0, 1], numbers: Float64Array.of(0, 1), ranks };
      return { values: table.column(d.column).dictionary!, numbers: null, ranks };
    }),
  };
}

/** A distribution from the index: the groups, then the shaping every scan ends with (workers/dist/dist.ts). */
export function brushDistribution(
  table: TableView,
  view: BrushView,
  chart: BrushChart,
  range: BrushRange,
  params: DistParams,
): DistResult {
  const groups = brushGroups(table, view, chart, range, params.nulls);
  return shapeDistribution(groups.size > toGroupLimit(params) ? { ...groups, tooMany: true } : groups, params);
}

/** A column's distinct values and counts from its 1-D chart (workers/distinct.ts's answer), nulls counted apart. */
export function brushDistinct(table: TableView, view: BrushView, chart: BrushChart, range: BrushRange): DistinctResult {
  const groups = brushGroups(table, view, chart, range, true);
  const [dim] = groups.dims;
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  for (let g = 0; g < groups.size; g++) {
    const r = dim.ranks[g];
    if (r === dim.values.length) out.nullCount = groups.counts[g];
    else {
      out.values.push(dim.values[r]);
      out.counts.push(groups.counts[g]);
    }
  }
  return out;
}
