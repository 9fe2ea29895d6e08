// Tests: the loader's large arrays freed as soon as they are copied into shared memory (loaders/core/release.ts).
import { wasmMemory } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { createReleaser } from '../../../loaders/core/release.ts';
import { storageOf } from '../helpers.ts';

const MiB = 2 ** 20;

test('a buffer of 1 MiB or more is freed at the last chunk that views it, not before', () => {
  const big = new Uint8Array(2 * MiB);
  const head = big.subarray(0, MiB),
    tail = big.subarray(MiB);
  const small = new Uint8Array(1024);
  const release = createReleaser([[head, small], [tail]]);
  release(head);
  assert.is(big.buffer.byteLength, 2 * MiB, 'still viewed by a later chunk');
  release(small);
  release(tail);
  assert.is(big.buffer.byteLength, 0, 'detached: its memory is freed');
  assert.is(small.buffer.byteLength, 1024, 'left to the garbage collector');
});

test('shared memory and WebAssembly memory are never detached', () => {
  const shared = new Uint8Array(new SharedArrayBuffer(2 * MiB));
  const memory = wasmMemory(); // parquet-wasm's, several MiB
  const size = memory.buffer.byteLength;
  const wasm = new Uint8Array(memory.buffer, 0, MiB);
  const release = createReleaser([[shared, wasm]]);
  release(shared);
  release(wasm);
  assert.is(shared.byteLength, 2 * MiB);
  assert.ok(size >= MiB);
  assert.is(memory.buffer.byteLength, size);
});

test('normalizing frees the columns it copied and the table holds their values', async () => {
  const rows = 300_000; // 2.4 MB of doubles, 1.2 MB of codes, a 37.5 kB bitmap
  const x = Float64Array.from({ length: rows }, (_, i) => i / 4);
  const codes = Int32Array.from({ length: rows }, (_, i) => i % 3);
  const validity = new Uint8Array(Math.ceil(rows / 8)).fill(0xff);
  validity[0] = 0xfe; // row 0 is null
  const columns: Column[] = [
    { name: 'x', type: 'float', length: rows, values: x, validity, nullCount: 1, dictionary: null },
    { name: 's', type: 'char', length: rows, values: codes, validity: null, nullCount: 0, dictionary: ['c', 'a', 'b'] },
  ];
  const expected = {
    x: Array.from({ length: rows }, (_, i) => (i === 0 ? 0 : i / 4)),
    s: Array.from({ length: rows }, (_, i) => [2, 0, 1][i % 3]), // codes into ['a', 'b', 'c']
  };
  const loaded = await normalizeColumns(columns, 'mem.csv');
  assert.is(x.buffer.byteLength, 0, 'x freed');
  assert.is(codes.buffer.byteLength, 0, 's freed');
  assert.is(validity.buffer.byteLength, Math.ceil(rows / 8), 'a small bitmap is left to the collector');
  const storage = storageOf(loaded);
  assert.equal(storage.x.values, expected.x);
  assert.equal(storage.s.values, expected.s);
  assert.equal(storage.s.dictionary, ['a', 'b', 'c']);
  assert.is(storage.x.valid[0], false);
});

test.run();
