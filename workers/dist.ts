// A whole distribution (API.md §7): grouped counts, sorted, then outliers and clusters for numbers.
import type { DistParams, DistPoint, DistResult } from '../src/contract/tasks.ts';
import { analysePoints } from './cluster.ts';
import type { ColumnView } from './columns.ts';
import { groupCounts, type Groups } from './group.ts';

/**
 * Groups the masked records by `cols` and shapes the result. `size` counts the groups before
 * clustering, outliers included. Outliers and clustering run only when `params.numeric`, and
 * only over points without a null value; those stay in `data`. They see the points in value
 * order, so `sort` changes the order of the answer, never its clusters. Clustered `data` holds
 * the centroids and the points with a null value, together in the order of the requested sort.
 */
export function distribution(cols: ColumnView[], mask: Uint8Array | null, params: DistParams): DistResult {
  return shapeDistribution(groupCounts(cols, mask, { nulls: params.nulls, maxGroups: params.maxGroups }), params);
}

/** Sorts counted groups, sets outliers aside and clusters them, as `distribution` does: whoever counted them. */
export function shapeDistribution(groups: Groups, params: DistParams): DistResult {
  const result: DistResult = { size: 0, clustered: false, data: [], outliers: [], tooMany: false, badN: null };
  if (groups.tooMany) return { ...result, tooMany: true };
  result.size = groups.size;
  const order = sortGroups(groups, params.sort);
  const point = (g: number): DistPoint => ({
    count: groups.counts[g],
    values: groups.dims.map((d) => (d.ranks[g] === d.values.length ? null : d.values[d.ranks[g]])),
  });
  if (!params.numeric || groups.size === 0) {
    result.data = order.map(point);
    return result;
  }

  // Points in value order whatever the sort, so the clusters do not depend on it.
  const dims = groups.dims.length;
  const isComplete = (g: number) => groups.dims.every((d) => d.ranks[g] < d.values.length);
  const complete = Array.from({ length: groups.size }, (_, g) => g).filter(isComplete);
  const points = new Float64Array(complete.length * dims),
    counts = new Float64Array(complete.length);
  complete.forEach((g, i) => {
    groups.dims.forEach((d, k) => {
      if (d.numbers === null) throw new Error('A numeric distribution needs numeric columns.');
      points[i * dims + k] = d.numbers[d.ranks[g]];
    });
    counts[i] = groups.counts[g];
  });
  const analysis = analysePoints(points, counts, dims, { cluster: params.cluster, n: params.n });
  result.badN = analysis.badN;
  const outlying = new Set(analysis.outliers.map((i) => complete[i]));
  result.outliers = order.filter((g) => outlying.has(g)).map(point);
  if (analysis.clusters === null) {
    result.data = order.filter((g) => !outlying.has(g)).map(point);
    return result;
  }
  const { values, counts: weighted, k } = analysis.clusters;
  const centroids: DistPoint[] = [];
  for (let j = 0; j < k; j++)
    centroids.push({ count: weighted[j], values: Array.from(values.subarray(j * dims, (j + 1) * dims)) });
  // Centroids and the points with a null value form one list, in the requested order.
  result.clustered = true;
  result.data = [...centroids, ...order.filter((g) => !isComplete(g)).map(point)].sort(
    params.sort === 'count' ? (a, b) => b.count - a.count || byValues(a, b) : byValues,
  );
  return result;
}

/** Group indexes in output order: groups already come by values; `count` sorts stably by count, descending. */
function sortGroups(groups: Groups, sort: DistParams['sort']): number[] {
  const order = Array.from({ length: groups.size }, (_, g) => g);
  if (sort === 'count') order.sort((a, b) => groups.counts[b] - groups.counts[a]);
  return order;
}

/** Ascending by dimension values, a null after every value (API.md §7). */
function byValues(a: DistPoint, b: DistPoint): number {
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
