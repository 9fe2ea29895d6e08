// The shared normaliser: loader columns → one canonical single-batch Arrow table in shared memory (one or more parts), whatever the format.
import { toEcho, toEchoList } from '../../src/common/echo.ts';
import * as arrow from 'apache-arrow';
import { basename } from 'node:path';
import type { InternalType } from '../../src/contract/model.ts';
import { BUFFER_BYTES } from '../../src/contract/storage.ts';
import type { Column, LoadedTable } from './column.ts';
import { storageOf } from './column.ts';
import { sortDictionary } from './dictionary.ts';
import { LoadError } from './errors.ts';
import { HASH_THREAD_BYTES } from './hash.ts';
import { toPartColumns, toPartTable, toSharedParts, toTableHash, toWholeTable } from './ipc.ts';

/**
 * Checks names and overrides, then builds the canonical table — one chunk per column, storage per
 * src/contract/storage.ts — straight into shared memory as Arrow IPC bytes: one IPC file per part,
 * a part holding consecutive columns of at most `bufferBytes` bytes (see toPartColumns). Consumes
 * `columns`: the array is emptied and each column's large arrays are freed as soon as they are
 * copied (see ipc.ts, release.ts), so a caller must not use them afterwards. A table of at least
 * `hashThreadBytes` is hashed on another thread while it is copied (hash.ts).
 */
export async function normalizeColumns(
  columns: Column[],
  path: string,
  overrides: Record<string, InternalType> = {},
  bufferBytes = BUFFER_BYTES,
  hashThreadBytes = HASH_THREAD_BYTES,
): Promise<LoadedTable> {
  checkColumns(
    columns.map((c) => c.name),
    path,
    overrides,
  );
  const rows = columns.length ? columns[0].length : 0;
  const types: Record<string, InternalType> = {};
  for (const column of columns) {
    if (column.length !== rows)
      throw new Error(`loader bug: column "${column.name}" has ${column.length} rows, not ${rows}`);
    types[column.name] = column.type;
  }
  const { table: whole, sizes } = toTable(columns.splice(0), rows);
  const bytes = sizes.reduce((n, b) => n + b, 0);
  // The parts view the loader's arrays, which the copies free one by one (release.ts); `whole`
  // views them too, for the hash thread's plan, and is not read after the copy.
  const parts = toPartColumns(sizes, bufferBytes).map((part) => toPartTable(whole.batches[0], part));
  const { shared, hashed } = await toSharedParts(parts, basename(path), whole, hashThreadBytes);
  const table = toWholeTable(shared);
  return { table, parts: shared, types, rows, bytes, hash: async () => (await hashed) ?? toTableHash(table) };
}

/** The single-batch table over the columns' own storage (null slots zeroed, dictionaries sorted), and each column's bytes. */
function toTable(columns: Column[], rows: number): { table: arrow.Table; sizes: number[] } {
  const fields: arrow.Field[] = [];
  const children: arrow.Data[] = [];
  const sizes: number[] = [];
  for (const [i, column] of columns.entries()) {
    const data = toData(column, i);
    const metadata = column.type === 'datetime' ? new Map([['sorrel.type', 'datetime']]) : undefined;
    fields.push(new arrow.Field(column.name, data.type, column.nullCount > 0, metadata));
    children.push(data);
    sizes.push(data.byteLength + (data.dictionary ? data.dictionary.data.reduce((n, d) => n + d.byteLength, 0) : 0));
  }
  const schema = new arrow.Schema(fields);
  const struct = arrow.makeData({ type: new arrow.Struct(fields), length: rows, nullCount: 0, children });
  return { table: new arrow.Table(schema, [new arrow.RecordBatch(schema, struct)]), sizes };
}

/** Throws LoadError on an empty or duplicate column name, or an override naming no column. */
export function checkColumns(
  names: readonly string[],
  path: string,
  overrides: Record<string, InternalType> = {},
): void {
  const file = basename(path);
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    if (name === '') throw new LoadError(`${file}: column ${i + 1} has no name. Give every column a header.`);
    const first = seen.get(name);
    if (first !== undefined) {
      throw new LoadError(
        `${file}: duplicate column name ${toEcho(name)} (columns ${first + 1} and ${i + 1}). Rename one of them.`,
      );
    }
    seen.set(name, i);
  });
  for (const name of Object.keys(overrides)) {
    if (!seen.has(name)) {
      throw new LoadError(
        `${file}: a type override names column ${toEcho(name)}, which is not in the file. Columns: ${toEchoList(names)}.`,
      );
    }
  }
}

/** `index` is the column's position: its dictionary id, so the IPC bytes are the same on every load. */
function toData(c: Column, index: number): arrow.Data {
  const nullBitmap = c.nullCount > 0 && c.validity ? c.validity : undefined;
  const nullCount = nullBitmap ? c.nullCount : 0;
  const base = { length: c.length, nullCount, nullBitmap };
  if (nullBitmap) zeroNullSlots(c, nullBitmap);
  switch (storageOf(c.type)) {
    case 'f64':
      return arrow.makeData({ ...base, type: new arrow.Float64(), data: c.values as Float64Array });
    case 'i64':
      return arrow.makeData({ ...base, type: new arrow.Int64(), data: c.values as BigInt64Array });
    case 'bool':
      return arrow.makeData({ ...base, type: new arrow.Bool(), data: c.values as Uint8Array });
    case 'i32':
      return c.type === 'date'
        ? arrow.makeData({ ...base, type: new arrow.DateDay(), data: c.values as Int32Array })
        : arrow.makeData({ ...base, type: new arrow.TimeMillisecond(), data: c.values as Int32Array });
    case 'dict': {
      const codes = c.values as Int32Array;
      const sorted = c.sortedDictionary
        ? (c.dictionary as string[])
        : sortDictionary(c.dictionary ?? [], codes, nullBitmap ?? null);
      // An explicit id: left out, Arrow numbers dictionaries from a process-wide counter, so the same
      // table would give other IPC bytes on a second load (a reload) and the data version would move.
      const type = new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), index, true);
      return arrow.makeData({ ...base, type, data: codes, dictionary: arrow.makeVector(toUtf8(sorted)) });
    }
  }
}

// A null's value slot holds 0, so a scan that ignores validity still sees a defined value.
function zeroNullSlots(c: Column, bits: Uint8Array): void {
  if (c.values instanceof Uint8Array) {
    for (let i = 0; i < bits.length && i < c.values.length; i++) c.values[i] &= bits[i];
    return;
  }
  const values = c.values;
  for (let i = 0; i < c.length; i++) {
    if ((bits[i >> 3] & (1 << (i & 7))) === 0) {
      if (values instanceof BigInt64Array) values[i] = 0n;
      else values[i] = 0;
    }
  }
}

function toUtf8(values: string[]): arrow.Data<arrow.Utf8> {
  const valueOffsets = new Int32Array(values.length + 1);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    total += Buffer.byteLength(values[i], 'utf8');
    valueOffsets[i + 1] = total;
  }
  const buffer = Buffer.alloc(total);
  for (let i = 0; i < values.length; i++) buffer.write(values[i], valueOffsets[i], 'utf8');
  const data = new Uint8Array(buffer.buffer, buffer.byteOffset, total);
  return arrow.makeData({ type: new arrow.Utf8(), length: values.length, nullCount: 0, valueOffsets, data });
}
