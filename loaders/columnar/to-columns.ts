// Arrow tables (from IPC or Parquet) → loader columns: source Arrow types mapped to internal types.
import { toEcho } from '../../src/common/echo.ts';
import * as arrow from 'apache-arrow';
import { basename } from 'node:path';
import type { ChunkConverter, ColumnSpec } from './chunks.ts';
import { createConverter } from './chunks.ts';
import type { Column, LoadOptions } from '../core/column.ts';
import { LoadError } from '../core/errors.ts';
import { recastColumn } from './override.ts';
import { createDateConverter, createTimeConverter, createTimestampConverter } from './temporal.ts';
import { createStringConverter } from './strings.ts';
import { createDecimalConverter, createInt64Converter } from './wide.ts';

/** The columns of an Arrow table in schema order, each mapped to its internal type and override. */
export function columnsOfTable(table: arrow.Table, path: string, opts: LoadOptions): Column[] {
  const converters = createConverters(table.schema.fields, table.numRows, path, opts);
  converters.forEach((c, i) => {
    for (const d of table.getChildAt(i)!.data) c.add(d);
  });
  return finishConverters(converters, table.schema.fields, path, opts);
}

/** One converter per field; throws LoadError up front for a type that cannot be loaded. */
export function createConverters(
  fields: readonly arrow.Field[],
  rows: number,
  path: string,
  opts: LoadOptions,
): ChunkConverter[] {
  const file = basename(path);
  return fields.map((f) => converterFor({ file, name: f.name, type: f.type, rows, override: opts.columns?.[f.name] }));
}

/** The finished columns, with overrides applied. */
export function finishConverters(
  converters: ChunkConverter[],
  fields: readonly arrow.Field[],
  path: string,
  opts: LoadOptions,
): Column[] {
  const file = basename(path);
  return converters.map((c, i) => {
    const override = opts.columns?.[fields[i].name];
    const natural = c.finish();
    return override ? recastColumn(natural, override, file) : natural;
  });
}

function converterFor(spec: ColumnSpec): ChunkConverter {
  const t = spec.type;
  if (arrow.DataType.isNull(t))
    return createConverter(
      spec,
      () => {},
      (base) => ({ ...base, type: 'char', values: new Int32Array(spec.rows), dictionary: [] }),
    );
  if (arrow.DataType.isInt(t))
    return t.bitWidth === 64 ? createInt64Converter(spec, !t.isSigned) : createNumberConverter(spec, 'integer');
  if (arrow.DataType.isFloat(t)) return createNumberConverter(spec, 'float');
  if (arrow.DataType.isBool(t)) return createBoolConverter(spec);
  if (arrow.DataType.isDecimal(t)) return createDecimalConverter(spec, t.scale, t.bitWidth);
  if (arrow.DataType.isDate(t)) return createDateConverter(spec, t.unit);
  if (arrow.DataType.isTimestamp(t)) return createTimestampConverter(spec, t.unit);
  if (arrow.DataType.isTime(t)) return createTimeConverter(spec, t.unit, t.bitWidth);
  const isString = (x: arrow.DataType) => arrow.DataType.isUtf8(x) || arrow.DataType.isLargeUtf8(x);
  if (isString(t) || (arrow.DataType.isDictionary(t) && isString(t.dictionary))) return createStringConverter(spec);
  throw new LoadError(
    `${spec.file}: column ${toEcho(spec.name)} has Arrow type ${t}, which cannot be loaded. Convert it to a number, string, boolean, date or time column, or drop it.`,
  );
}

/**
 * Integers of up to 32 bits (16 unsigned) are copied straight into Int32 storage (see
 * loaders/core/narrow.ts), never held as doubles; a Uint32 column as doubles, narrowed later if it fits.
 */
function createNumberConverter(spec: ColumnSpec, type: 'integer' | 'float'): ChunkConverter {
  const source = spec.type as arrow.Int;
  const int32 = arrow.DataType.isInt(source) && (source.isSigned ? source.bitWidth <= 32 : source.bitWidth <= 16);
  const out = int32 ? new Int32Array(spec.rows) : new Float64Array(spec.rows);
  const t = spec.type as arrow.Float;
  const single = arrow.DataType.isFloat(t) && t.precision === arrow.Precision.SINGLE;
  const half = arrow.DataType.isFloat(t) && t.precision === arrow.Precision.HALF;
  const shortest = new Map<number, number>();
  return createConverter(
    spec,
    (data, at) => {
      const values = data.values as Int32Array | Float64Array;
      // Doubles and integers of up to 32 bits are exact as doubles: one native converting copy.
      if (!half && !single) return out.set(values.subarray(data.offset, data.offset + data.length), at);
      for (let i = 0; i < data.length; i++) {
        const x = values[data.offset + i];
        out[at + i] = half ? arrow.util.uint16ToFloat64(x) : shortestSingle(x, shortest);
      }
    },
    (base) => ({ ...base, type, values: out, dictionary: null }),
  );
}

// A Float32 widened to double shows float noise (0.1f is 0.10000000149011612); take the shortest
// decimal that rounds back to the same Float32, as the file's writer would have printed it.
function shortestSingle(x: number, cache: Map<number, number>): number {
  let y = cache.get(x);
  if (y !== undefined) return y;
  y = x;
  if (Number.isFinite(x) && x !== 0) {
    for (let p = 1; p <= 9; p++) {
      const candidate = Number(x.toPrecision(p));
      if (Math.fround(candidate) === x) {
        y = candidate;
        break;
      }
    }
  }
  if (cache.size < 1 << 20) cache.set(x, y);
  return y;
}

function createBoolConverter(spec: ColumnSpec): ChunkConverter {
  const out = new Uint8Array((spec.rows + 7) >> 3);
  return createConverter(
    spec,
    (data, at) => {
      const bits = data.values as Uint8Array;
      for (let i = 0; i < data.length; i++) {
        const j = data.offset + i,
          r = at + i;
        if (bits[j >> 3] & (1 << (j & 7))) out[r >> 3] |= 1 << (r & 7);
      }
    },
    (base) => ({ ...base, type: 'boolean', values: out, dictionary: null }),
  );
}
