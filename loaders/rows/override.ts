// Builder for overridden columns: converts each value to the override type as it arrives, or fails on its row.
import type { InternalType } from '../../src/contract/model.ts';
import type { ColumnBuilder } from './builder.ts';
import { cellText } from './builder.ts';
import { isInexact } from '../values/classify.ts';
import type { Column } from '../core/column.ts';
import { storageOf } from '../../src/contract/storage.ts';
import type { Source } from '../values/convert.ts';
import { conversionError, converterFor } from '../values/convert.ts';
import { unsupportedValue } from '../core/errors.ts';
import type { F64, I64 } from './growable.ts';
import { createF64, createI64, createValidity, finishValidity, markNull, pushF64, pushI64 } from './growable.ts';
import { packBits } from '../../src/common/bitmap.ts';

/** A builder for a non-string override type; an empty string (CSV or JSON) is null. */
export function createCastingBuilder(file: string, name: string, type: InternalType): ColumnBuilder {
  const convert = converterFor(type);
  const big = type === 'biginteger';
  const f64: F64 = createF64(big ? 0 : 1024);
  const i64: I64 = createI64(big ? 1024 : 0);
  const validity = createValidity();
  let length = 0,
    inexact = false;

  const pushNull = () => {
    markNull(validity, length++);
    if (big) pushI64(i64, 0n);
    else pushF64(f64, 0);
  };
  const push = (v: Source) => {
    const x = convert(v);
    if (x === undefined) throw conversionError(file, length + 1, name, v, type);
    length++;
    if (big) pushI64(i64, x as bigint);
    else pushF64(f64, x as number);
  };
  return {
    name,
    length: () => length,
    pushText(s) {
      if (s === '') pushNull();
      else push(s);
    },
    pushBlock(block, col) {
      for (let r = 0; r < block.rows; r++) this.pushText(cellText(block, r, col));
    },
    reserve() {},
    pushValue(v) {
      if (v === null || v === undefined || v === '') return pushNull();
      if (typeof v === 'object') throw unsupportedValue(file, length + 1, name, v);
      if (typeof v === 'number' && isInexact(v)) inexact = true;
      push(v as Source);
    },
    padTo(rows) {
      while (length < rows) pushNull();
    },
    status: () => ({ conflict: false, inexact }),
    finish(): Column {
      const bits = finishValidity(validity, length);
      const base = { name, type, length, validity: bits, nullCount: validity.nullCount, dictionary: null };
      if (big) return { ...base, values: i64.data.slice(0, length) };
      const values = f64.data.subarray(0, length);
      const storage = storageOf(type);
      if (storage === 'bool') return { ...base, values: packBits(values) };
      if (storage === 'i32') return { ...base, values: Int32Array.from(values) };
      return { ...base, values: values.slice() };
    },
  };
}
