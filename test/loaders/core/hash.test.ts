// Tests: a table hashed on another thread while it is copied (loaders/core/hash.ts) gives the main thread's hash.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { startHashing } from '../../../loaders/core/hash.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { loadTable, toTableHash } from '../../../loaders/index.ts';
import { fixture, vega } from '../helpers.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

test('the thread hashes what is written, in the steps it is written', async () => {
  const shared = new SharedArrayBuffer(1000);
  const bytes = new Uint8Array(shared);
  const hashing = startHashing(shared);
  for (let end = 0; end < 1000; ) {
    const next = Math.min(1000, end + 137);
    for (let i = end; i < next; i++) bytes[i] = (i * 31) & 255;
    hashing.wrote(next);
    end = next;
  }
  assert.is(await hashing.result, sha256(Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 255)));
});

test('an abandoned copy gives no hash', async () => {
  const hashing = startHashing(new SharedArrayBuffer(100));
  hashing.wrote(40);
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

test('a table in several buffers is hashed as one file on the main thread, whatever the threshold', async () => {
  const one = await normalizeColumns(wide(), 'mem.csv', {}, undefined, 0);
  const split = await normalizeColumns(wide(), 'mem.csv', {}, 1, 0);
  assert.is(split.parts.length, 2);
  assert.is(await split.hash(), await one.hash());
});

for (const path of [fixture('sample.parquet'), fixture('sample.csv'), vega('flights-3m.parquet')]) {
  test(`${path.split('/').pop()}: the loaded table's hash is toTableHash's`, async () => {
    const loaded = await loadTable(path);
    assert.is(await loaded.hash(), await toTableHash(loaded.table));
  });
}

test.run();
