// The answer of a split task from its parts' answers (src/parallel/split.ts): byte for byte the unsplit answer.
import type {
  DistinctPart,
  DistinctResult,
  DistResult,
  GroupsPart,
  SplitTask,
  StatsResult,
} from '../../src/contract/tasks.ts';
import { type ColumnView, openTable } from '../table/columns.ts';
import { toGroupLimit } from '../../src/contract/limits.ts';
import { shapeDistribution } from '../dist/dist.ts';
import { mergeStats, type StatsPart } from '../stats/parts.ts';
import { fromGroupsPart, mergeGroups } from './groups.ts';
import { type Compare, toCompare } from './order.ts';

/**
 * Distinct values are united by value, their counts summed; a distribution's groups are merged
 * by group, then shaped as one thread would (sort, outliers, clusters, the group limit judged on
 * the merged groups); stats parts as workers/stats-parts.ts says.
 */
export function mergeParts(task: SplitTask, parts: unknown[]): DistinctResult | DistResult | StatsResult {
  const table = openTable(task.table);
  switch (task.kind) {
    case 'distinct': {
      const distinct = parts as DistinctPart[];
      if (distinct.every((p) => 'codes' in p)) return mergeCodes(distinct, table.column(task.column));
      if (distinct.every((p) => 'values' in p && p.values instanceof Float64Array))
        return mergeNumbers(distinct as Extract<DistinctPart, { values: Float64Array }>[]);
      return mergeDistinct(distinct as DistinctResult[], toCompare(table.column(task.column)));
    }
    case 'stats':
      return mergeStats(table.column(task.column), parts as StatsPart[]);
    case 'dist': {
      const { columns, params } = task;
      const cols = columns.map((c) => table.column(c));
      const compares = cols.map((col, d) => toCompare(col, params.axes[d]));
      const counted = (parts as GroupsPart[]).map((p) => fromGroupsPart(p, cols));
      return shapeDistribution(mergeGroups(counted, compares, toGroupLimit(params)), params);
    }
  }
}

/** Distinct values of every part, ascending, with the counts of a value summed. */
export function mergeDistinct(parts: DistinctResult[], compare: Compare): DistinctResult {
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  for (const p of parts) out.nullCount += p.nullCount;
  const pos = new Int32Array(parts.length);
  for (;;) {
    let best = -1;
    for (let p = 0; p < parts.length; p++) {
      if (pos[p] === parts[p].values.length) continue;
      if (best < 0 || compare(parts[p].values[pos[p]], parts[best].values[pos[best]]) < 0) best = p;
    }
    if (best < 0) return out;
    const value = parts[best].values[pos[best]];
    let count = 0;
    for (let p = best; p < parts.length; p++) {
      if (pos[p] === parts[p].values.length || compare(parts[p].values[pos[p]], value) !== 0) continue;
      count += parts[p].counts[pos[p]++];
    }
    out.values.push(value);
    out.counts.push(count);
  }
}

/** A dict or bool column's counts per code summed over the parts, then its distinct values as distinctValues gives them. */
function mergeCodes(parts: { codes: Float64Array; nullCount: number }[], col: ColumnView): DistinctResult {
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  const sum = new Float64Array(parts[0].codes.length);
  for (const p of parts) {
    out.nullCount += p.nullCount;
    for (let c = 0; c < sum.length; c++) sum[c] += p.codes[c];
  }
  for (let c = 0; c < sum.length; c++) {
    if (sum[c] === 0) continue;
    out.values.push(col.kind === 'bool' ? c : col.dictionary![c]);
    out.counts.push(sum[c]);
  }
  return out;
}

/** Distinct numbers of every part (typed arrays, ascending), with the counts of a value summed. */
export function mergeNumbers(
  parts: { values: Float64Array; counts: Float64Array; nullCount: number }[],
): DistinctResult {
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  for (const p of parts) out.nullCount += p.nullCount;
  const pos = new Int32Array(parts.length);
  for (;;) {
    let value = Number.POSITIVE_INFINITY;
    let any = false;
    for (let p = 0; p < parts.length; p++) {
      if (pos[p] === parts[p].values.length) continue;
      const v = parts[p].values[pos[p]];
      if (!any || v < value) value = v;
      any = true;
    }
    if (!any) return out;
    let count = 0;
    let first: number | null = null;
    for (let p = 0; p < parts.length; p++) {
      if (pos[p] === parts[p].values.length || parts[p].values[pos[p]] !== value) continue;
      first ??= parts[p].values[pos[p]]; // -0 and 0 are one value; either prints 0
      count += parts[p].counts[pos[p]++];
    }
    out.values.push(first!);
    out.counts.push(count);
  }
}
