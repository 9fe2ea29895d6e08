// The engine's one ranking of grouped rows (API.md §7, §14): what the engine counted per key, as the workers' Groups.
import type { ShapeGroups } from '../contract/tasks.ts';
import { toComparator, type ValueKind } from './sql/values.ts';

/** One axis of grouped rows: how its keys travel (their order) and whether they are numbers. */
export type GroupAxis = { kind: ValueKind; numeric: boolean };

/**
 * Rows of (one key per axis, in storage units or null, then the count) as workers/group's Groups:
 * per axis its distinct keys ascending (src/common/order.ts), each row's rank in them (nulls last),
 * rows in rank order. Table and tree distributions both shape their engine rows here.
 */
export function toRankedGroups(rows: (number | string | null)[][], axes: readonly GroupAxis[]): ShapeGroups {
  const dims = axes.map((axis, d) => {
    const compare = toComparator(axis.kind);
    const values = [...new Set(rows.map((r) => r[d]).filter((v): v is number | string => v !== null))].sort(compare);
    const rank = new Map(values.map((v, i) => [v, i]));
    const numbers = axis.numeric ? Float64Array.from(values, (v) => Number(v)) : null;
    return { values, numbers, rank };
  });
  const ranked = rows.map((r) => ({
    ranks: dims.map((dim, d) => (r[d] === null ? dim.values.length : dim.rank.get(r[d] as number | string)!)),
    count: r[axes.length] as number,
  }));
  ranked.sort((a, b) => {
    for (let d = 0; d < dims.length; d++) if (a.ranks[d] !== b.ranks[d]) return a.ranks[d] - b.ranks[d];
    return 0;
  });
  return {
    size: ranked.length,
    counts: Float64Array.from(ranked, (g) => g.count),
    tooMany: false,
    dims: dims.map((dim, d) => ({
      values: dim.values,
      numbers: dim.numbers,
      ranks: Int32Array.from(ranked, (g) => g.ranks[d]),
    })),
  };
}
