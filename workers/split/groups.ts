// The counted groups of a split distribution's parts, merged into the groups of all their rows.
import type { GroupsPart } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import type { Compare } from './order.ts';

/** Counted groups as workers/group/group.ts gives them (declared here, as direct.ts and offsets.ts do). */
export type Counted = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number | string>; numbers: Float64Array | null; ranks: Int32Array }[];
};
type Dim = Counted['dims'][number];

const TOO_MANY: Counted = Object.freeze({ size: 0, counts: new Float64Array(0), dims: [], tooMany: true });

/**
 * A part's groups as they cross threads: a dimension whose values are its column's dictionary
 * keeps its codes (no strings copied), any other keeps only the values some group refers to
 * (not a whole integer span); ranks follow, the null rank included (`values.length`).
 */
export function toGroupsPart(groups: Counted, cols: ColumnView[]): GroupsPart {
  if (groups.tooMany) return TOO_MANY;
  return {
    ...groups,
    dims: groups.dims.map((dim, d) => (dim.values === cols[d].dictionary ? { ...dim, values: null } : compactDim(dim))),
  };
}

/** A part's groups back on a worker: codes read through the column's dictionary (`cols[d]`). */
export function fromGroupsPart(part: GroupsPart, cols: ColumnView[]): Counted {
  if (part.tooMany) return TOO_MANY;
  return {
    ...part,
    dims: part.dims.map((dim, d) => (dim.values === null ? { ...dim, values: cols[d].dictionary! } : (dim as Dim))),
  };
}

function compactDim(dim: Dim): Dim {
  const card = dim.values.length;
  const map = new Int32Array(card + 1).fill(-1);
  for (let g = 0; g < dim.ranks.length; g++) map[dim.ranks[g]] = 0;
  const kept: number[] = [];
  for (let r = 0; r < card; r++) if (map[r] === 0) map[r] = kept.push(r) - 1;
  map[card] = kept.length;
  const values = ArrayBuffer.isView(dim.values)
    ? Float64Array.from(kept, (r) => dim.values[r] as number)
    : kept.map((r) => dim.values[r]);
  const numbers = dim.numbers === null ? null : Float64Array.from(kept, (r) => dim.numbers![r]);
  return { values, numbers, ranks: remap(dim.ranks, map) };
}

/**
 * The groups of every part's rows: each dimension's values united in order (`compares[d]`), each
 * part's ranks moved onto the united values, then the parts' groups (each list in ascending order
 * of rank tuples, nulls last) merged, the counts of one tuple summed. So the groups come out as
 * counting every row at once would give them; `tooMany` when a part had too many, or the merged
 * groups exceed `maxGroups`.
 */
export function mergeGroups(parts: Counted[], compares: Compare[], maxGroups: number): Counted {
  if (parts.some((p) => p.tooMany)) return TOO_MANY;
  const live = parts.filter((p) => p.size > 0);
  if (live.length <= 1) return (live[0] ?? parts[0]).size > maxGroups ? TOO_MANY : (live[0] ?? parts[0]);
  return mergeLive(live, compares, maxGroups);
}

function mergeLive(parts: Counted[], compares: Compare[], maxGroups: number): Counted {
  const dims = compares.map((compare, d) => uniteDim(parts, d, compare));
  const ranks = parts.map((p, i) => p.dims.map((dim, d) => remap(dim.ranks, dims[d].maps[i])));
  const total = parts.reduce((n, p) => n + p.size, 0);
  const counts = new Float64Array(total);
  const out = compares.map(() => new Int32Array(total));
  const pos = new Int32Array(parts.length);
  const D = compares.length;
  // Compares the tuple at pos[p] of part p with the tuple at index g of the output.
  const cmp = (p: number, g: number) => {
    for (let d = 0; d < D; d++) {
      const c = ranks[p][d][pos[p]] - out[d][g];
      if (c !== 0) return c;
    }
    return 0;
  };
  let g = 0;
  for (;;) {
    let best = -1;
    for (let p = 0; p < parts.length; p++) {
      if (pos[p] === parts[p].size) continue;
      if (best < 0 || cmp(p, g) < 0) {
        best = p;
        for (let d = 0; d < D; d++) out[d][g] = ranks[p][d][pos[p]];
      }
    }
    if (best < 0) break;
    for (let p = best; p < parts.length; p++) {
      if (pos[p] === parts[p].size || cmp(p, g) !== 0) continue;
      counts[g] += parts[p].counts[pos[p]++];
    }
    g++;
  }
  if (g > maxGroups) return TOO_MANY;
  return {
    size: g,
    counts: counts.subarray(0, g),
    tooMany: false,
    dims: dims.map((dim, d) => ({ values: dim.values, numbers: dim.numbers, ranks: out[d].subarray(0, g) })),
  };
}

/** One dimension's values over every part, ascending, and per part the map of its ranks onto them. */
function uniteDim(
  parts: Counted[],
  d: number,
  compare: Compare,
): { values: ArrayLike<number | string>; numbers: Float64Array | null; maps: Int32Array[] } {
  const lists = parts.map((p) => p.dims[d]);
  // Codes of one dictionary in every part: already one order, nothing to unite.
  const first = lists[0].values;
  if (lists.every((l) => l.values === first)) {
    const map = new Int32Array(first.length + 1);
    for (let r = 0; r < map.length; r++) map[r] = r;
    return { values: first, numbers: lists[0].numbers, maps: lists.map(() => map) };
  }
  const maps = lists.map((l) => new Int32Array(l.values.length + 1));
  const values: (number | string)[] = [];
  const numbers: number[] = [];
  const pos = new Int32Array(lists.length);
  for (;;) {
    let best = -1;
    for (let p = 0; p < lists.length; p++) {
      if (pos[p] === lists[p].values.length) continue;
      if (best < 0 || compare(lists[p].values[pos[p]], lists[best].values[pos[best]]) < 0) best = p;
    }
    if (best < 0) break;
    const value = lists[best].values[pos[best]];
    values.push(value);
    numbers.push(lists[best].numbers?.[pos[best]] ?? 0);
    for (let p = best; p < lists.length; p++) {
      if (pos[p] === lists[p].values.length || compare(lists[p].values[pos[p]], value) !== 0) continue;
      maps[p][pos[p]++] = values.length - 1;
    }
  }
  lists.forEach((l, p) => {
    maps[p][l.values.length] = values.length; // the null rank
  });
  return { values, numbers: lists[0]?.numbers ? Float64Array.from(numbers) : null, maps };
}

/** map[r] for every rank (a plain loop: a typed array's `from` with a function is several times slower). */
function remap(ranks: Int32Array, map: Int32Array): Int32Array {
  const out = new Int32Array(ranks.length);
  for (let g = 0; g < ranks.length; g++) out[g] = map[ranks[g]];
  return out;
}
