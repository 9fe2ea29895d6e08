// A distribution's Arrow body (API.md §16): columns count, values_i, labels_i (and suppressed); the body's other keys in the metadata.
import type { DisclosureRule } from '../contract/disclosure.ts';
import type { Field } from '../contract/model.ts';
import type { AxisSpec, DistAnswer } from '../contract/tasks.ts';
import { type ArrowColumn, type ArrowKind, toArrowBytes, toArrowKind } from '../http/arrow-body.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { discloseDist, SUPPRESSED_WHOLE } from './disclose.ts';
import { type DistParams, toDistBody } from './dist-answer.ts';

/**
 * The Arrow IPC stream of a result that is not refused: one row per point of `data`, in its order,
 * with the same counts, values and labels as the JSON body; every other key of that body (`size`,
 * `clustered`, `cells`, `axes`, `outliers`) as JSON text in the schema's metadata. Under the
 * small-count rule (`rule`, API.md §15) the counts are those the JSON body shows (discloseDist over
 * points and outliers at once): null where suppressed, with a `suppressed` column (true there, null
 * elsewhere: the JSON point has no such key) when any point of `data` is.
 */
export function toDistArrowBytes(
  snapshot: Snapshot,
  p: DistParams,
  result: DistAnswer,
  rule: DisclosureRule | null = null,
): Buffer {
  const { body, count, parts } = toDistBody(snapshot, p, result);
  const points = Array.from({ length: count }, (_, j) => parts(j));
  const { data: _data, ...metadata } = body;
  let counts: (number | null)[] = points.map((q) => q.count);
  if (rule) {
    const data = points.map((q) => ({ count: q.count, values: [], labels: [] }));
    const shown = discloseDist({ ...body, data, outliers: body.outliers as Shown['outliers'] }, rule);
    counts = shown.data.map((q) => q.count);
    metadata.outliers = shown.outliers;
  }
  const columns = toDistColumns(
    p,
    result.clustered,
    (j) => counts[j],
    (j) => points[j],
  );
  if (counts.includes(null)) columns.push({ name: 'suppressed', kind: 'bool', at: (j) => counts[j] === null || null });
  return toArrowBytes(count, columns, metadata);
}

/** The Arrow body of a distribution suppressed whole (API.md §15): its columns with no row, `suppressed: true` in the metadata. */
export function toSuppressedDistArrowBytes(p: DistParams): Buffer {
  const none = () => null as never;
  return toArrowBytes(0, toDistColumns(p, false, none, none), SUPPRESSED_WHOLE);
}

type Shown = Parameters<typeof discloseDist>[0];
type Parts = { stored: unknown[]; labels: string[] };

/** The columns count, values_0…, labels_0… of point j: `count(j)` and `point(j)`'s values and labels. */
function toDistColumns(
  p: DistParams,
  clustered: boolean,
  count: (j: number) => number | null,
  point: (j: number) => Parts,
): ArrowColumn[] {
  const columns: ArrowColumn[] = [{ name: 'count', kind: 'count', at: count }];
  p.dims.forEach((d, i) => {
    const kind = toValueKind(d, p.params.axes[i], clustered);
    columns.push({ name: `values_${i}`, kind, at: (j) => point(j).stored[i] });
  });
  p.dims.forEach((_d, i) => {
    columns.push({ name: `labels_${i}`, kind: 'label', at: (j) => point(j).labels[i] });
  });
  return columns;
}

/** A dimension's column type: a bin's edge and a clustered number (a centroid) are Float64, a period's start its field's type, else the field's (toArrowKind). */
function toValueKind(field: Field, axis: AxisSpec, clustered: boolean): ArrowKind {
  if (axis.kind === 'bins') return 'float64';
  if (clustered && field.simple_type === 'number') return 'float64';
  return toArrowKind(field.internal_type);
}
