// Builder for string columns: keeps each value's source text in a dictionary (char/text, mixed kinds).
import type { ColumnBuilder } from './builder.ts';
import { isInexact } from '../values/classify.ts';
import type { Column } from '../core/column.ts';
import { createInterner, intern, internBytes, stringTypeOf } from '../core/dictionary.ts';
import { unsupportedValue } from '../core/errors.ts';
import { createI32, createValidity, finishValidity, markNull, pushI32 } from './growable.ts';

/** A builder that stores values as text; JSON numbers and booleans become String(v). */
export function createVerbatimBuilder(file: string, name: string, type: 'char' | 'text' | null): ColumnBuilder {
  const dict = createInterner();
  const codes = createI32();
  const validity = createValidity();
  let inexact = false;

  const pushNull = () => {
    markNull(validity, codes.length);
    pushI32(codes, 0);
  };
  return {
    name,
    length: () => codes.length,
    pushText(s) {
      if (s === '') pushNull();
      else pushI32(codes, intern(dict, s));
    },
    pushBlock(block, col) {
      const { bytes, bounds, width, rows } = block;
      for (let r = 0, k = 2 * col; r < rows; r++, k += 2 * width) {
        const start = bounds[k],
          end = bounds[k + 1];
        if (end < 0) this.pushText(block.texts[k >> 1]);
        else if (start === end) pushNull();
        else pushI32(codes, internBytes(dict, bytes, start, end));
      }
    },
    reserve() {},
    pushValue(v) {
      if (v === null || v === undefined) return pushNull();
      if (typeof v === 'object') throw unsupportedValue(file, codes.length + 1, name, v);
      if (typeof v === 'number' && isInexact(v)) inexact = true;
      pushI32(codes, intern(dict, typeof v === 'string' ? v : String(v)));
    },
    padTo(rows) {
      while (codes.length < rows) pushNull();
    },
    status: () => ({ conflict: false, inexact }),
    finish(): Column {
      const length = codes.length;
      return {
        name,
        type: type ?? stringTypeOf(dict.values),
        length,
        validity: finishValidity(validity, length),
        nullCount: validity.nullCount,
        values: codes.data.slice(0, length),
        dictionary: dict.values,
      };
    },
  };
}
