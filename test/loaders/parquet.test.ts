// Parquet loading through parquet-wasm: real data, errors, and how much wasm memory a load keeps.
import * as arrow from 'apache-arrow';
import { spawnSync } from 'node:child_process';
import { Compression, Table as WasmTable, WriterPropertiesBuilder, writeParquet } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile, vega } from './helpers.ts';

test('a file that is not Parquet is a LoadError quoting the reader', async () => {
  const err = await errorOf(() => loadTable(tempFile('bad.parquet', 'hello world, not parquet')));
  assert.is(
    err.message,
    'bad.parquet is not a readable Parquet file (Parquet error: Invalid Parquet file. Corrupt footer). Check that it is Parquet and not truncated.',
  );
});

test('flights-3m.parquet: 3,000,000 flights, microsecond timestamps as UTC milliseconds', async () => {
  const loaded = await loadTable(vega('flights-3m.parquet'));
  assert.is(loaded.rows, 3_000_000);
  assert.equal(loaded.types, {
    date: 'datetime',
    delay: 'integer',
    distance: 'integer',
    origin: 'char',
    destination: 'char',
  });
  assert.is(loaded.table.batches.length, 1);
  // First row, checked against the file with an independent reader: 2001-01-01 00:01, LAS → PHL.
  assert.equal(loaded.table.get(0)!.toJSON(), {
    date: Date.UTC(2001, 0, 1, 0, 1),
    delay: 33,
    distance: 2176,
    origin: 'LAS',
    destination: 'PHL',
  });
  const origin = storageOf({ ...loaded, table: loaded.table.select(['origin']) }).origin;
  assert.ok(
    origin.dictionary!.every((s, i, all) => i === 0 || all[i - 1] < s),
    'dictionary sorted, no duplicates',
  );
});

test('a file with no row groups has its columns and no rows', async () => {
  const empty = new arrow.Table({
    x: arrow.vectorFromArray([], new arrow.Float64()),
    s: arrow.vectorFromArray([], new arrow.Utf8()),
  });
  const path = tempFile('empty.parquet', writeParquet(WasmTable.fromIPCStream(arrow.tableToIPC(empty, 'stream'))));
  const loaded = await loadTable(path);
  assert.equal([loaded.rows, loaded.types], [0, { x: 'float', s: 'char' }]);
});

test('a file of many row groups loads every value, and wasm memory grows by about one row group, not the file', () => {
  // 8M pseudo-random doubles, uncompressed: a 64 MB file in 16 row groups of 4 MB.
  const rows = 8_000_000;
  const x = new Float64Array(rows);
  for (let i = 0, s = 1; i < rows; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    x[i] = s / 7;
  }
  const props = new WriterPropertiesBuilder()
    .setMaxRowGroupSize(rows / 16)
    .setDictionaryEnabled(false)
    .setCompression(Compression.UNCOMPRESSED)
    .build();
  const table = WasmTable.fromIPCStream(arrow.tableToIPC(arrow.tableFromArrays({ x }), 'stream'));
  const bytes = writeParquet(table, props);
  const path = tempFile('many-groups.parquet', bytes);
  // A fresh process, so wasm memory starts small (this one's grew writing the file).
  const loader = new URL('../../loaders/parquet.ts', import.meta.url).href;
  const script = `
    const { loadParquet } = await import(${JSON.stringify(loader)});
    const { wasmMemory } = await import('parquet-wasm');
    const before = wasmMemory().buffer.byteLength;
    const [col] = await loadParquet(${JSON.stringify(path)}, {});
    const v = col.values;
    let sum = 0;
    for (let i = 0; i < v.length; i++) sum += v[i];
    console.log(JSON.stringify({ grew: wasmMemory().buffer.byteLength - before, rows: v.length, sum, last: v[v.length - 1] }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.is(child.status, 0, child.stderr);
  const out = JSON.parse(child.stdout);
  let sum = 0;
  for (let i = 0; i < rows; i++) sum += x[i];
  assert.equal([out.rows, out.sum, out.last], [rows, sum, x[rows - 1]]);
  assert.ok(out.grew < bytes.length / 4, `wasm memory grew by ${out.grew} bytes for a ${bytes.length}-byte file`);
});

test.run();
