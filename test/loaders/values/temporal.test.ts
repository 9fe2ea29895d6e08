// Date, datetime and time parsing and formatting, all in UTC.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  daysFromCivil,
  formatDateTime,
  parseIsoDate,
  parseIsoDateTime,
  parseIsoTime,
  parseLooseDateTime,
  toDays,
  toEpochMs,
} from '../../../loaders/values/temporal.ts';
import { toDateString, toTimeString } from '../../../src/common/dates.ts';

test('daysFromCivil agrees with Date.UTC from year 0 to 9999', () => {
  for (let y = 0; y <= 9999; y += 7) {
    for (const [m, d] of [
      [1, 1],
      [2, 28],
      [3, 1],
      [12, 31],
    ]) {
      const utc = new Date(0);
      utc.setUTCFullYear(y, m - 1, d);
      assert.is(daysFromCivil(y, m, d), Math.round(utc.getTime() / 86_400_000), `${y}-${m}-${d}`);
    }
  }
});

test('ISO dates validate month lengths and leap years', () => {
  assert.is(parseIsoDate('2000-02-29'), 11016);
  assert.ok(Number.isNaN(parseIsoDate('1900-02-29')));
  assert.ok(Number.isNaN(parseIsoDate('2024-04-31')));
  assert.ok(Number.isNaN(parseIsoDate('2024-00-10')));
  assert.ok(Number.isNaN(parseIsoDate('2024-01-1')));
});

test('ISO times: minutes, seconds, fractions truncated to milliseconds', () => {
  assert.is(parseIsoTime('00:00'), 0);
  assert.is(parseIsoTime('23:59:59'), 86_399_000);
  assert.is(parseIsoTime('01:02:03.4'), 3_723_400);
  assert.is(parseIsoTime('01:02:03.456789'), 3_723_456);
  for (const bad of ['1:02', '01:2', '01:02:3', '01:02:03.', '01:02:03.1234567890', '01-02'])
    assert.ok(Number.isNaN(parseIsoTime(bad)), bad);
});

test('ISO datetimes: T or space, optional Z or ±HH:MM; no zone means UTC', () => {
  const base = Date.UTC(2024, 0, 2, 3, 4);
  assert.is(parseIsoDateTime('2024-01-02T03:04'), base);
  assert.is(parseIsoDateTime('2024-01-02 03:04Z'), base);
  assert.is(parseIsoDateTime('2024-01-02T05:04+02:00'), base);
  assert.is(parseIsoDateTime('2024-01-01T22:34:00.000-04:30'), base);
  for (const bad of ['2024-01-02', '2024-01-02T03', '2024-01-02X03:04', '2024-01-02T03:04+0200', '2024-01-02T03:04z']) {
    assert.ok(Number.isNaN(parseIsoDateTime(bad)), bad);
  }
});

test('loose dates read a zone-less text as UTC and keep a written zone', () => {
  assert.is(parseLooseDateTime('Jun 12 1998'), Date.UTC(1998, 5, 12));
  assert.is(parseLooseDateTime('12 June 1998 10:30'), Date.UTC(1998, 5, 12, 10, 30));
  assert.is(parseLooseDateTime('Jun 12 1998 10:30 GMT+0200'), Date.UTC(1998, 5, 12, 8, 30));
  assert.is(parseLooseDateTime('Jun 12 1998 10:30 EST'), Date.UTC(1998, 5, 12, 15, 30));
  assert.is(parseLooseDateTime('1998/06/12'), Date.UTC(1998, 5, 12));
});

test('loose dates need a four-digit year: V8 would read "Movie 2" as 2001-02-01', () => {
  for (const text of ['Movie 2', '12', 'Jun 12', 'TBD', '']) assert.ok(Number.isNaN(parseLooseDateTime(text)), text);
});

test('toDays and toEpochMs take ISO first, then loose text', () => {
  assert.is(toDays('2024-01-02'), daysFromCivil(2024, 1, 2));
  assert.is(toDays('2024-01-02T23:00:00-05:00'), daysFromCivil(2024, 1, 3));
  assert.is(toDays('Jan 2 2024'), daysFromCivil(2024, 1, 2));
  assert.is(toEpochMs('2024-01-02'), Date.UTC(2024, 0, 2));
  assert.ok(Number.isNaN(toEpochMs('soon')));
});

test('formats days, instants and times of day in ISO', () => {
  assert.is(toDateString(-1), '1969-12-31');
  assert.is(formatDateTime(0), '1970-01-01T00:00:00.000Z');
  assert.is(toTimeString(45_296_789), '12:34:56.789');
});

test.run();
