// Tests: a field's naive values as the snapshot holds them (src/snapshot/field-values.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toDefaultLabels, toFieldValues } from '../../src/snapshot/field-values.ts';

test('default labels are made per value when asked: dates as ISO days, numbers as JavaScript prints them', () => {
  let made = 0;
  const date = toDefaultLabels('date');
  const f = toFieldValues(Float64Array.from([0, 18000]), Uint32Array.from([2, 1]), 0, (v) => {
    made++;
    return date(v);
  });
  assert.is(made, 0, 'nothing made up front');
  assert.is(f.label(1), '2019-04-14');
  assert.is(made, 1);
  assert.equal(f.labels(), ['1970-01-01', '2019-04-14']);
  assert.is(f.labels(), f.labels(), 'all of them made once, then kept');
  assert.is(made, 3);
  assert.equal(toFieldValues([1e21, -0.5, 2], [1, 1, 1], 0, toDefaultLabels('float')).labels(), ['1e+21', '-0.5', '2']);
});

test("a label column's labels are the list given", () => {
  const labels = ['one', 'two'];
  const f = toFieldValues([1, 2], [3, 4], 1, labels);
  assert.equal([f.label(0), f.label(1), f.nullCount], ['one', 'two', 1]);
  assert.is(f.labels(), labels);
});

test.run();
