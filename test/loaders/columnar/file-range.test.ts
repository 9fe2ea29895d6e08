// Tests: a file read by byte range as parquet-wasm reads a Blob (loaders/columnar/file-range.ts), against Node's file Blob.
import { openAsBlob, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as wasm from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openByteRange } from '../../../loaders/columnar/file-range.ts';
import { loadTable } from '../../../loaders/index.ts';
import { errorOf, tempFile, vega } from '../helpers.ts';

const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7 + 3) & 255);
const path = tempFile('range.bin', bytes);
// How many of this process's descriptors are open on `file` (Linux).
const openOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed while listed
    }
  }).length;

test('size, slices (negative, past the end, reversed) and their bytes are those of the file Blob', async () => {
  const blob = await openAsBlob(path);
  const { file, close } = await openByteRange(path);
  try {
    assert.is(file.size, blob.size);
    const cases: [number?, number?][] = [[], [0, 8], [-8], [100, 2000], [2990, 5000], [-100, -10], [50, 20], [4000]];
    for (const [a, b] of cases) {
      const ours = file.slice(a, b);
      const theirs = blob.slice(a, b);
      assert.is(ours.size, theirs.size, `slice(${a}, ${b}) size`);
      assert.equal(
        new Uint8Array(await ours.arrayBuffer()),
        new Uint8Array(await theirs.arrayBuffer()),
        `slice(${a}, ${b})`,
      );
    }
    // A slice of a slice counts from the outer slice's start, as a Blob's does.
    const inner = file.slice(1000, 2000).slice(-300, -100);
    assert.equal(new Uint8Array(await inner.arrayBuffer()), bytes.subarray(1700, 1900));
  } finally {
    await close();
  }
});

test('a Parquet load closes its file, whether it loads or is refused', async () => {
  const good = await loadTable(vega('flights-3m.parquet'));
  assert.is(good.rows, 3_000_000);
  assert.is(openOn(vega('flights-3m.parquet')), 0);
  const cut = tempFile('cut.parquet', readFileSync(vega('flights-3m.parquet')).subarray(0, 5000));
  const err = await errorOf(() => loadTable(cut));
  assert.match(
    err.message,
    /^cut\.parquet is not a readable Parquet file \(.+\)\. Check that it is Parquet and not truncated\.$/,
  );
  assert.is(openOn(cut), 0);
});

test('a file cut in its middle is refused with the reader error a file Blob gives', async () => {
  // The footer kept, most column chunks gone: ranges past the end come back short, as from a Blob.
  const full = readFileSync(vega('flights-3m.parquet'));
  const footer = full.readUInt32LE(full.length - 8) + 8;
  const cut = tempFile('mid.parquet', Buffer.concat([full.subarray(0, 200_000), full.subarray(full.length - footer)]));
  let expected = '';
  try {
    const viaBlob = await wasm.ParquetFile.fromFile(await openAsBlob(cut));
    viaBlob.metadata();
  } catch (e) {
    expected = (e as Error).message;
  }
  assert.ok(expected, 'the Blob path refuses it too');
  const err = await errorOf(() => loadTable(cut));
  assert.is(
    err.message,
    `mid.parquet is not a readable Parquet file (${expected}). Check that it is Parquet and not truncated.`,
  );
  assert.is(openOn(cut), 0);
});

test.run();
