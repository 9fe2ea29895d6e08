// A whole distribution (API.md §7, §13): grouped counts, sorted, then outliers and clusters for numbers.
import { toGroupLimit } from '../../src/contract/limits.ts';
import type { DistParams, DistPoint, DistResult } from '../../src/contract/tasks.ts';
import { toAxisColumn } from './axes.ts';
import { binnedGroups } from './binned.ts';
import { type Analysis, analysePoints } from '../cluster/cluster.ts';
import type { ColumnView } from '../table/columns.ts';
import { analyseGroups } from '../cluster/grid-groups.ts';
import { groupCounts, type Groups } from '../group/group.ts';
import { rangedPairGroups } from '../group/direct.ts';
import { type RangeFilter, rangedOffsetGroups } from '../group/ranged.ts';

/**
 * Groups the masked records by `cols` (binned or truncated first, as `params.axes` says) and
 * shapes the result. The group limit holds unless clustering applies (API.md §13).
 */
export function distribution(cols: ColumnView[], mask: Uint8Array | null, params: DistParams): DistResult {
  return shapeDistribution(distributionGroups(cols, mask, params), params);
}

/** The counted groups of a distribution, before shaping: `tooMany` past the group limit. */
export function distributionGroups(cols: ColumnView[], mask: Uint8Array | null, params: DistParams): Groups {
  const histogram =
    cols.length === 1 && params.axes[0] ? binnedGroups(cols[0], params.axes[0], mask, params.nulls) : null;
  if (histogram !== null) return histogram.size > toGroupLimit(params) ? { ...histogram, tooMany: true } : histogram;
  const axes = cols.map((c, d) => toAxisColumn(c, params.axes[d] ?? { kind: 'exact' }));
  return groupCounts(axes, mask, { nulls: params.nulls, maxGroups: toGroupLimit(params) });
}

/**
 * distributionGroups under a context that is one comparison on an Int32 column, counted without a
 * mask (workers/group/ranged.ts): one or two exact dimensions of Int32 columns (or codes) without
 * nulls; null where that path does not apply (the caller counts under the mask).
 */
export function rangedDistributionGroups(cols: ColumnView[], filter: RangeFilter, params: DistParams): Groups | null {
  if (cols.length > 2 || params.axes.some((a) => a !== undefined && a.kind !== 'exact')) return null;
  const opts = { nulls: params.nulls, maxGroups: toGroupLimit(params) };
  return cols.length === 1 ? rangedOffsetGroups(cols[0], filter, opts) : rangedPairGroups(cols, filter, opts);
}

/**
 * Sorts counted groups, sets outliers aside and clusters them: whoever counted them. `size`
 * counts the groups before clustering, outliers included. Outliers and clustering run only when
 * `params.numeric`, and only over points without a null value; those stay in `data` (at most
 * maxGroups of them). They see the points in value order, so `sort` changes the order of the
 * answer, never its clusters. Clustered `data` holds the centroids and the points with a null
 * value, together in the order of the requested sort. Only the groups that reach the answer
 * become objects: a clustered distribution may have tens of millions of groups.
 */
