// A distribution's Arrow body (API.md §16): columns count, values_i, labels_i; size, clustered, cells, axes and outliers in the metadata.
import type { Field } from '../contract/model.ts';
import type { AxisSpec, DistAnswer } from '../contract/tasks.ts';
import { type ArrowColumn, type ArrowKind, toArrowBytes, toArrowKind } from '../http/arrow-body.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { type DistParams, toDistBody } from './dist-answer.ts';

/**
 * The Arrow IPC stream of a result that is not refused: one row per point of `data`, in its order,
 * with the same counts, values and labels as the JSON body; every other key of that body (`size`,
 * `clustered`, `cells`, `axes`, `outliers`) as JSON text in the schema's metadata.
 */
export function toDistArrowBytes(snapshot: Snapshot, p: DistParams, result: DistAnswer): Buffer {
  const { body, count, parts } = toDistBody(snapshot, p, result);
  const points = Array.from({ length: count }, (_, j) => parts(j));
  const { data: _data, ...metadata } = body;
  const columns: ArrowColumn[] = [{ name: 'count', kind: 'float64', at: (j) => points[j].count }];
  p.dims.forEach((d, i) => {
    const kind = toValueKind(d, p.params.axes[i], result.clustered);
    columns.push({ name: `values_${i}`, kind, at: (j) => points[j].stored[i] });
  });
  p.dims.forEach((_d, i) => {
    columns.push({ name: `labels_${i}`, kind: 'utf8', at: (j) => points[j].labels[i] });
  });
  return toArrowBytes(count, columns, metadata);
}

/** A dimension's column type: a bin's edge and a clustered number (a centroid) are Float64, a period's start its field's type, else the field's (toArrowKind). */
function toValueKind(field: Field, axis: AxisSpec, clustered: boolean): ArrowKind {
  if (axis.kind === 'bins') return 'float64';
  if (clustered && field.simple_type === 'number') return 'float64';
  return toArrowKind(field.internal_type);
}
