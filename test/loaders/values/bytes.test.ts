// Classifying a CSV cell from its bytes: the plain decimals and ISO dates it reads, as classifyText reads them, and what it leaves to classifyText.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyBytes, UNKNOWN } from '../../../loaders/values/bytes.ts';
import { classifyText, DATE, FLOAT, INT, parsed } from '../../../loaders/values/classify.ts';

const classify = (text: string) => {
  const b = Buffer.from(`,${text},`);
  return classifyBytes(b, 1, b.length - 1);
};

test('reads plain decimals of up to 15 digits as the double Number(text) gives', () => {
  const cases: [string, number][] = [
    ['0', INT],
    ['42', INT],
    ['-7', INT],
    ['007', INT],
    ['-0', INT],
    ['1.', INT],
    ['2.000', INT],
    ['.5', FLOAT],
    ['-.25', FLOAT],
    ['681.705', FLOAT],
    ['0.1', FLOAT],
    ['-69.74', FLOAT],
    ['999999999999999', INT],
    ['123456789.012345', FLOAT],
    ['0.00000000000001', FLOAT],
  ];
  for (const [text, kind] of cases) {
    assert.is(classify(text), kind, text);
    assert.ok(Object.is(parsed.value, Number(text)), text);
  }
});

test('leaves signs, exponents, hex, spaces, long mantissas, dates and words to the text path', () => {
  const cases = [
    '+5',
    '1e3',
    '1e400',
    '0x10',
    ' 1',
    '1 ',
    '-',
    '.',
    '-.',
    '1.2.3',
    '1234567890123456',
    '0.30000000000000004',
    '0.000000000000001',
    '12345678.90123456',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-1-01',
    '2024-02-29T00:00',
    '2024-02-29 ',
    '-2024-02-29',
    '08:15',
    'NaN',
    'Infinity',
    'true',
    '١٢',
  ];
  for (const text of cases) assert.is(classify(text), UNKNOWN, text);
});

test('reads a valid YYYY-MM-DD as the date classifyText reads', () => {
  for (const text of [
    '2024-02-29',
    '1970-01-01',
    '1969-12-31',
    '0001-01-01',
    '9999-12-31',
    '2000-02-29',
    '2015-01-01',
  ]) {
    assert.is(classify(text), DATE, text);
    const days = parsed.value;
    assert.is(classifyText(text), DATE, text);
    assert.is(days, parsed.value, text);
  }
  classify('1970-01-02');
  assert.is(parsed.value, 1);
});

test.run();
