// Test helper: tiny Arrow tables that follow the storage contract, as TableRefs over shared memory.
import {
  Bool,
  DateDay,
  Dictionary,
  Field,
  Float64,
  Int32,
  Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  TimeMillisecond,
  Utf8,
  tableToIPC,
  vectorFromArray,
  type Data,
} from 'apache-arrow';
import type { TableRef } from '../../src/contract/storage.ts';
import { openTable, type ColumnView } from '../../workers/table/columns.ts';

export type ColumnSpec =
  | { kind: 'f64' | 'i32' | 'datetime' | 'date' | 'time'; values: (number | null)[] }
  | { kind: 'i64'; values: (bigint | null)[] }
  | { kind: 'bool'; values: (boolean | null)[] }
  | { kind: 'dict'; values: (string | null)[] };

export const f64 = (values: (number | null)[]): ColumnSpec => ({ kind: 'f64', values });
/** An integer column stored Int32 (every value fits 32 bits: loaders/core/narrow.ts). */
export const i32 = (values: (number | null)[]): ColumnSpec => ({ kind: 'i32', values });
export const i64 = (values: (bigint | null)[]): ColumnSpec => ({ kind: 'i64', values });
export const bool = (values: (boolean | null)[]): ColumnSpec => ({ kind: 'bool', values });
export const dict = (values: (string | null)[]): ColumnSpec => ({ kind: 'dict', values });
export const date = (values: (number | null)[]): ColumnSpec => ({ kind: 'date', values });
export const time = (values: (number | null)[]): ColumnSpec => ({ kind: 'time', values });
export const datetime = (values: (number | null)[]): ColumnSpec => ({ kind: 'datetime', values });

let serial = 0;

/**
 * Builds a one-batch table, serialises it to IPC in a SharedArrayBuffer, and returns its ref; with
 * `split`, each column is a part of its own (the layout of a table larger than one buffer).
 */
export function makeTableRef(columns: Record<string, ColumnSpec>, opts: { split?: boolean } = {}): TableRef {
  const names = Object.keys(columns);
  const lengths = new Set(names.map((n) => columns[n].values.length));
  if (lengths.size > 1) throw new Error(`Columns of one table need one length, got ${[...lengths].join(', ')}.`);
  const datas = names.map((n) => toData(columns[n]));
  const fields = names.map(
    (n, i) =>
      new Field(
        n,
        datas[i].type,
        true,
        columns[n].kind === 'datetime' ? new Map([['sorrel.type', 'datetime']]) : new Map(),
      ),
  );
  const length = datas.length ? datas[0].length : 0;
  const groups = opts.split && names.length ? names.map((_, i) => [i]) : [names.map((_, i) => i)];
  const parts = groups.map((group) => {
    const schema = new Schema(group.map((i) => fields[i]));
    const children = group.map((i) => datas[i]);
    const batch = new RecordBatch(
      schema,
      makeData({ type: new Struct(schema.fields), length, nullCount: 0, children }),
    );
    return toShared(tableToIPC(new Table(schema, [batch]), 'file'));
  });
  return { key: `test-${++serial}`, generation: 0, parts };
}

/** The bytes in a SharedArrayBuffer of their own. */
export function toShared(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

/** Column views of a fresh table, by name, plus its row count. */
export function makeColumns(columns: Record<string, ColumnSpec>): { rows: number; col: (name: string) => ColumnView } {
  const table = openTable(makeTableRef(columns));
  return { rows: table.rows, col: (name) => table.column(name) };
}

function toData(spec: ColumnSpec): Data {
  switch (spec.kind) {
    case 'f64':
    case 'datetime':
      return vectorFromArray(spec.values, new Float64()).data[0];
    case 'i64':
      return vectorFromArray(spec.values, new Int64()).data[0];
    case 'bool':
      return vectorFromArray(spec.values, new Bool()).data[0];
    case 'time':
      return vectorFromArray(spec.values, new TimeMillisecond()).data[0];
    case 'i32':
    case 'date': {
      // The DateDay builder takes Date objects / epoch ms, so lay the day numbers out directly.
      const { bitmap, nullCount } = toBitmap(spec.values);
      const props = {
        length: spec.values.length,
        nullCount,
        nullBitmap: bitmap,
        data: Int32Array.from(spec.values, (v) => v ?? 0),
      };
      return spec.kind === 'i32'
        ? makeData({ type: new Int32(), ...props })
        : makeData({ type: new DateDay(), ...props });
    }
    case 'dict': {
      // The dictionary builder keeps first-seen order; the contract wants code-point order.
      const dictionary = [...new Set(spec.values.filter((v): v is string => v !== null))].sort(byCodePoint);
      const code = new Map(dictionary.map((s, i) => [s, i]));
      const { bitmap, nullCount } = toBitmap(spec.values);
      return makeData({
        type: new Dictionary(new Utf8(), new Int32()),
        length: spec.values.length,
        nullCount,
        nullBitmap: bitmap,
        data: Int32Array.from(spec.values, (v) => (v === null ? 0 : code.get(v)!)),
        dictionary: vectorFromArray(dictionary, new Utf8()),
      });
    }
  }
}

function toBitmap(values: unknown[]): { bitmap: Uint8Array; nullCount: number } {
  const bitmap = new Uint8Array(Math.max(8, Math.ceil(values.length / 64) * 8));
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null) nullCount++;
    else bitmap[i >> 3] |= 1 << (i & 7);
  });
  return { bitmap, nullCount };
}

/** Compares strings by Unicode code point (not UTF-16 unit), the dictionary order. */
export function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!),
    y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
