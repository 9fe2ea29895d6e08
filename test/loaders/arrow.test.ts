// Arrow IPC loading: source Arrow types mapped to internal types, wide values, errors.
import * as arrow from 'apache-arrow';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, fixture, storageOf, tempFile } from './helpers.ts';

const save = (name: string, table: arrow.Table, format: 'file' | 'stream' = 'file') =>
  tempFile(name, arrow.tableToIPC(table, format));
const column = <T extends arrow.DataType>(type: T, data: ArrayLike<unknown>, extra: Record<string, unknown> = {}) =>
  arrow.makeVector(
    arrow.makeData({ type, length: data.length, nullCount: 0, data, ...extra } as never),
  ) as arrow.Vector<T>;

test('.feather and .ipc are Arrow IPC too', async () => {
  const bytes = readFileSync(fixture('sample.arrow'));
  assert.is((await loadTable(tempFile('copy.feather', bytes))).rows, 6);
  assert.is((await loadTable(tempFile('copy.ipc', bytes))).rows, 6);
});

test('integer types of every width are integer; Int64 beyond 2^53 is biginteger, exact', async () => {
  const table = new arrow.Table({
    i8: column(new arrow.Int8(), new Int8Array([-128, 127])),
    u32: column(new arrow.Uint32(), new Uint32Array([0, 4294967295])),
    small64: column(new arrow.Int64(), new BigInt64Array([-(2n ** 53n), 2n ** 53n])),
    big64: column(new arrow.Int64(), new BigInt64Array([1n, 2n ** 53n + 1n])),
  });
  const loaded = await loadTable(save('ints.arrow', table));
  assert.equal(loaded.types, { i8: 'integer', u32: 'integer', small64: 'integer', big64: 'biginteger' });
  const s = storageOf(loaded);
  assert.equal(s.u32.values, [0, 4294967295]);
  assert.equal(s.small64.values, [-(2 ** 53), 2 ** 53]);
  assert.equal(s.big64.values, ['1', '9007199254740993']);
});

test('a Uint64 beyond the Int64 range is a LoadError unless overridden to float or char', async () => {
  const table = new arrow.Table({ u: column(new arrow.Uint64(), new BigUint64Array([1n, 2n ** 64n - 1n])) });
  const path = save('u64.arrow', table);
  assert.is(
    (await errorOf(() => loadTable(path))).message,
    'u64.arrow row 2, column "u": 18446744073709551615 does not fit in a signed 64-bit integer. Use internal_type float or char for this column.',
  );
  assert.equal(storageOf(await loadTable(path, { columns: { u: 'float' } })).u.values, [1, 2 ** 64]);
  assert.equal(storageOf(await loadTable(path, { columns: { u: 'char' } })).u.dictionary, [
    '1',
    '18446744073709551615',
  ]);
});

test('Float32 values become the shortest decimal that round-trips, not widened noise', async () => {
  const table = new arrow.Table({ f: column(new arrow.Float32(), new Float32Array([0.1, 2.35, -1e-7, 0])) });
  assert.equal(storageOf(await loadTable(save('f32.arrow', table))).f.values, [0.1, 2.35, -1e-7, 0]);
});

