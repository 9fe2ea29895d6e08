// Linked brushing (API.md §16): a brushed view's index, the base's rows sorted by the brushed column and each chart's groups in that order.
import type { BrushChart, BrushView } from '../../src/contract/brush.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import type { TableView } from '../table/columns.ts';
import { keptRows, type Ranked, rankDim, shared } from './dims.ts';
import { contextMask } from '../mask/mask.ts';
import { rankFloats } from '../group/radix.ts';
import { yieldToRequests } from '../yield.ts';

/** Most groups a chart's index holds (its codes fit Uint16); a chart with more is answered by a scan. */
export const MAX_CHART_GROUPS = 1 << 16;
/** Most rank tuples a chart's dimensions may span before the present ones are numbered. */
const MAX_TUPLES = 1 << 24;

/**
 * The rows `base` keeps whose value in `column` is not null, sorted by that value: the distinct
 * values ascending (`uniq`), where each one's rows start in the order (`starts`), and the rows.
 * Null when the column is not a Float64 or Int32 one (64-bit integers are scanned) or holds a NaN.
 * Memory: 4 bytes a kept row and 12 a distinct value, in shared memory (every thread reads it).
 */
export function brushView(table: TableView, base: ContextNode | null, column: string): BrushView | null {
  const col = table.column(column);
  if (col.kind !== 'f64' && col.kind !== 'i32') return null;
  // Between passes over the rows, a build on the background thread gives way to requests (workers/yield.ts).
  const mask = contextMask(table, base);
  yieldToRequests();
  const sel = keptRows(mask, table.rows);
  yieldToRequests();
  const ranked = rankFloats(col.values as Float64Array | Int32Array, col.validity, col.offset, sel, yieldToRequests);
  if (ranked === null) return null;
  const { ranks, uniq } = ranked;
  const u = uniq.length;
  const starts = new Int32Array(new SharedArrayBuffer(4 * (u + 1)));
  inSlices(ranks.length, (from, to) => {
    for (let p = from; p < to; p++) if (ranks[p] < u) starts[ranks[p] + 1]++;
  });
  for (let j = 0; j < u; j++) starts[j + 1] += starts[j];
  const rows = new Int32Array(new SharedArrayBuffer(4 * starts[u]));
  const next = starts.slice(0, u);
  inSlices(ranks.length, (from, to) => {
    for (let p = from; p < to; p++) {
      const r = ranks[p];
      if (r < u) rows[next[r]++] = sel[p];
    }
  });
  const values = new Float64Array(new SharedArrayBuffer(8 * u));
  values.set(uniq);
  return {
    size: rows.length,
    uniq: values,
    starts,
    rows,
    bytes: values.byteLength + starts.byteLength + rows.byteLength,
  };
}

/**
 * One chart's groups over a view, in the view's order: each position's group code (groups numbered in
 * the order of their values, dimension by dimension, nulls last: the order a scan lists them in) and
 * the running count of every group at each `block`-th position. Null when a dimension is a 64-bit
 * integer, a float dimension holds a NaN, or there are more than MAX_CHART_GROUPS groups.
 */
export function brushChart(table: TableView, view: BrushView, columns: string[], axes: AxisSpec[]): BrushChart | null {
  const rows = view.rows;
  const m = rows.length,
    n = table.rows;
  // Ranks and keys row by row (sequential reads), over every row of the table: a group no row of the
  // view holds is counted 0 and never shown.
  const dims: (Ranked | null)[] = columns.map((c, d) => {
    const dim = rankDim(table.column(c), axes[d] ?? { kind: 'exact' }, n);
    yieldToRequests();
    return dim;
  });
  if (dims.some((d) => d === null)) return null;
  const ranked = dims as Ranked[];
  const tuples = ranked.reduce((p, d) => p * d.card, 1);
  if (tuples > MAX_TUPLES) return null;
  // Each row's tuple as one key in lexicographic order of the ranks; the present keys numbered in order.
  const keys = ranked.length === 1 ? ranked[0].ranks : new Int32Array(n);
  if (ranked.length > 1)
    for (const d of ranked)
      inSlices(n, (from, to) => {
        for (let i = from; i < to; i++) keys[i] = keys[i] * d.card + d.ranks[i];
      });
  const codeOf = new Int32Array(tuples).fill(-1);
  inSlices(n, (from, to) => {
    for (let i = from; i < to; i++) codeOf[keys[i]] = 0;
  });
  let card = 0;
  for (let k = 0; k < tuples; k++) if (codeOf[k] === 0) codeOf[k] = card++;
  if (card > MAX_CHART_GROUPS) return null;
  // Each row's code in a compact array, then gathered in the view's order: the one pass of random
  // reads, over 1 or 2 bytes a row rather than the columns' 4 or 8.
  const small = card <= 256;
  const byRow = small ? new Uint8Array(n) : new Uint16Array(n);
  inSlices(n, (from, to) => {
    for (let i = from; i < to; i++) byRow[i] = codeOf[keys[i]];
  });
  const codes = small ? shared(Uint8Array, m) : shared(Uint16Array, m);
  inSlices(m, (from, to) => gather(byRow, rows, codes, from, to));
  // Per group, its rank in every dimension, and whether one of them is null (the last rank).
  const groupRanks = ranked.map(() => shared(Int32Array, card));
  const withNull = shared(Uint8Array, card);
  for (let k = 0; k < tuples; k++) {
    const g = codeOf[k];
    if (g < 0) continue;
    for (let d = ranked.length - 1, rest = k; d >= 0; d--) {
      const r = rest % ranked[d].card;
      rest = (rest - r) / ranked[d].card;
      groupRanks[d][g] = r;
      if (r === ranked[d].card - 1) withNull[g] = 1;
    }
  }
  // A block of at least 8 positions a group: the marks take at most half a byte a position.
  let block = 2048;
  while (block < 8 * card) block *= 2;
  const marks = shared(Uint32Array, (Math.floor(m / block) + 1) * card);
  const running = new Uint32Array(card);
  for (let start = 0, k = 0; start <= m; start += block, k++) {
    marks.set(running, k * card);
    const end = Math.min(m, start + block);
    for (let p = start; p < end; p++) running[codes[p]]++;
    if (start % SLICE > end % SLICE) yieldToRequests();
  }
  const out = ranked.map((d, i) => ({ kind: d.kind, column: columns[i], values: d.values, ranks: groupRanks[i] }));
  const bytes =
    codes.byteLength +
    marks.byteLength +
    withNull.byteLength +
    out.reduce((n, d) => n + d.ranks.byteLength + (d.values?.byteLength ?? 0), 0);
  return { card, block, codes, marks, withNull, dims: out, bytes };
}

/** out[p] = from[rows[p]], p in [start, end). */
function gather(
  from: Uint8Array | Uint16Array,
  rows: Int32Array,
  out: Uint8Array | Uint16Array,
  start: number,
  end: number,
): void {
  for (let p = start; p < end; p++) out[p] = from[rows[p]];
}

/** Rows a build passes over between two pause points (a few ms of work). */
const SLICE = 1 << 20;

/** body(from, to) over [0, n) in slices of SLICE, giving way to requests after each (workers/yield.ts). */
function inSlices(n: number, body: (from: number, to: number) => void): void {
  for (let from = 0; from < n; from += SLICE) {
    body(from, Math.min(n, from + SLICE));
    yieldToRequests();
  }
}
