// Type inference from a single CSV cell or JSON string.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BIG,
  BOOL,
  classifyJsonString,
  classifyText,
  DATE,
  DATETIME,
  FLOAT,
  INT,
  parsed,
  STRING,
  TIME,
} from '../../../loaders/values/classify.ts';

const NAMES = ['NULL', 'INT', 'BIG', 'FLOAT', 'BOOL', 'DATE', 'DATETIME', 'TIME', 'STRING'];
const kindOf = (s: string) => NAMES[classifyText(s)];

test('integers: signs, leading zeros, up to 2^53 in magnitude', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['-12', -12],
    ['+7', 7],
    ['007', 7],
    ['9007199254740992', 2 ** 53],
    ['-9007199254740992', -(2 ** 53)],
    ['0000000000000000001', 1],
  ];
  for (const [text, value] of cases) {
    assert.is(classifyText(text), INT, text);
    assert.is(parsed.value, value, text);
  }
});

test('integer texts beyond 2^53 are BIG within Int64, STRING beyond', () => {
  assert.is(kindOf('9007199254740993'), 'BIG');
  assert.is(kindOf('-9223372036854775808'), 'BIG');
  assert.is(kindOf('9223372036854775807'), 'BIG');
  assert.is(kindOf('9223372036854775808'), 'STRING');
  assert.is(kindOf('-9223372036854775809'), 'STRING');
  assert.is(classifyText('12345678901234567'), BIG);
});

test('decimals and exponents are FLOAT, correctly rounded; whole values count as integers', () => {
  const cases: [string, number][] = [
    ['0.1', 0.1],
    ['-2.5', -2.5],
    ['.5', 0.5],
    ['1e-3', 0.001],
    ['6.02E23', 6.02e23],
    ['123456789.123456', 123456789.123456],
    ['0.30000000000000004', 0.30000000000000004],
  ];
  for (const [text, value] of cases) {
    assert.is(classifyText(text), FLOAT, text);
    assert.is(parsed.value, value, text);
  }
  assert.is(classifyText('1.0'), INT);
  assert.is(classifyText('5.'), INT);
  assert.is(classifyText('1e20'), FLOAT); // whole, but past 2^53 and not plain digits
});

test('things that are not numbers are STRING', () => {
  for (const text of [
    '-',
    '.',
    '+',
    '1-2',
    '1.2.3',
    '1e',
    '1e+',
    '0x10',
    '1_000',
    '1,000',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '1e400',
    '--1',
  ]) {
    assert.is(kindOf(text), 'STRING', text);
  }
});

test('booleans are true/false in any case, nothing else', () => {
  for (const text of ['true', 'TRUE', 'False', 'fAlSe']) assert.is(classifyText(text), BOOL, text);
  for (const text of ['t', 'yes', '1', 'truth', 'falsey']) assert.is.not(classifyText(text), BOOL, text);
});

test('ISO dates, datetimes and times', () => {
  assert.is(classifyText('2024-02-29'), DATE);
  assert.is(classifyText('2024-02-29T12:00'), DATETIME);
  assert.is(classifyText('2024-02-29 12:00:00.123456789-05:30'), DATETIME);
  assert.is(classifyText('12:00'), TIME);
  assert.is(classifyText('12:00:00.5'), TIME);
  for (const text of [
    '2023-02-29',
    '2024-1-5',
    '2024-01-01T25:00',
    '24:00',
    '12:60',
    '12:00:60',
    '2024-01-01T10:00+1:00',
    '2024-01-01Z',
  ]) {
    assert.is(kindOf(text), 'STRING', text);
  }
});

test('JSON strings are only temporal or STRING, never numbers or booleans', () => {
  assert.is(classifyJsonString('2024-01-02'), DATE);
  assert.is(classifyJsonString('10:30'), TIME);
  for (const text of ['12', 'true', '1.5', '']) assert.is(classifyJsonString(text), STRING, text);
});

test.run();
