// Tests: the spans of binned and truncated axes (web/charts/axes.ts), against edges worked out by hand.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toBinEdges, toPeriodEnd, toUnits } from '../../../web/charts/axes.ts';

const t = suite('web chart axes');
const at = (iso: string) => new Date(`${iso}Z`);
const end = (iso: string, unit: Parameters<typeof toPeriodEnd>[1]) => toPeriodEnd(at(iso), unit).toISOString();

t('a bin ends where its label says, exactly (0.3, not 0.1 + 0.2)', () => {
  assert.equal(toBinEdges(0.1, '[0.1, 0.3)', 0.2), [0.1, 0.3]);
  assert.equal(toBinEdges(4, '[4, 4.5]', 0.5), [4, 4.5]);
  assert.equal(toBinEdges(-4.5, '[-4.5, -4)', 0.5), [-4.5, -4]);
  assert.equal(toBinEdges(2, 'two', 5), [2, 7]); // no edges in the label: lower edge + width
});

t('a period ends at the start of the next, in UTC (leap days, month lengths, ISO weeks)', () => {
  assert.is(end('2024-01-01T00:00:00', 'year'), '2025-01-01T00:00:00.000Z');
  assert.is(end('2024-10-01T00:00:00', 'quarter'), '2025-01-01T00:00:00.000Z');
  assert.is(end('2024-01-01T00:00:00', 'month'), '2024-02-01T00:00:00.000Z');
  assert.is(end('2024-02-01T00:00:00', 'month'), '2024-03-01T00:00:00.000Z'); // 29 days
  assert.is(end('2024-12-30T00:00:00', 'week'), '2025-01-06T00:00:00.000Z');
  assert.is(end('2024-02-28T00:00:00', 'day'), '2024-02-29T00:00:00.000Z');
  assert.is(end('2024-05-06T23:00:00', 'hour'), '2024-05-07T00:00:00.000Z');
  assert.is(end('1970-01-01T13:59:00', 'minute'), '1970-01-01T14:00:00.000Z');
  assert.is(end('0050-01-01T00:00:00', 'year'), '0051-01-01T00:00:00.000Z'); // not 1951
});

t('time-of-day fields take hours and minutes; dates stop at days', () => {
  assert.equal(toUnits('time'), ['hour', 'minute']);
  assert.equal(toUnits('date'), ['year', 'quarter', 'month', 'week', 'day']);
  assert.equal(toUnits('datetime'), ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute']);
});

t.run();
