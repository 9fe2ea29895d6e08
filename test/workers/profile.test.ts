// Tests: the pure compute module workers/profile.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctValues } from '../../workers/distinct.ts';
import { profileColumn } from '../../workers/profile.ts';
import { columnStats } from '../../workers/stats.ts';
import { date, dict, f64, i64, makeColumns } from './table.ts';

const t = makeColumns({
  x: f64([3.5, null, 1, 3.5, -2, 1e300, 0.1, null, 1]),
  n: f64([4, 4, 2, null, 9, 4, 2, 1, 0]),
  d: date([19000, null, 18000, 19000, 17000, 19000, 0, -1, 5]),
  b: i64([9007199254740993n, 1n, null, 1n, -5n, 2n, 3n, 3n, 3n]),
  w: f64([2 ** 53 - 1, 2 ** 53 - 1, null, 2, 2 ** 53 - 1, -1, 2 ** 53 - 1, 0, 2 ** 53 - 1]),
  s: dict(['b', 'a', null, 'b', 'c', 'a', 'a', 'b', 'b']),
});

test('a profile is exactly distinctValues and columnStats, from one sort', () => {
  for (const name of ['x', 'n', 'd', 'b', 'w']) {
    const col = t.col(name);
    assert.equal(
      profileColumn(col, true),
      { distinct: distinctValues(col, null), stats: columnStats(col, null) },
      name,
    );
  }
});

test('the profile sums whole numbers exactly', () => {
  // 9007199254740993 + 1 + 1 − 5 + 2 + 3·3 = 9007199254741001
  assert.is(profileColumn(t.col('b'), true).stats!.sum, '9007199254741001');
  // 5 × (2^53 − 1) + 2 − 1 + 0 = 45035996273704956; mean over 8 = 5629499534213119.5 → …120 (even)
  const w = profileColumn(t.col('w'), true).stats!;
  assert.equal([w.sum, w.mean], ['45035996273704956', 5629499534213120]);
});

test('without stats, or for a string column, the profile has distinct values only', () => {
  assert.equal(profileColumn(t.col('x'), false), { distinct: distinctValues(t.col('x'), null), stats: null });
  assert.equal(profileColumn(t.col('s'), true), { distinct: distinctValues(t.col('s'), null), stats: null });
});

test.run();