test('Decimal128 is decimal; more than 15 significant digits is a LoadError unless char', async () => {
  // 123.45 and -0.01 at scale 2: unscaled 12345 and -1 as 128-bit little-endian words.
  const words = new Uint32Array([12345, 0, 0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  const ok = new arrow.Table({ d: column(new arrow.Decimal(2, 10, 128), words, { length: 2 }) });
  const loaded = await loadTable(save('dec.arrow', ok));
  assert.is(loaded.types.d, 'decimal');
  assert.equal(storageOf(loaded).d.values, [123.45, -0.01]);
  // 2^64 + 1 = 18446744073709551617 at scale 3: 20 significant digits.
  const wide = new arrow.Table({
    d: column(new arrow.Decimal(3, 38, 128), new Uint32Array([1, 0, 1, 0]), { length: 1 }),
  });
  const path = save('wide.arrow', wide);
  assert.is(
    (await errorOf(() => loadTable(path))).message,
    'wide.arrow row 1, column "d": decimal 18446744073709551.617 has 20 significant digits and cannot be held exactly as a double; use internal_type char to keep it verbatim.',
  );
  assert.equal(storageOf(await loadTable(path, { columns: { d: 'char' } })).d.dictionary, ['18446744073709551.617']);
});

test('timestamps of every unit become whole UTC milliseconds, rounding down', async () => {
  const table = new arrow.Table({
    s: column(new arrow.TimestampSecond(), new BigInt64Array([1n, -1n])),
    us: column(new arrow.TimestampMicrosecond('Europe/Paris'), new BigInt64Array([1999n, -1n])),
    ns: column(new arrow.TimestampNanosecond(), new BigInt64Array([1_700_000_000_123_456_789n, -1n])),
    d64: column(new arrow.DateMillisecond(), new BigInt64Array([86_400_000n * 3n, -1n])),
    t64: column(new arrow.TimeNanosecond(), new BigInt64Array([3_600_000_000_999n, 0n])),
  });
  const loaded = await loadTable(save('ts.arrow', table));
  assert.equal(loaded.types, { s: 'datetime', us: 'datetime', ns: 'datetime', d64: 'date', t64: 'time' });
  const s = storageOf(loaded);
  assert.equal(s.s.values, [1000, -1000]);
  assert.equal(s.us.values, [1, -1]);
  assert.equal(s.ns.values, [1_700_000_000_123, -1]);
  assert.equal(s.d64.values, [3, -1]);
  assert.equal(s.t64.values, [3_600_000, 0]);
  assert.equal(s.ns.metadata, { 'sorrel.type': 'datetime' });
});

test('a Null-typed column is an all-null char column', async () => {
  const table = new arrow.Table({
    n: arrow.makeVector(arrow.makeData({ type: new arrow.Null(), length: 2, nullCount: 2 })),
  });
  const s = storageOf(await loadTable(save('null.arrow', table))).n;
  assert.equal([s.type, s.nullCount, s.dictionary], ['Dictionary<Int32, Utf8>', 2, []]);
});

test('nested types are a LoadError naming the column and its type', async () => {
  const table = new arrow.Table({
    ok: column(new arrow.Int32(), new Int32Array([1])),
    tags: arrow.vectorFromArray([[1, 2]]),
  });
  const err = await errorOf(() => loadTable(save('nested.arrow', table)));
  assert.is(
    err.message,
    'nested.arrow: column "tags" has Arrow type List<Float64>, which cannot be loaded. Convert it to a number, string, boolean, date or time column, or drop it.',
  );
});

test('duplicate field names are a LoadError', async () => {
  const a = column(new arrow.Int32(), new Int32Array([1]));
  const fields = [new arrow.Field('x', a.type), new arrow.Field('x', a.type)];
  const batch = new arrow.RecordBatch(
    new arrow.Schema(fields),
    arrow.makeData({ type: new arrow.Struct(fields), length: 1, nullCount: 0, children: [a.data[0], a.data[0]] }),
  );
  const err = await errorOf(() => loadTable(save('dup.arrow', new arrow.Table([batch]))));
  assert.is(err.message, 'dup.arrow: duplicate column name "x" (columns 1 and 2). Rename one of them.');
});

test('a file that is not Arrow IPC is a LoadError', async () => {
  const err = await errorOf(() => loadTable(tempFile('text.arrow', 'a,b\n1,2\n')));
  assert.match(
    err.message,
    /^text\.arrow is not a readable Arrow IPC file or stream \(.*\)\. Write it as Arrow IPC \(Feather v2\), uncompressed\.$/,
  );
});

test('flights-200k.arrow: 200,000 flights in one chunk per column', async () => {
  const loaded = await loadTable(
    new URL('../../node_modules/vega-datasets/data/flights-200k.arrow', import.meta.url).pathname,
  );
  assert.is(loaded.rows, 200_000);
  assert.equal(loaded.types, { delay: 'integer', distance: 'integer', time: 'float' });
  assert.equal(loaded.table.batches.length, 1);
});

test.run();
