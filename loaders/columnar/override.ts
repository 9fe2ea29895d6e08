// Type overrides for Arrow and Parquet columns: a column in its source type → the override type.
import type { InternalType } from '../../src/contract/model.ts';
import type { Column } from '../core/column.ts';
import { storageOf } from '../../src/contract/storage.ts';
import type { Source } from '../values/convert.ts';
import { conversionError, converterFor } from '../values/convert.ts';
import { createInterner, intern } from '../core/dictionary.ts';
import { isBitSet } from '../../src/common/bitmap.ts';
import { createValidity, finishValidity, markNull } from '../rows/growable.ts';
import { toDateString, toTimeString } from '../../src/common/dates.ts';
import { formatDateTime } from '../values/temporal.ts';

/**
 * Converts every value of a column to `type`, failing on the first value that cannot convert.
 * String columns convert each distinct value once; an empty string becomes null.
 */
export function recastColumn(col: Column, type: InternalType, file: string): Column {
  if (col.type === type) return col;
  if ((type === 'char' || type === 'text') && col.dictionary) return { ...col, type };
  const convert = converterFor(type);
  const valueAt = readerOf(col);
  const converted = col.dictionary?.map((s) => (s === '' ? null : convert(s)));
  const validity = createValidity();
  const out = createOutput(type, col.length);
  for (let i = 0; i < col.length; i++) {
    if (!isBitSet(col.validity, i)) {
      markNull(validity, i);
      continue;
    }
    const x = converted ? converted[(col.values as Int32Array)[i]] : convert(valueAt(i));
    if (x === null) {
      markNull(validity, i);
      continue;
    }
    if (x === undefined) throw conversionError(file, i + 1, col.name, valueAt(i), type);
    out.set(i, x);
  }
  return {
    name: col.name,
    type,
    length: col.length,
    validity: finishValidity(validity, col.length),
    nullCount: validity.nullCount,
    values: out.values,
    dictionary: out.dictionary,
  };
}

// Each source value as the converters take it: numbers, bigints and booleans as they are, temporal
// values as ISO text (so date ↔ datetime and friends go through the same parsers as text files).
function readerOf(col: Column): (i: number) => Source {
  const v = col.values;
  if (col.dictionary) {
    const d = col.dictionary;
    return (i) => d[(v as Int32Array)[i]];
  }
  switch (col.type) {
    case 'biginteger':
      return (i) => (v as BigInt64Array)[i];
    case 'boolean':
      return (i) => ((v as Uint8Array)[i >> 3] & (1 << (i & 7))) !== 0;
    case 'date':
      return (i) => toDateString((v as Int32Array)[i]);
    case 'time':
      return (i) => toTimeString((v as Int32Array)[i]);
    case 'datetime':
      return (i) => formatDateTime((v as Float64Array)[i]);
    default:
      return (i) => (v as Float64Array)[i];
  }
}

type Output = {
  values: Column['values'];
  dictionary: string[] | null;
  set(i: number, x: number | bigint | string): void;
};

function createOutput(type: InternalType, length: number): Output {
  switch (storageOf(type)) {
    case 'dict': {
      const strings = createInterner(),
        codes = new Int32Array(length);
      return {
        values: codes,
        dictionary: strings.values,
        set: (i, x) => {
          codes[i] = intern(strings, x as string);
        },
      };
    }
    case 'i64': {
      const values = new BigInt64Array(length);
      return {
        values,
        dictionary: null,
        set: (i, x) => {
          values[i] = x as bigint;
        },
      };
    }
    case 'bool': {
      const values = new Uint8Array((length + 7) >> 3);
      return {
        values,
        dictionary: null,
        set: (i, x) => {
          if (x) values[i >> 3] |= 1 << (i & 7);
        },
      };
    }
    case 'i32': {
      const values = new Int32Array(length);
      return {
        values,
        dictionary: null,
        set: (i, x) => {
          values[i] = x as number;
        },
      };
    }
    case 'f64': {
      const values = new Float64Array(length);
      return {
        values,
        dictionary: null,
        set: (i, x) => {
          values[i] = x as number;
        },
      };
    }
  }
}
