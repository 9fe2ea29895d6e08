// The Arrow columns of a body whose type its own values decide (API.md §16): count's and integer values' narrowest types, labels plain or as a dictionary.
import {
  type Data,
  Dictionary,
  Float64,
  Int8,
  Int16,
  Int32,
  makeData,
  makeVector,
  Uint8,
  Uint16,
  Uint32,
  Utf8,
} from 'apache-arrow';

/** A column's values read once, and its validity bitmap (bit set = valid; none when there are no nulls). */
export type Cells = { values: unknown[]; isValid: (j: number) => boolean; nullCount: number; nullBitmap?: Uint8Array };

/** The cells of `length` rows of a column whose value j is `at(j)` (null or undefined: a null). */
export function toCells(at: (j: number) => unknown, length: number): Cells {
  const values: unknown[] = new Array(length);
  const valid = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  for (let j = 0; j < length; j++) {
    const v = at(j);
    values[j] = v;
    if (v === null || v === undefined) nullCount++;
    else valid[j >> 3] |= 1 << (j & 7);
  }
  const isValid = (j: number) => ((valid[j >> 3] >> (j & 7)) & 1) === 1;
  return { values, isValid, nullCount, nullBitmap: nullCount > 0 ? valid : undefined };
}

/**
 * The type of a `count` column: the narrowest of Uint8, Uint16, Uint32 that holds its largest count,
 * Float64 when a count is 2^32 or more (exact: counts are whole numbers below 2^53). Decided by the
 * body's own counts, so every replica picks the same type; nulls (suppressed counts) take no part.
 * Why: a count is 8 bytes a point as Float64, and a point of a 1-D answer is ~25 bytes in all.
 */
export function toCountType(cells: Cells, length: number): Uint8 | Uint16 | Uint32 | Float64 {
  let max = 0;
  for (let j = 0; j < length; j++) {
    if (!cells.isValid(j)) continue;
    const c = Number(cells.values[j]);
    if (!(Number.isInteger(c) && c >= 0)) return new Float64(); // never a count: kept exact as it is
    if (c > max) max = c;
  }
  return max < 2 ** 8 ? new Uint8() : max < 2 ** 16 ? new Uint16() : max < 2 ** 32 ? new Uint32() : new Float64();
}

/** A number column's data of `type` (toCountType's, toIntegerType's, or Float64): each valid cell as a number, nulls in the bitmap. */
export function toNumberData(cells: Cells, length: number, type: ReturnType<typeof toIntegerType>): Data {
  const data = new type.ArrayType(length);
  for (let j = 0; j < length; j++) if (cells.isValid(j)) data[j] = Number(cells.values[j]);
  return makeData({ type, length, nullCount: cells.nullCount, nullBitmap: cells.nullBitmap, data } as never);
}

/** The integer types an `integer` column may take, narrowest first: [type, least, greatest value]. */
const INTEGER_TYPES: [() => Int8 | Uint8 | Int16 | Uint16 | Int32 | Uint32, number, number][] = [
  [() => new Int8(), -(2 ** 7), 2 ** 7 - 1],
  [() => new Uint8(), 0, 2 ** 8 - 1],
  [() => new Int16(), -(2 ** 15), 2 ** 15 - 1],
  [() => new Uint16(), 0, 2 ** 16 - 1],
  [() => new Int32(), -(2 ** 31), 2 ** 31 - 1],
  [() => new Uint32(), 0, 2 ** 32 - 1],
];

/**
 * The type of an integer or key field's values column: the first of Int8, Uint8, Int16, Uint16,
 * Int32, Uint32 that holds every value of the answer (nulls take no part); Float64, as the values
 * are in storage, when one is not whole, is -0, or lies outside [−2^31, 2^32). Decided by the body's
 * own values, so every replica picks the same type. Why: a 2-D answer over an integer key with
 * unique labels is ~36 bytes a point, 8 of them the key as Float64 (bench/arrow).
 */
