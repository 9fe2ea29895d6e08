// Tests: date and time intervals (src/common/intervals.ts), against JS Date arithmetic and ISO weeks worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toAutoUnit, toCivil, toDays, toPeriod, toPeriodLabel, toPeriodStart } from '../../src/common/intervals.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const ms = (iso: string) => Date.parse(`${iso}Z`);
const label = (v: number, unit: Parameters<typeof toPeriod>[1], type: Parameters<typeof toPeriod>[2]) =>
  toPeriodLabel(toPeriod(v, unit, type), unit, type);

test('civil dates agree with Date over four centuries', () => {
  for (let d = -150_000; d < 150_000; d += 37) {
    const date = new Date(d * 86_400_000);
    const c = toCivil(d);
    assert.equal([c.y, c.m, c.d], [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]);
    assert.is(toDays(c.y, c.m, c.d), d);
  }
});

test('labels each unit in ISO form', () => {
  const t = ms('2024-05-06T14:30:59.999');
  assert.is(label(t, 'year', 'datetime'), '2024');
  assert.is(label(t, 'quarter', 'datetime'), '2024-Q2');
  assert.is(label(t, 'month', 'datetime'), '2024-05');
  assert.is(label(t, 'week', 'datetime'), '2024-W19');
  assert.is(label(t, 'day', 'datetime'), '2024-05-06');
  assert.is(label(t, 'hour', 'datetime'), '2024-05-06T14');
  assert.is(label(t, 'minute', 'datetime'), '2024-05-06T14:30');
  assert.is(label(52_200_000, 'hour', 'time'), '14');
  assert.is(label(52_200_000, 'minute', 'time'), '14:30');
});

test('weeks start on Monday and belong to the ISO week-year of their Thursday', () => {
  assert.is(label(day('2021-01-03'), 'week', 'date'), '2020-W53'); // a Sunday
  assert.is(label(day('2021-01-04'), 'week', 'date'), '2021-W01'); // a Monday
  assert.is(label(day('2024-12-30'), 'week', 'date'), '2025-W01');
  assert.is(label(day('1970-01-01'), 'week', 'date'), '1970-W01');
  assert.is(toPeriodStart(toPeriod(day('2024-05-12'), 'week', 'date'), 'week', 'date'), day('2024-05-06'));
});

test('periods start where Date says, before 1970 too', () => {
  const cases: [string, 'year' | 'quarter' | 'month', string][] = [
    ['1969-12-31', 'year', '1969-01-01'],
    ['1969-12-31', 'quarter', '1969-10-01'],
    ['2024-06-30', 'quarter', '2024-04-01'],
    ['2024-02-29', 'month', '2024-02-01'],
  ];
  for (const [d, unit, start] of cases) {
    assert.is(toPeriodStart(toPeriod(day(d), unit, 'date'), unit, 'date'), day(start));
    assert.is(
      toPeriodStart(toPeriod(ms(`${d}T23:59:59.999`), unit, 'datetime'), unit, 'datetime'),
      ms(`${start}T00:00`),
    );
  }
  assert.is(
    toPeriodStart(toPeriod(ms('1969-12-31T23:59:30'), 'minute', 'datetime'), 'minute', 'datetime'),
    ms('1969-12-31T23:59'),
  );
});

test('auto picks the largest unit with at least 12 periods', () => {
  assert.is(toAutoUnit('date', day('2012-01-01'), day('2015-12-31')), 'quarter'); // 16 quarters, 4 years
  assert.is(toAutoUnit('date', day('2000-01-01'), day('2011-06-01')), 'year'); // 12 years
  assert.is(toAutoUnit('date', day('2024-01-01'), day('2024-01-05')), 'day'); // smallest for dates
  assert.is(toAutoUnit('datetime', ms('2024-01-01T00:00'), ms('2024-01-01T10:59')), 'minute');
  assert.is(toAutoUnit('datetime', ms('2024-01-01T00:00'), ms('2024-01-01T11:00')), 'hour');
  assert.is(toAutoUnit('time', 0, 3_600_000), 'minute');
});

test.run();
