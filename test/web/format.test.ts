// Tests: how the page writes numbers and operators (web/format.ts), against values worked out by hand.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMeasure, formatOperator, formatValue, toFieldDigits } from '../../web/format.ts';

const t = suite('web format');

t('a statistic keeps its sign and 4 significant digits: -0.0001 is not "-0", 0.9996 is not "1"', () => {
  const digits = toFieldDigits(0.9996); // a standard normal field: 4 decimals
  assert.is(digits, 4);
  assert.is(formatMeasure(-0.0001, digits), '-0.0001');
  assert.is(formatMeasure(0.9996, digits), '0.9996');
  assert.is(formatMeasure(-0.0001), '-0.0001'); // even at the default 2 decimals
  assert.is(formatMeasure(0.9996), '0.9996');
});

t('never "-0": a negative value that rounds to zero prints without a sign', () => {
  assert.is(formatMeasure(-0), '0');
  assert.is(formatMeasure(-0.00004, 2), '-0.00004'); // 4 significant digits win over 2 decimals
  assert.is(formatMeasure(-0.000_000_01), '-1E-8');
  assert.is(formatValue(-0), '0');
});

t('large measures keep their integer digits and the field’s decimals', () => {
  assert.is(formatMeasure(4201.754385964912, toFieldDigits(801.95)), '4,201.8'); // spread 801.95: 1 decimal
  assert.is(formatMeasure(146_083_123.5, toFieldDigits(6e7)), '146,083,124');
  assert.is(formatMeasure(43.92193, toFieldDigits(5.46)), '43.922');
  assert.is(formatMeasure(1e21), '1E21');
});

t('field digits follow the spread; unknown or zero spread gives 2', () => {
  assert.is(toFieldDigits(1), 3);
  assert.is(toFieldDigits(10), 2);
  assert.is(toFieldDigits(0.0012), 6);
  assert.is(toFieldDigits(1e9), 0);
  assert.is(toFieldDigits(0), 2);
  assert.is(toFieldDigits(null), 2);
});

t('a data value shows every digit it has', () => {
  assert.is(formatValue(39.1), '39.1');
  assert.is(formatValue(0.0001), '0.0001');
  assert.is(formatValue(12345.678901234), '12,345.678901234');
  assert.is(formatValue('Biscoe'), 'Biscoe');
  assert.is(formatValue(null), '–');
});

t('case-insensitive operators are told apart from their exact twins; other labels stay', () => {
  const labels = [
    ['exact', 'is'],
    ['-exact', 'is not'],
    ['iexact', 'is'],
    ['-iexact', 'is not'],
    ['in', 'includes'],
    ['icontains', 'contains'],
    ['-icontains', 'does not contain'],
  ].map(([code, label]) => formatOperator(code, label));
  assert.equal(labels, [
    'is',
    'is not',
    'is (any case)',
    'is not (any case)',
    'includes',
    'contains (any case)',
    'does not contain (any case)',
  ]);
  assert.is(new Set(labels).size, labels.length);
});

t.run();