export function toIntegerType(cells: Cells, length: number): Int8 | Uint8 | Int16 | Uint16 | Int32 | Uint32 | Float64 {
  let min = 0;
  let max = 0;
  for (let j = 0; j < length; j++) {
    if (!cells.isValid(j)) continue;
    const v = Number(cells.values[j]);
    if (!Number.isInteger(v) || Object.is(v, -0)) return new Float64();
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const fits = INTEGER_TYPES.find(([, least, greatest]) => min >= least && max <= greatest);
  return fits ? fits[0]() : new Float64();
}

/** The bytes a dictionary batch's message adds besides its buffers (measured on apache-arrow 21's writer, rounded up). */
const DICTIONARY_MESSAGE = 256;

/**
 * A `label` column's data: Utf8, or a dictionary of its distinct labels (in order of first
 * appearance) with Int8, Int16 or Int32 indices (the narrowest that holds them), whichever is fewer
 * bytes. Why: the labels of a 2-D answer repeat (each of the first axis's once per group of the
 * second); as a dictionary each distinct label is sent, and decoded by the client, once. Unique labels
 * (a 1-D answer, a page of values) stay Utf8. `id`: the dictionary's id (the column's position).
 */
export function toLabelData(cells: Cells, length: number, id: number): Data {
  const texts = toTexts(cells, length);
  const codes = new Map<string, number>();
  const indices = new Int32Array(length);
  let size = 0;
  let distinctSize = 0;
  for (let j = 0; j < length; j++) {
    const bytes = Buffer.byteLength(texts[j]);
    size += bytes;
    let code = codes.get(texts[j]);
    if (code === undefined) {
      code = codes.size;
      codes.set(texts[j], code);
      distinctSize += bytes;
    }
    indices[j] = code;
  }
  const d = codes.size;
  const Index = d <= 2 ** 7 ? Int8 : d <= 2 ** 15 ? Int16 : Int32;
  const width = d <= 2 ** 7 ? 1 : d <= 2 ** 15 ? 2 : 4;
  const plain = 4 * (length + 1) + size;
  const dictionary = width * length + 4 * (d + 1) + distinctSize + DICTIONARY_MESSAGE;
  if (dictionary >= plain) return toUtf8Data(cells, length, texts);
  const index = new Index();
  const keys = new index.ArrayType(length);
  keys.set(indices);
  const words = toUtf8([...codes.keys()], { nullCount: 0, nullBitmap: undefined });
  return makeData({
    type: new Dictionary(new Utf8(), index, id, false),
    length,
    nullCount: cells.nullCount,
    nullBitmap: cells.nullBitmap,
    data: keys,
    dictionary: makeVector(words),
  } as never);
}

/** A Utf8 column's data: every string's UTF-8 bytes one after another, and where each ends. */
export function toUtf8Data(cells: Cells, length: number, texts = toTexts(cells, length)): Data {
  return toUtf8(texts, cells);
}

function toTexts(cells: Cells, length: number): string[] {
  const texts: string[] = new Array(length);
  for (let j = 0; j < length; j++) texts[j] = cells.isValid(j) ? String(cells.values[j]) : '';
  return texts;
}

function toUtf8(texts: string[], { nullCount, nullBitmap }: Pick<Cells, 'nullCount' | 'nullBitmap'>): Data<Utf8> {
  const length = texts.length;
  const valueOffsets = new Int32Array(length + 1);
  let size = 0;
  for (let j = 0; j < length; j++) {
    size += Buffer.byteLength(texts[j]);
    valueOffsets[j + 1] = size;
  }
  const data = Buffer.alloc(size);
  for (let j = 0; j < length; j++) data.write(texts[j], valueOffsets[j]);
  return makeData({
    type: new Utf8(),
    length,
    nullCount,
    nullBitmap,
    valueOffsets,
    data: new Uint8Array(data.buffer, data.byteOffset, size),
  });
}
