// A field's context-naive distinct values as the snapshot holds them: typed arrays where they can be, labels on demand.
import { toLabel } from '../common/values.ts';
import type { InternalType } from '../contract/model.ts';

/**
 * Context-naive distinct values of one field, ascending by value (API.md §4 order).
 *
 * Why typed arrays and labels on demand: a key column has as many distinct values as rows. At 10M
 * rows, plain arrays of its values and counts and an array of 10M label strings took ~500 MiB of the
 * main thread's heap (the label strings alone ~320 MiB) and seconds to make, for labels nobody reads
 * unless a page of that field's values is asked for. So numbers stay in a Float64Array (an Int32Array
 * when they are an Int32 column's own values, in order: workers/values/profile.ts) and counts in
 * a Uint32Array (views of a snapshot file's bytes when read from one), and a label is made when a
 * value is shown: `label(i)`; `labels()` makes them all once (search, lookups) and keeps them.
 */
export type FieldValues = Readonly<{
  values: ArrayLike<number | string>; // storage units (see src/contract/storage.ts)
  counts: ArrayLike<number>; // records carrying each value
  nullCount: number;
  /** The display label of value `i`. */
  label(i: number): string;
  /** Every label, in value order (made on first call, then kept). */
  labels(): readonly string[];
}>;

/** What makes the labels: a list (a label column's), or a function of the value (the default labels). */
export type LabelSource = readonly string[] | ((v: number | string) => string);

/** A FieldValues over `values` and `counts` (kept as given, not copied). */
export function toFieldValues(
  values: ArrayLike<number | string>,
  counts: ArrayLike<number>,
  nullCount: number,
  labels: LabelSource,
): FieldValues {
  if (typeof labels !== 'function') {
    const list = labels;
    return Object.freeze({ values, counts, nullCount, label: (i: number) => list[i], labels: () => list });
  }
  let all: readonly string[] | null = null;
  return Object.freeze({
    values,
    counts,
    nullCount,
    label: (i: number) => labels(values[i]),
    labels() {
      if (all) return all;
      const out = new Array<string>(values.length);
      for (let i = 0; i < values.length; i++) out[i] = labels(values[i]);
      all = Object.freeze(out);
      return all;
    },
  });
}

/** The default labels of a field of `type` (no label column): each value's string form (API.md §4). */
export function toDefaultLabels(type: InternalType): (v: number | string) => string {
  return (v) => toLabel(v, type);
}
