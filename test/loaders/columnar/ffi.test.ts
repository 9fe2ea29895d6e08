// The Arrow C Data Interface reader against apache-arrow's IPC reader as the oracle.
import * as arrow from 'apache-arrow';
import { readFileSync } from 'node:fs';
import { readParquet, wasmMemory } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FfiColumns } from '../../../loaders/columnar/ffi.ts';
import { readFfiColumns, scalarType } from '../../../loaders/columnar/ffi.ts';
import { fixture } from '../helpers.ts';

// Each column's values (bigints as text), chunk lengths and Arrow types, as plain data.
const plainColumns = (c: FfiColumns) => ({
  schema: c.fields.map((f) => `${f.name}:${f.type}:${f.nullable}`),
  chunks: c.chunks[0].map((d) => d.length),
  values: JSON.stringify(
    c.chunks.map((chunks) => chunks.flatMap((d) => [...arrow.makeVector(d)])),
    (_k, v) => (typeof v === 'bigint' ? String(v) : v),
  ),
});

for (const copy of [false, true]) {
  test(`reads parquet-wasm batches through the C Data Interface exactly as IPC does (copy ${copy})`, () => {
    const wasm = readParquet(readFileSync(fixture('sample.parquet')), { batchSize: 3 });
    const handle = wasm.toFFI();
    // Views alias wasm memory: read them before wasm runs again.
    const viaFfi = plainColumns(readFfiColumns(wasmMemory(), handle.arrayAddrs(), handle.schemaAddr(), copy)!);
    handle.free();
    // The oracle: the same wasm table serialised to IPC and read by apache-arrow's own reader.
    const ipc = arrow.tableFromIPC(wasm.intoIPCStream());
    const viaIpc = plainColumns({
      fields: ipc.schema.fields,
      chunks: ipc.schema.fields.map((_, i) => ipc.getChildAt(i)!.data),
      rows: ipc.numRows,
    });
    assert.equal(viaFfi, viaIpc);
    assert.equal(viaFfi.chunks, [3, 3]);
  });
}

test('copied columns survive wasm reusing its memory', () => {
  const wasm = readParquet(readFileSync(fixture('sample.parquet')));
  const handle = wasm.toFFI();
  const copied = readFfiColumns(wasmMemory(), handle.arrayAddrs(), handle.schemaAddr(), true)!;
  const before = plainColumns(copied);
  handle.free();
  wasm.free();
  for (let i = 0; i < 3; i++) readParquet(readFileSync(fixture('sample.parquet'))).free();
  assert.equal(plainColumns(copied), before);
});

test('maps C Data Interface format strings to Arrow types', () => {
  const cases: [string, string | null][] = [
    ['l', 'Int64'],
    ['C', 'Uint8'],
    ['g', 'Float64'],
    ['f', 'Float32'],
    ['b', 'Bool'],
    ['u', 'Utf8'],
    ['U', 'LargeUtf8'],
    ['tdD', 'Date32<DAY>'],
    ['tdm', 'Date64<MILLISECOND>'],
    ['ttm', 'Time32<MILLISECOND>'],
    ['ttn', 'Time64<NANOSECOND>'],
    ['tsu:', 'Timestamp<MICROSECOND>'],
    ['tsn:UTC', 'Timestamp<NANOSECOND, UTC>'],
    ['+l', null],
    ['z', null],
  ];
  for (const [format, type] of cases)
    assert.is(scalarType(format) === null ? null : String(scalarType(format)), type, format);
  const dec = scalarType('d:38,4') as arrow.Decimal;
  assert.equal([dec.precision, dec.scale, dec.bitWidth], [38, 4, 128]);
});

test.run();
