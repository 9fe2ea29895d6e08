// Tests: the pure compute module workers/table/columns.ts.
import { Field, Float64, Bool, vectorFromArray } from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bitAt, isValid, openTable, toCacheState, toColumnView } from '../../../workers/table/columns.ts';
import { bool, date, datetime, dict, f64, i64, makeTableRef, time } from '../table.ts';

const ref = makeTableRef({
  n: f64([1.5, null, 3]),
  big: i64([1n, null, 9007199254740993n]),
  flag: bool([true, null, false]),
  word: dict(['b', null, 'a']),
  day: date([0, null, 19000]),
  at: time([1000, null, 86_399_999]),
  stamp: datetime([0, null, 1.5e12]),
});

test('decodes each storage kind to its raw typed array', () => {
  const t = openTable(ref);
  assert.is(t.rows, 3);
  assert.is(t.column('n').kind, 'f64');
  assert.ok(t.column('n').values instanceof Float64Array);
  assert.is(t.column('big').kind, 'i64');
  assert.ok(t.column('big').values instanceof BigInt64Array);
  assert.is(t.column('flag').kind, 'bool');
  assert.ok(t.column('flag').values instanceof Uint8Array);
  assert.is(t.column('word').kind, 'dict');
  assert.equal(t.column('word').dictionary, ['a', 'b']);
  assert.equal(Array.from(t.column('word').values as Int32Array).slice(0, 3), [1, 0, 0]);
  assert.is(t.column('day').kind, 'i32');
  assert.equal((t.column('day').values as Int32Array)[2], 19000);
  assert.is(t.column('at').kind, 'i32');
  assert.equal((t.column('at').values as Int32Array)[2], 86_399_999);
  assert.is(t.column('stamp').kind, 'f64');
});

test('flags date, time and datetime columns as temporal, plain numbers not', () => {
  const t = openTable(ref);
  assert.equal(
    ['n', 'big', 'day', 'at', 'stamp'].map((c) => t.column(c).temporal),
    [false, false, true, true, true],
  );
});

test('column buffers are views into the shared IPC bytes, not copies', () => {
  const t = openTable(ref);
  for (const name of ['n', 'big', 'flag', 'word', 'day']) {
    assert.ok(t.column(name).values.buffer instanceof SharedArrayBuffer, name);
    assert.is(t.column(name).values.buffer, t.column('n').values.buffer);
  }
});

test('reads nulls from the validity bitmap and booleans from bits', () => {
  const t = openTable(ref);
  const n = t.column('n'),
    flag = t.column('flag');
  assert.equal(
    [0, 1, 2].map((i) => isValid(n, i)),
    [true, false, true],
  );
  assert.equal(
    [0, 1, 2].map((i) => isValid(flag, i)),
    [true, false, true],
  );
  assert.equal(
    [0, 2].map((i) => bitAt(flag, i)),
    [1, 0],
  );
  assert.is(n.nullCount, 1);
});

test('a column without nulls has no validity bitmap to check', () => {
  const t = openTable(makeTableRef({ x: f64([1, 2]) }));
  assert.is(t.column('x').validity, null);
  assert.ok(isValid(t.column('x'), 1));
});

test('decodes a table once per thread and caches it by key', () => {
  const a = openTable(ref),
    b = openTable({ key: ref.key, generation: ref.generation, parts: ref.parts });
  assert.is(a, b);
  assert.is(a.column('n'), b.column('n'));
});

test('keeps only the newest generation: a reload drops the old tables, an old request decodes uncached', () => {
  const old = makeTableRef({ x: f64([1]) });
  const next = { ...makeTableRef({ x: f64([2]) }), generation: 5 };
  const a = openTable(old);
  assert.is(openTable(old), a);
  const b = openTable(next);
  assert.equal(toCacheState(), { generation: 5, tables: 1 });
  const again = openTable(old); // a request still in flight on the old snapshot
  assert.is.not(again, a);
  assert.is(again.column('x').values[0], 1);
  assert.equal(toCacheState(), { generation: 5, tables: 1 });
  assert.is(openTable(next), b);
});

test('honours the bit offset of sliced data for validity and booleans', () => {
  const v = vectorFromArray([true, null, false, true, null, true, false, false, true, null], new Bool()).slice(3, 9);
  const view = toColumnView(new Field('b', new Bool(), true), v.data[0]);
  assert.is(view.offset, 3);
  assert.is(view.length, 6);
  const seen = Array.from({ length: 6 }, (_, i) => (isValid(view, i) ? bitAt(view, i) : null));
  assert.equal(seen, [1, null, 1, 0, 0, 1]);
  const f = vectorFromArray([1, null, 3, 4], new Float64()).slice(1, 3);
  const fv = toColumnView(new Field('f', new Float64(), true), f.data[0]);
  assert.equal([isValid(fv, 0), isValid(fv, 1)], [false, true]);
  assert.is((fv.values as Float64Array)[1], 3); // value buffers are already sliced
});

test('names the column when it is missing', () => {
  assert.throws(() => openTable(ref).column('nope'), /No column "nope"/);
});

test('an empty table gives empty columns', () => {
  const t = openTable(makeTableRef({ x: f64([]), w: dict([]) }));
  assert.is(t.rows, 0);
  assert.is(t.column('x').length, 0);
  assert.equal(t.column('w').dictionary, []);
});

test.run();
