// Integer columns stored Int32 when every value fits 32 bits, from every format; Float64 when one does not.
import * as arrow from 'apache-arrow';
import { Table as WasmTable, writeParquet } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toInt32 } from '../../../loaders/core/narrow.ts';
import { loadTable } from '../../../loaders/index.ts';
import { storageOf, tempFile } from '../helpers.ts';

const MAX = 2 ** 31 - 1,
  MIN = -(2 ** 31);

/** Each column's Arrow type and values (nulls as null). */
async function typesOf(path: string, columns?: Record<string, 'integer' | 'decimal' | 'key' | 'float'>) {
  const loaded = await loadTable(path, { columns });
  const out: Record<string, { type: string; internal: string; values: (number | string | null)[] }> = {};
  for (const [name, s] of Object.entries(storageOf(loaded)))
    out[name] = { type: s.type, internal: loaded.types[name], values: s.values.map((v, i) => (s.valid[i] ? v : null)) };
  return out;
}

test('toInt32: whole numbers in [−2^31, 2^31) fit; a fraction, ±2^31 and beyond, NaN, ±∞ and -0 do not, unless in a null slot', () => {
  assert.equal(Array.from(toInt32(Float64Array.of(0, 1, -1, MAX, MIN), 5, null)!), [0, 1, -1, MAX, MIN]);
  for (const bad of [0.5, MAX + 1, MIN - 1, 2 ** 40, Number.NaN, Number.POSITIVE_INFINITY, -0])
    assert.is(toInt32(Float64Array.of(1, bad), 2, null), null, String(bad));
  // Row 1 is null (bit clear): what its slot holds does not matter.
  assert.equal(Array.from(toInt32(Float64Array.of(7, 0.5, 9), 3, Uint8Array.of(0b101))!.subarray(0, 1)), [7]);
  assert.is(toInt32(Float64Array.of(7, 0.5, 9), 3, Uint8Array.of(0b011)), null);
});

test('CSV: an integer column within int32 is Int32, one with a value beyond int32 or -0 stays Float64, a non-whole one is a float', async () => {
  const csv = `small,beyond,negzero,frac\n1,1,0,1\n${MAX},${2 ** 31},-0,2.5\n,3,1,\n${MIN},-5,2,4\n`;
  const got = await typesOf(tempFile('narrow.csv', csv));
  assert.equal(got.small, { type: 'Int32', internal: 'integer', values: [1, MAX, null, MIN] });
  assert.equal(got.beyond, { type: 'Float64', internal: 'integer', values: [1, 2 ** 31, 3, -5] });
  assert.equal(got.negzero, { type: 'Float64', internal: 'integer', values: [0, -0, 1, 2] });
  assert.equal(got.frac, { type: 'Float64', internal: 'float', values: [1, 2.5, null, 4] });
});

test('JSON and NDJSON integers narrow the same way', async () => {
  const rows = [
    { a: 1, b: 2 ** 33 },
    { a: null, b: 1 },
    { a: -3, b: 2 },
  ];
  const json = await typesOf(tempFile('narrow.json', JSON.stringify(rows)));
  const ndjson = await typesOf(tempFile('narrow.ndjson', rows.map((r) => JSON.stringify(r)).join('\n')));
  for (const got of [json, ndjson]) {
    assert.equal(got.a, { type: 'Int32', internal: 'integer', values: [1, null, -3] });
    assert.equal(got.b, { type: 'Float64', internal: 'integer', values: [2 ** 33, 1, 2] });
  }
});

test('Parquet and Arrow: Int8–Int32 and small Int64/Uint32 columns are Int32, larger ones Float64 or Int64, floats Float64', async () => {
  const table = new arrow.Table({
    i32: arrow.vectorFromArray([1, null, MAX, MIN], new arrow.Int32()),
    i8: arrow.vectorFromArray([-128, 0, 127, null], new arrow.Int8()),
    ids: arrow.vectorFromArray([0n, 1n, 2n, 3n], new arrow.Int64()),
    i64: arrow.vectorFromArray([0n, 2n ** 31n, 2n, 3n], new arrow.Int64()),
    u32small: arrow.vectorFromArray([0, 5, 7, 9], new arrow.Uint32()),
    u32: arrow.vectorFromArray([0, 2 ** 32 - 1, 7, 9], new arrow.Uint32()),
    f: arrow.vectorFromArray([1, 2, 3, 4], new arrow.Float64()),
    huge: arrow.vectorFromArray([-5n, 2n ** 31n, 2n ** 60n, null], new arrow.Int64()),
    u64: arrow.vectorFromArray([1n, 2n ** 32n + 5n, null, 2n ** 31n - 1n], new arrow.Uint64()),
  });
  const parquet = tempFile('narrow.parquet', writeParquet(WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream'))));
  const ipc = tempFile('narrow.arrow', arrow.tableToIPC(table, 'file'));
  for (const path of [parquet, ipc]) {
    const got = await typesOf(path);
    assert.equal(got.i32, { type: 'Int32', internal: 'integer', values: [1, null, MAX, MIN] }, path);
    assert.equal(got.i8, { type: 'Int32', internal: 'integer', values: [-128, 0, 127, null] }, path);
    assert.equal(got.ids, { type: 'Int32', internal: 'integer', values: [0, 1, 2, 3] }, path);
    assert.equal(got.i64, { type: 'Float64', internal: 'integer', values: [0, 2 ** 31, 2, 3] }, path);
    assert.equal(got.u32small, { type: 'Int32', internal: 'integer', values: [0, 5, 7, 9] }, path);
    assert.equal(got.u32, { type: 'Float64', internal: 'integer', values: [0, 2 ** 32 - 1, 7, 9] }, path);
    assert.equal(got.f, { type: 'Float64', internal: 'float', values: [1, 2, 3, 4] }, path);
    // Int32, then doubles at the second row, then 64-bit integers at the third: every value exact.
    assert.equal(
      got.huge,
      { type: 'Int64', internal: 'biginteger', values: ['-5', '2147483648', '1152921504606846976', null] },
      path,
    );
    assert.equal(got.u64, { type: 'Float64', internal: 'integer', values: [1, 2 ** 32 + 5, null, 2 ** 31 - 1] }, path);
  }
});

test('overrides: text read as integer narrows; an int column read as decimal, key or float stays Float64', async () => {
  const csv = tempFile('narrow-override.csv', 'code,n\n007,1\n12,2\n,3\n');
  const got = await typesOf(csv, { code: 'integer', n: 'decimal' });
  assert.equal(got.code, { type: 'Int32', internal: 'integer', values: [7, 12, null] });
  assert.equal(got.n, { type: 'Float64', internal: 'decimal', values: [1, 2, 3] });
  const table = new arrow.Table({ k: arrow.vectorFromArray([1, 2, 3], new arrow.Int32()) });
  const parquet = tempFile(
    'narrow-override.parquet',
    writeParquet(WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream'))),
  );
  for (const type of ['key', 'decimal', 'float'] as const)
    assert.equal((await typesOf(parquet, { k: type })).k, { type: 'Float64', internal: type, values: [1, 2, 3] });
  assert.equal((await typesOf(parquet, { k: 'integer' })).k, { type: 'Int32', internal: 'integer', values: [1, 2, 3] });
});

test.run();