export function shapeDistribution(groups: Groups, params: DistParams): DistResult {
  const result: DistResult = { size: 0, clustered: false, data: [], outliers: [], tooMany: false, badN: null };
  if (groups.tooMany) return { ...result, tooMany: true };
  const size = (result.size = groups.size);
  const point = (g: number): DistPoint => ({
    count: groups.counts[g],
    values: groups.dims.map((d) => (d.ranks[g] === d.values.length ? null : d.values[d.ranks[g]])),
  });
  const inOrder = (ids: ArrayLike<number>) => sortGroups(groups, ids, params.sort).map(point);
  if (!params.numeric || size === 0) {
    result.data = inOrder(range(size));
    return result;
  }

  // Points in value order whatever the sort, so the clusters do not depend on it.
  const dims = groups.dims.length;
  const isNull = new Uint8Array(size);
  let nullGroups = 0;
  for (const d of groups.dims) markNulls(d.ranks, d.values.length, isNull);
  for (let g = 0; g < size; g++) nullGroups += isNull[g];
  if (nullGroups > params.maxGroups) return { ...result, size: 0, tooMany: true };
  if (groups.dims.some((d) => d.numbers === null)) throw new Error('A numeric distribution needs numeric columns.');
  const opts = { cluster: params.cluster, n: params.n, maxPoints: params.maxClusterPoints };
  // Millions of groups on §13's grid: straight from the groups (workers/cluster/grid-groups.ts), no point array.
  const gridded =
    nullGroups === 0 && params.cluster && size > params.maxClusterPoints
      ? analyseGroups(groups.dims, groups.counts, size, opts)
      : null;
  let complete: Int32Array | null = null;
  let analysis: Analysis;
  if (gridded !== null) analysis = gridded;
  else {
    const ids = (complete = new Int32Array(size - nullGroups));
    for (let g = 0, i = 0; g < size; g++) if (!isNull[g]) ids[i++] = g;
    const points = new Float64Array(ids.length * dims);
    for (let k = 0; k < dims; k++) toPoints(groups.dims[k].numbers!, groups.dims[k].ranks, ids, points, dims, k);
    const counts = nullGroups === 0 ? groups.counts : Float64Array.from(ids, (g) => groups.counts[g]);
    analysis = analysePoints(points, counts, dims, opts);
  }
  const toGroup = (i: number) => (complete === null ? i : complete[i]);
  result.badN = analysis.badN;
  result.outliers = inOrder(analysis.outliers.map(toGroup));
  if (analysis.clusters === null) {
    const isOutlier = new Uint8Array(size);
    for (const i of analysis.outliers) isOutlier[toGroup(i)] = 1;
    result.data = inOrder(range(size).filter((g) => !isOutlier[g]));
    return result;
  }
  const { values, counts: weighted, k } = analysis.clusters;
  const centroids: DistPoint[] = [];
  for (let j = 0; j < k; j++)
    centroids.push({ count: weighted[j], values: Array.from(values.subarray(j * dims, (j + 1) * dims)) });
  // Centroids and the points with a null value form one list, in the requested order.
  result.clustered = true;
  if (analysis.cells !== null) result.cells = analysis.cells;
  const withNull: number[] = [];
  for (let g = 0; g < size; g++) if (isNull[g]) withNull.push(g);
  result.data = [...centroids, ...withNull.map(point)].sort(
    params.sort === 'count' ? (a, b) => b.count - a.count || byValues(a, b) : byValues,
  );
  return result;
}

/** isNull[g] = 1 where a group's rank is the null rank. */
function markNulls(ranks: Int32Array, nullRank: number, isNull: Uint8Array): void {
  for (let g = 0; g < ranks.length; g++) if (ranks[g] === nullRank) isNull[g] = 1;
}

/** points[i·dims + k] = the value of group complete[i] in dimension k. */
function toPoints(
  numbers: Float64Array,
  ranks: Int32Array,
  complete: Int32Array,
  points: Float64Array,
  dims: number,
  k: number,
): void {
  for (let i = 0; i < complete.length; i++) points[i * dims + k] = numbers[ranks[complete[i]]];
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, g) => g);
}

/** Group ids (ascending, so by values) in output order: `count` sorts stably by count, descending. */
function sortGroups(groups: Groups, ids: ArrayLike<number>, sort: DistParams['sort']): number[] {
  const order = Array.from(ids);
  if (sort === 'count') order.sort((a, b) => groups.counts[b] - groups.counts[a]);
  return order;
}

/** Ascending by dimension values, a null after every value (API.md §7). */
export function byValues(a: DistPoint, b: DistPoint): number {
  for (let d = 0; d < a.values.length; d++) {
    const x = a.values[d] as number | null,
      y = b.values[d] as number | null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  }
  return 0;
}
