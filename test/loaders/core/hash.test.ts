// Tests: a table hashed on another thread while it is copied (loaders/core/hash.ts) gives the main thread's hash.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { startHashing } from '../../../loaders/core/hash.ts';
import { toPartTable, toSharedParts } from '../../../loaders/core/ipc.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { loadTable, toTableHash } from '../../../loaders/index.ts';
import { fixture, vega } from '../helpers.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

test('the thread hashes the whole file from the parts as they are written, and its own bytes', async () => {
  const fill = (n: number, k: number) => Uint8Array.from({ length: n }, (_, i) => (i * k) & 255);
  const a = fill(9000, 31),
    b = fill(7000, 17);
  const head = fill(24, 3),
    middle = fill(16, 5),
    tail = fill(40, 7);
  // The parts: a (with a small prefix of its own) and b; the whole file: head, a, middle, b, tail.
  const prefix = fill(8, 11);
  const lists = [[prefix, a], [b]];
  const shared = [new SharedArrayBuffer(8 + 9000), new SharedArrayBuffer(7000)];
  const hashing = startHashing(shared, [head, a, middle, b, tail], lists);
  lists.forEach((chunks, p) => {
    const bytes = new Uint8Array(shared[p]);
    let at = 0;
    for (const c of chunks)
      for (let from = 0; from < c.length; from += 1000) {
        const piece = c.subarray(from, from + 1000);
        bytes.set(piece, at + from);
        hashing.wrote(p, at + from + piece.length);
        if (from + 1000 >= c.length) at += c.length;
      }
  });
  const expected = createHash('sha256');
  for (const c of [head, a, middle, b, tail]) expected.update(c);
  assert.is(await hashing.result, expected.digest('hex'));
});

test('an abandoned copy gives no hash', async () => {
  const a = new Uint8Array(5000);
  const hashing = startHashing([new SharedArrayBuffer(5000)], [a], [[a]]);
  hashing.wrote(0, 4000);
  hashing.abandon();
  assert.is(await hashing.result, null);
});

// 2.5M rows: a 20 MB column (more than one 16 MiB step of the copy), nulls, a dictionary.
const wide = (): Column[] => {
  const rows = 2_500_000;
  const validity = new Uint8Array(Math.ceil(rows / 8)).fill(0xff);
  validity[7] = 0x7f;
  return [
    {
      name: 'x',
      type: 'float',
      length: rows,
      values: Float64Array.from({ length: rows }, (_, i) => (i % 7 === 3 ? 99 : i * 0.5)),
      validity,
      nullCount: 1,
      dictionary: null,
    },
    {
      name: 's',
      type: 'char',
      length: rows,
      values: Int32Array.from({ length: rows }, (_, i) => i % 5),
      validity: null,
      nullCount: 0,
      dictionary: ['e', 'd', 'c', 'b', 'a'],
    },
  ];
};

test('hashed on a thread while copied: the sha256 of the IPC bytes, as the main thread hashes them', async () => {
  const threaded = await normalizeColumns(wide(), 'mem.csv', {}, undefined, 0);
  const alone = await normalizeColumns(wide(), 'mem.csv', {}, undefined, Number.POSITIVE_INFINITY);
  const expected = sha256(new Uint8Array(alone.parts[0]));
  assert.is(await threaded.hash(), expected);
  assert.is(await alone.hash(), expected);
  assert.is(await toTableHash(threaded.table), expected);
  assert.equal(new Uint8Array(threaded.parts[0]), new Uint8Array(alone.parts[0]));
});

test('a table in several buffers is hashed on the thread as the one file it would be', async () => {
  const alone = await normalizeColumns(wide(), 'mem.csv', {}, undefined, Number.POSITIVE_INFINITY);
  const expected = sha256(new Uint8Array(alone.parts[0]));
  for (const limit of [1, 20_000_000]) {
    const split = await normalizeColumns(wide(), 'mem.csv', {}, limit, 0);
    assert.is(split.parts.length, 2);
    assert.is(await split.hash(), expected, `limit ${limit}`);
    assert.is(await toTableHash(split.table), expected);
  }
});

test('copying a table cut in parts gives the hash from the thread, not a fallback: the one-file hash', async () => {
  const loaded = await loadTable(vega('flights-3m.parquet'));
  const expected = await toTableHash(loaded.table);
  for (const cut of [[[0, 1, 2, 3, 4]], [[0, 1], [2], [3, 4]]]) {
    const parts = cut.map((columns) => toPartTable(loaded.table.batches[0], columns));
    const { shared, hashed } = await toSharedParts(parts, 'f.parquet', loaded.table, 0);
    assert.is(shared.length, cut.length);
    assert.is(await hashed, expected);
  }
});

for (const path of [fixture('sample.parquet'), fixture('sample.csv'), vega('flights-3m.parquet')]) {
  test(`${path.split('/').pop()}: the loaded table's hash is toTableHash's`, async () => {
    const loaded = await loadTable(path);
    assert.is(await loaded.hash(), await toTableHash(loaded.table));
  });
}

test.run();
