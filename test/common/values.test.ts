// Tests: storage values to JSON values and labels (src/format.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toDateString, toDatetimeString, toTimeString } from '../../src/common/dates.ts';
import { toJsonValue, toLabel } from '../../src/common/values.ts';

test('dates, datetimes and times format in the API forms', () => {
  assert.is(toDateString(0), '1970-01-01');
  assert.is(toDateString(-1), '1969-12-31');
  assert.is(toDateString(19737), '2024-01-15');
  assert.is(toDatetimeString(Date.UTC(2026, 10, 20, 9, 15, 2, 120)), '2026-11-20T09:15:02.120');
  assert.is(toTimeString(0), '00:00:00.000');
  assert.is(toTimeString(((23 * 60 + 59) * 60 + 58) * 1000 + 7), '23:59:58.007');
});

test('storage values become JSON values by internal type', () => {
  assert.is(toJsonValue(1, 'boolean'), true);
  assert.is(toJsonValue(0, 'boolean'), false);
  assert.is(toJsonValue('9007199254740993', 'biginteger'), '9007199254740993');
  assert.is(toJsonValue('42', 'biginteger'), 42);
  assert.is(toJsonValue(1.5, 'float'), 1.5);
  assert.is(toJsonValue(null, 'float'), null);
  assert.is(toJsonValue(Number.NaN, 'float'), 'NaN');
  assert.is(toJsonValue('x', 'char'), 'x');
});

test('labels are the string form of the JSON value; null is "null"', () => {
  assert.is(toLabel(1, 'boolean'), 'true');
  assert.is(toLabel(19737, 'date'), '2024-01-15');
  assert.is(toLabel(3.25, 'decimal'), '3.25');
  assert.is(toLabel(null, 'char'), 'null');
});

test.run();
