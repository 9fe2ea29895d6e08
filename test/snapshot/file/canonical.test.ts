// Tests: canonical JSON (src/snapshot/file/canonical.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toCanonicalJson } from '../../../src/snapshot/file/canonical.ts';

test('sorts object keys by code point at every level and adds no whitespace', () => {
  assert.is(toCanonicalJson({ b: 1, a: [{ z: null, y: 'é' }], B: true }), '{"B":true,"a":[{"y":"é","z":null}],"b":1}');
});

test('gives the same text for objects built in different orders', () => {
  const m1 = new Map([
      ['x', 1],
      ['y', 2],
    ]),
    m2 = new Map([
      ['y', 2],
      ['x', 1],
    ]);
  assert.is(toCanonicalJson(Object.fromEntries(m1)), toCanonicalJson(Object.fromEntries(m2)));
});

test('refuses values JSON.stringify would silently change', () => {
  assert.throws(() => toCanonicalJson({ a: NaN }), /\$\.a: NaN has no JSON form/);
  assert.throws(() => toCanonicalJson([1, Infinity]), /\$\[1\]: Infinity/);
  assert.throws(() => toCanonicalJson({ a: undefined }), /\$\.a: a undefined value/);
  assert.throws(() => toCanonicalJson({ m: new Map() }), /\$\.m: a Map value/);
  assert.throws(() => toCanonicalJson(10n), /bigint/);
});

test.run();
