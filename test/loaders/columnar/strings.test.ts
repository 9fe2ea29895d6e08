// String columns from Arrow chunks: byte hashing, dictionaries, invalid UTF-8.
import * as arrow from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStringConverter } from '../../../loaders/columnar/strings.ts';

const utf8Data = (values: (string | null)[], type: arrow.DataType = new arrow.Utf8()) =>
  arrow.vectorFromArray(values, type).data[0];
const convert = (chunks: arrow.Data[], type: arrow.DataType = new arrow.Utf8()) => {
  const rows = chunks.reduce((n, d) => n + d.length, 0);
  const converter = createStringConverter({ file: 'x', name: 's', type, rows });
  for (const d of chunks) converter.add(d);
  const column = converter.finish();
  return { codes: [...(column.values as Int32Array)], values: column.dictionary!, nullCount: column.nullCount };
};

test('one code per distinct value across chunks, 2,500 distinct values among 5,000 rows', () => {
  const many = Array.from({ length: 5000 }, (_, i) => `v${i % 2500}`);
  const { codes, values } = convert([utf8Data(many.slice(0, 3000)), utf8Data(many.slice(3000))]);
  assert.is(values.length, 2500);
  for (let i = 0; i < 5000; i++) assert.is(values[codes[i]], many[i]);
});

test('keeps no reference to a chunk: its buffer may be overwritten after add', () => {
  const data = utf8Data(['ab', 'cd']);
  const converter = createStringConverter({ file: 'x', name: 's', type: data.type, rows: 4 });
  converter.add(data);
  (data.values as Uint8Array).fill(0x7a); // 'zzzz': a reused buffer
  converter.add(utf8Data(['ab', 'zz']));
  const column = converter.finish();
  assert.equal(column.dictionary, ['ab', 'cd', 'zz']);
  assert.equal([...(column.values as Int32Array)], [0, 1, 0, 2]);
});

test('reads LargeUtf8 and dictionary chunks, skipping null rows and unused dictionary entries', () => {
  const large = convert([utf8Data(['a', null, 'b', 'a'], new arrow.LargeUtf8())], new arrow.LargeUtf8());
  assert.equal([large.values, large.codes, large.nullCount], [['a', 'b'], [0, 0, 1, 0], 1]);
  const dictType = new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32());
  const dict = arrow.makeData({
    type: dictType,
    length: 3,
    nullCount: 1,
    nullBitmap: new Uint8Array([0b011]),
    data: new Int32Array([2, 0, 1]),
    dictionary: arrow.vectorFromArray(['x', 'unused', 'y'], new arrow.Utf8()),
  });
  const out = convert([dict], dictType);
  assert.equal(
    [out.values, out.codes],
    [
      ['y', 'x'],
      [0, 1, 0],
    ],
  );
});

test('invalid UTF-8 decodes to U+FFFD; different bad bytes share one string', () => {
  const data = arrow.makeData({
    type: new arrow.Utf8(),
    length: 3,
    nullCount: 0,
    valueOffsets: new Int32Array([0, 1, 2, 3]),
    data: new Uint8Array([0xff, 0xfe, 0x61]),
  });
  const out = convert([data]);
  assert.equal(
    [out.values, out.codes],
    [
      ['\ufffd', 'a'],
      [0, 0, 1],
    ],
  );
});

test.run();
