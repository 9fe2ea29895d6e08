// Arrow C Data Interface reader: parquet-wasm's decoded batches read from WebAssembly memory, no IPC copy.
import * as arrow from 'apache-arrow';

// Struct layouts on wasm32 (pointers are 4 bytes, int64 fields 8-byte aligned):
// ArrowSchema { format@0, name@4, metadata@8, flags@16 (i64), n_children@24 (i64), children@32, dictionary@36, ... }
// ArrowArray  { length@0, null_count@8, offset@16, n_buffers@24, n_children@32 (all i64), buffers@40, children@44, dictionary@48, ... }

type Field = { name: string; type: arrow.DataType; nullable: boolean };

// makeData's overloads want a statically known type; here the type is only known at run time.
const makeData = arrow.makeData as unknown as (props: Record<string, unknown>) => arrow.Data;

/** Columns read through the C Data Interface: each column's chunks, one per batch. */
export type FfiColumns = { fields: arrow.Field[]; chunks: (readonly arrow.Data[])[]; rows: number };

type ViewType = { new (b: ArrayBuffer, o: number, n: number): ArrayBufferView & { slice(): ArrayBufferView } };

/**
 * The columns of the batches at `arrayAddrs` (struct arrays, one per batch) described by the struct
 * schema at `schemaAddr`, or null when a column's format is one this reader does not know (the caller
 * falls back to IPC). With `copy` every buffer is copied into JS memory; without it the Data alias
 * wasm memory and must be consumed before wasm runs again (its memory may grow and move).
 */
export function readFfiColumns(
  memory: { buffer: ArrayBuffer },
  arrayAddrs: ArrayLike<number>,
  schemaAddr: number,
  copy: boolean,
): FfiColumns | null {
  const view = new DataView(memory.buffer);
  const mem = memory.buffer;
  const buf = (Type: ViewType, p: number, n: number) => (copy ? new Type(mem, p, n).slice() : new Type(mem, p, n));
  const cstr = (p: number) => {
    const bytes = new Uint8Array(mem, p);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  };
  const ptr = (p: number) => view.getUint32(p, true);
  const i64 = (p: number) => Number(view.getBigInt64(p, true));

  function typeOf(s: number): arrow.DataType | null {
    const format = cstr(ptr(s));
    const dict = ptr(s + 36);
    const base = scalarType(format);
    if (!dict) return base;
    const value = typeOf(dict);
    return base && value && arrow.DataType.isInt(base) ? new arrow.Dictionary(value, base as arrow.Int32) : null;
  }

  const rootChildren = ptr(schemaAddr + 32);
  const fields: Field[] = [];
  for (let c = 0; c < i64(schemaAddr + 24); c++) {
    const s = ptr(rootChildren + 4 * c);
    const type = typeOf(s);
    if (!type) return null;
    fields.push({ name: cstr(ptr(s + 4)), type, nullable: (i64(s + 16) & 2) !== 0 });
  }

  function dataOf(a: number, type: arrow.DataType): arrow.Data {
    const length = i64(a),
      nullCount = i64(a + 8),
      offset = i64(a + 16);
    const buffers = ptr(a + 40);
    const buffer = (k: number) => ptr(buffers + 4 * k);
    const end = offset + length;
    const nullBitmap = buffer(0) ? buf(Uint8Array, buffer(0), (end + 7) >> 3) : undefined;
    const base = { type, offset, length, nullCount: nullBitmap ? nullCount : 0, nullBitmap };
    if (arrow.DataType.isDictionary(type)) {
      const dictionary = arrow.makeVector(dataOf(ptr(a + 48), type.dictionary));
      return makeData({ ...base, data: valuesView(type.indices, buffer(1), end), dictionary });
    }
    if (arrow.DataType.isUtf8(type) || arrow.DataType.isLargeUtf8(type)) {
      const large = arrow.DataType.isLargeUtf8(type);
      const valueOffsets = buf(large ? BigInt64Array : Int32Array, buffer(1), end + 1) as Int32Array | BigInt64Array;
      const data = buf(Uint8Array, buffer(2), Number(valueOffsets[end]));
      return makeData({ ...base, valueOffsets, data });
    }
    if (arrow.DataType.isNull(type)) return makeData({ type, offset, length, nullCount: length });
    return makeData({ ...base, data: valuesView(type, buffer(1), end) });
  }

  function valuesView(type: arrow.DataType, p: number, end: number): ArrayBufferView {
    if (arrow.DataType.isBool(type)) return buf(Uint8Array, p, (end + 7) >> 3);
    if (arrow.DataType.isDecimal(type)) return buf(Uint32Array, p, end * (type.bitWidth / 32));
    return buf(type.ArrayType as unknown as ViewType, p, end);
  }

  const chunks: arrow.Data[][] = fields.map(() => []);
  let rows = 0;
  for (let b = 0; b < arrayAddrs.length; b++) {
    const a = arrayAddrs[b];
    const children = ptr(a + 44);
    fields.forEach((f, c) => {
      chunks[c].push(dataOf(ptr(children + 4 * c), f.type));
    });
    rows += i64(a);
  }
  return { fields: fields.map((f) => new arrow.Field(f.name, f.type, f.nullable)), chunks, rows };
}

const SCALARS: Record<string, () => arrow.DataType> = {
  n: () => new arrow.Null(),
  b: () => new arrow.Bool(),
  c: () => new arrow.Int8(),
  C: () => new arrow.Uint8(),
  s: () => new arrow.Int16(),
  S: () => new arrow.Uint16(),
  i: () => new arrow.Int32(),
  I: () => new arrow.Uint32(),
  l: () => new arrow.Int64(),
  L: () => new arrow.Uint64(),
  e: () => new arrow.Float16(),
  f: () => new arrow.Float32(),
  g: () => new arrow.Float64(),
  u: () => new arrow.Utf8(),
  U: () => new arrow.LargeUtf8(),
  tdD: () => new arrow.DateDay(),
  tdm: () => new arrow.DateMillisecond(),
  tts: () => new arrow.TimeSecond(),
  ttm: () => new arrow.TimeMillisecond(),
  ttu: () => new arrow.TimeMicrosecond(),
  ttn: () => new arrow.TimeNanosecond(),
};
const TIMESTAMP_UNITS: Record<string, arrow.TimeUnit> = {
  s: arrow.TimeUnit.SECOND,
  m: arrow.TimeUnit.MILLISECOND,
  u: arrow.TimeUnit.MICROSECOND,
  n: arrow.TimeUnit.NANOSECOND,
};

/** The Arrow type of a C Data Interface format string, or null when unsupported here. */
export function scalarType(format: string): arrow.DataType | null {
  const make = SCALARS[format];
  if (make) return make();
  const ts = /^ts([smun]):(.*)$/.exec(format);
  if (ts) return new arrow.Timestamp(TIMESTAMP_UNITS[ts[1]], ts[2] || null);
  const dec = /^d:(\d+),(-?\d+)(?:,(\d+))?$/.exec(format);
  if (dec) return new arrow.Decimal(Number(dec[2]), Number(dec[1]), Number(dec[3] ?? 128));
  return null;
}
