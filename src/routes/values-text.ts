// A values page's items written straight as JSON text: numbers and dates with their default labels.
import { toDateString } from '../common/dates.ts';
import type { Field, InternalType } from '../contract/model.ts';
import type { FieldValues } from '../snapshot/field-values.ts';

const NUMBERS: ReadonlySet<InternalType> = new Set(['integer', 'float', 'decimal', 'key']);

/**
 * The JSON text of value i's item, `{"value":…,"label":"…","count":n}`, byte for byte what
 * JSON.stringify(item(i)) gives, for a field without a label column whose values are numbers or
 * dates; null for any other field. Why: a page of many numbers (aware `limit=0` over a float
 * column, 400,000 values) spent most of its main-thread time making an object per item, its
 * label as String(value), then JSON.stringify writing the same digits again; written as text
 * here it took ~0.65× the CPU (bench/README.md, issue 19). A finite number's JSON is String(v),
 * which needs no escape between quotes; a date's is its YYYY-MM-DD text, digits and dashes. Any
 * other value (a non-finite number, a key stored as text) is JSON.stringify(item(i)).
 */
export function toItemText(
  field: Field,
  vals: FieldValues,
  item: (i: number) => unknown,
): ((i: number) => string) | null {
  if (field.label_column !== null) return null;
  const { values, counts } = vals;
  const date = field.internal_type === 'date';
  if (!date && !NUMBERS.has(field.internal_type)) return null;
  return (i) => {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return JSON.stringify(item(i));
    if (date) {
      const s = toDateString(v);
      return `{"value":"${s}","label":"${s}","count":${counts[i]}}`;
    }
    const s = String(v);
    return `{"value":${s},"label":"${s}","count":${counts[i]}}`;
  };
}
