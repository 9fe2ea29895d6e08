// Linked brushing (API.md §16): a range on one field's histogram or period chart, its conditions, and its edges.
import { toBinEdges, toPeriodEnd, type Unit } from './charts/axes.ts';
import { toAxisValue } from './charts/common.ts';
import type { Dist, Field } from './types.ts';
import type { Condition } from './view.ts';

/**
 * A brushed range of a field, in the field's JSON form (numbers; dates, datetimes and times as the
 * API writes them): `from` ≤ value < `to`, or ≤ `to` when `closed` (the last bin of a histogram holds
 * its upper edge, API.md §13). Always bin- or period-aligned: its edges are the chart's.
 */
export type Brush = { field: number; from: number | string; to: number | string; closed: boolean };

/** The brush as the two conditions every request sends: gte from, and lt (lte when closed) to. */
export function toBrushConditions(b: Brush): Condition[] {
  return [
    { field: b.field, operator: 'gte', value: b.from },
    { field: b.field, operator: b.closed ? 'lte' : 'lt', value: b.to },
  ];
}

/** A brush from its URL form, or null when it is not one. */
export function toBrush(raw: string | null): Brush | null {
  if (!raw) return null;
  try {
    const b = JSON.parse(raw);
    const ok = (v: unknown) => typeof v === 'number' || typeof v === 'string';
    if (Number.isInteger(b?.field) && ok(b.from) && ok(b.to))
      return { field: b.field, from: b.from, to: b.to, closed: b.closed === true };
  } catch {
    // not a brush
  }
  return null;
}

export const sameBrush = (a: Brush | null, b: Brush | null) =>
  a === b ||
  (a !== null && b !== null && a.field === b.field && a.from === b.from && a.to === b.to && a.closed === b.closed);

/**
 * The edges a brush snaps to on a chart's axis (numbers, or Dates for periods), ascending, and the
 * edge that closes the last bin (null when none does). From the groups the chart draws: a bin's
 * edges are read from its label as the service wrote them, a period's from its start and unit.
 */
export type BrushAxis = { edges: (number | Date)[]; closedAt: number | Date | null; field: Field };

/** The brush axis of a histogram (`width` its bins' width) or a period chart (`unit` its period). */
export function toBrushAxis(dist: Dist, field: Field, kind: 'histogram' | 'periods'): BrushAxis {
  const axis = dist.axes?.[0];
  const edges = new Map<number, number | Date>();
  let closedAt: number | Date | null = null;
  for (const p of dist.data) {
    const v = p.values[0];
    if (v === null) continue;
    if (kind === 'histogram') {
      const [lo, hi] = toBinEdges(v as number, p.labels[0], axis?.bins?.width ?? 0);
      edges.set(lo, lo);
      edges.set(hi, hi);
      if (p.labels[0].endsWith(']')) closedAt = hi;
    } else {
      const start = toAxisValue(v, p.labels[0], field);
      if (!(start instanceof Date)) continue;
      const end = toPeriodEnd(start, (axis?.interval ?? 'day') as Unit);
      edges.set(start.getTime(), start);
      edges.set(end.getTime(), end);
    }
  }
  const sorted = [...edges.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
  return { edges: sorted, closedAt, field };
}

const n = (e: number | Date) => (e instanceof Date ? e.getTime() : e);

/**
 * The brush between two positions on the axis (any order): from the last edge at or below the lower
 * one to the first edge above the upper one, so a press inside a bin brushes that bin. Null when
 * the axis has fewer than two edges.
 */
export function toSnappedBrush(axis: BrushAxis, a: number | Date, b: number | Date): Brush | null {
  const { edges } = axis;
  if (edges.length < 2) return null;
  const lo = Math.min(n(a), n(b)),
    hi = Math.max(n(a), n(b));
  let i = 0;
  while (i + 1 < edges.length - 1 && n(edges[i + 1]) <= lo) i++;
  let j = edges.length - 1;
  while (j - 1 > i && n(edges[j - 1]) > hi) j--;
  return toEdgeBrush(axis, i, j);
}

/** The brush from edge i to edge j (i < j). */
export function toEdgeBrush(axis: BrushAxis, i: number, j: number): Brush {
  const { edges, closedAt, field } = axis;
  const to = edges[j];
  // The end of a time of day's last hour or minute is midnight of the next day: up to 23:59:59.999.
  if (field.simple_type === 'time' && n(to) >= 86_400_000)
    return { field: field.id, from: toJsonForm(edges[i], field), to: '23:59:59.999', closed: true };
  return {
    field: field.id,
    from: toJsonForm(edges[i], field),
    to: toJsonForm(to, field),
    closed: closedAt !== null && n(closedAt) === n(to),
  };
}

/** The indices of a brush's edges on the axis (the nearest ones), or null when it is not on this axis. */
export function toEdgeIndices(axis: BrushAxis, b: Brush): [number, number] | null {
  if (b.field !== axis.field.id) return null;
  const at = (v: number | string) => {
    const x = n(fromJsonForm(v, axis.field));
    let best = -1;
    for (let k = 0; k < axis.edges.length; k++)
      if (best < 0 || Math.abs(n(axis.edges[k]) - x) < Math.abs(n(axis.edges[best]) - x)) best = k;
    return best;
  };
  const i = at(b.from),
    j = at(b.to);
  return i >= 0 && j > i ? [i, j] : null;
}

/** An edge in the field's JSON form: a number, or a date, datetime or time as the API writes it. */
export function toJsonForm(e: number | Date, field: Field): number | string {
  if (!(e instanceof Date)) return e;
  const iso = e.toISOString();
  if (field.simple_type === 'date') return iso.slice(0, 10);
  if (field.simple_type === 'time') return iso.slice(11, 23);
  return iso.slice(0, 23);
}

/** A brush value on the chart's axis (the reverse of toJsonForm). */
export function fromJsonForm(v: number | string, field: Field): number | Date {
  const x = toAxisValue(v, String(v), field);
  return x instanceof Date || typeof x === 'number' ? x : Number.NaN;
}
