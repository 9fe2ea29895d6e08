// Tests: a profile counted from its column (workers/values/profile-counts.ts, workers/stats/runs.ts) against the sorted copy it replaces.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../../src/common/random.ts';
import type { ColumnView } from '../../../workers/table/columns.ts';
import { profileColumn } from '../../../workers/values/profile.ts';
import { countedRuns } from '../../../workers/values/profile-counts.ts';
import { selectValues } from '../../../workers/table/select.ts';
import { statsOfSorted } from '../../../workers/stats/stats.ts';
import { type ColumnSpec, date, datetime, f64, makeColumns, time } from '../table.ts';

// The oracle: the profile as it was made before, from a copy sorted by the built-in sort (not
// Sorrel's counting or radix sorts), its runs found by a plain loop.
function sortedProfile(col: ColumnView) {
  const { values, nullCount } = selectValues(col, null);
  values.sort();
  const runs: number[] = [],
    counts: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (i > 0 && values[i] === values[i - 1]) counts[counts.length - 1]++;
    else {
      runs.push(Number(values[i]));
      counts.push(1);
    }
  }
  return { distinct: { values: runs, counts, nullCount }, stats: statsOfSorted(col, values, nullCount) };
}

// Every number by its exact double (-0 apart from 0, NaN named), so "the same" means byte-identical.
const exactly = (x: unknown) =>
  JSON.stringify(x, (_, v) =>
    typeof v === 'number' ? (Object.is(v, -0) ? '-0' : Number.isNaN(v) ? 'NaN' : `${v}`) : v,
  );

function assertSameProfile(spec: ColumnSpec, name: string, path: 'counted' | 'sorted') {
  const col = makeColumns({ v: spec }).col('v');
  assert.is(countedRuns(col) !== null, path === 'counted', `${name}: ${path}`);
  const got = profileColumn(col, true);
  const lists = {
    distinct: {
      values: Array.from(got.distinct.values as Float64Array),
      counts: Array.from(got.distinct.counts),
      nullCount: got.distinct.nullCount,
    },
    stats: got.stats,
  };
  assert.is(exactly(lists), exactly(sortedProfile(col)), name);
}

/** `rows` draws of `draw`, a fraction `nulls` of them null. */
function column(seed: number, rows: number, nulls: number, draw: (r: () => number) => number): (number | null)[] {
  const r = mulberry32(seed);
  return Array.from({ length: rows }, () => (r() < nulls ? null : draw(r)));
}

const SIZES = [1, 7, 64, 65, 1000, 5000, 70_000];

test('integers of a span up to 64K slots or one a row, with and without nulls, negatives among them: counted, and the same profile', () => {
  for (const rows of SIZES)
    for (const nulls of [0, 0.1])
      for (const [span, from] of [
        [3, 0],
        [20, -10],
        [1000, -500],
        [100_000, 7],
      ]) {
        const values = column(rows + span, rows, nulls, (r) => from + Math.floor(r() * span));
        const present = values.filter((v) => v !== null) as number[];
        const wide = Math.max(...present) - Math.min(...present) + 1 > Math.max(65_536, rows);
        const name = `${rows} rows, span ${span} from ${from}, ${nulls} nulls`;
        assertSameProfile(f64(values), name, wide ? 'sorted' : 'counted');
      }
});

test('dates, times and datetimes (order statistics only) are counted alike', () => {
  for (const rows of SIZES) {
    const days = column(rows, rows, 0.05, (r) => 18_000 + Math.floor(r() * 1500) - 700);
    assertSameProfile(date(days), `${rows} dates`, 'counted');
    const seconds = column(rows + 1, rows, 0.2, (r) => Math.floor(r() * 50_000) * 1000);
    assertSameProfile(time(seconds), `${rows} times on whole seconds`, 'counted');
    const stamps = column(rows + 2, rows, 0.1, (r) => 1.6e12 + Math.floor(r() * 5000) * 60_000);
    assertSameProfile(datetime(stamps), `${rows} datetimes on whole minutes`, 'counted');
  }
});

test('decimals of a few places, negative ones too, are counted; long runs cross the 64-value blocks of the sums', () => {
  for (const rows of SIZES) {
    const cents = column(rows * 3, rows, 0.1, (r) => Math.round((r() - 0.4) * 20_000) / 100 + 0); // + 0: no -0
    assertSameProfile(f64(cents), `${rows} decimals of 2 places`, 'counted');
    const few = column(rows * 5, rows, 0, (r) => [0.5, -2.25, 0.001, 3.125][Math.floor(r() * 4)]);
    assertSameProfile(f64(few), `${rows} rows of 4 decimals`, 'counted');
  }
});

test('whole numbers of a wide span in steps (timestamps on whole minutes) are counted by their step', () => {
  const rows = 5000;
  const minutes = column(9, rows, 0.01, (r) => 1.7e12 + Math.floor(r() * 50_000) * 60_000);
  assertSameProfile(f64(minutes), 'minute stamps over 50,000 minutes', 'counted');
  assertSameProfile(f64(minutes.map((v) => (v === null ? null : v + 0.5))), 'the same, each half a unit on', 'counted');
  const wide = column(10, rows, 0.01, (r) => 1.7e12 + Math.floor(r() * 1e6) * 60_000);
  assertSameProfile(f64(wide), 'minute stamps over 1M minutes: too many slots', 'sorted');
});

test('a single value, all nulls, and no rows', () => {
  for (const rows of [1, 5, 300]) {
    assertSameProfile(f64(Array(rows).fill(42)), `${rows} × 42`, 'counted');
    assertSameProfile(f64(Array(rows).fill(-0.75)), `${rows} × -0.75`, 'counted');
    assertSameProfile(f64(Array(rows).fill(null)), `${rows} nulls`, 'counted');
    assertSameProfile(date(Array(rows).fill(null)), `${rows} null dates`, 'counted');
  }
  assertSameProfile(f64([]), 'no rows', 'counted');
});

test('integers near 2^53 sum exactly, carried term by term past it', () => {
  const top = 2 ** 53 - 1;
  const values = column(5, 3000, 0.1, (r) => top - Math.floor(r() * 50));
  assertSameProfile(f64(values), 'near 2^53', 'counted');
  const both = column(6, 3000, 0, (r) => (r() < 0.5 ? -top : top) + (r() < 0.5 ? 0 : 0));
  assertSameProfile(f64(both), '±(2^53 − 1): span too wide', 'sorted');
  assert.is(profileColumn(makeColumns({ v: f64([top, top, top]) }).col('v'), true).stats!.sum, '27021597764222973');
  // 5 × (2^51 + 1) = 11258999068426245: odd, past 2^53, so not a double.
  const odd = f64([...Array(5).fill(2 ** 51 + 1), null]);
  assertSameProfile(odd, '5 × (2^51 + 1)', 'counted');
  assert.is(profileColumn(makeColumns({ v: odd }).col('v'), true).stats!.sum, '11258999068426245');
});

test('what slots cannot count is sorted as before: -0, NaN, ±∞, many places, a wide span', () => {
  for (const rows of [10, 5000]) {
    const zeros = column(rows, rows, 0.1, (r) => [-0, 0, 1, -1][Math.floor(r() * 4)]);
    assertSameProfile(f64([-0, ...zeros]), `${rows} with -0`, 'sorted');
    assertSameProfile(f64([Number.NaN, ...column(rows, rows, 0, (r) => Math.floor(r() * 9))]), 'NaN', 'sorted');
    assertSameProfile(f64([Number.POSITIVE_INFINITY, 1, 2, ...Array(rows).fill(3)]), '∞', 'sorted');
    assertSameProfile(f64(column(rows + 3, rows, 0.1, (r) => r() * 100)), 'doubles of many places', 'sorted');
    assertSameProfile(f64(column(rows + 4, rows, 0, (r) => Math.floor(r() * 1e12))), 'integers over 1e12', 'sorted');
  }
});

test('a key column (every value distinct) profiles as before: in order, its values are a view of the column', () => {
  const keys = Array.from({ length: 5000 }, (_, i) => Math.sqrt(i) * 1000 - 20_000); // not few places: sorted
  const inOrder = makeColumns({ v: f64(keys) }).col('v');
  const p = profileColumn(inOrder, true);
  assert.is((p.distinct.values as Float64Array).buffer, (inOrder.values as Float64Array).buffer, 'no copy');
  assert.is(
    exactly({
      ...p,
      distinct: {
        ...p.distinct,
        values: Array.from(p.distinct.values as Float64Array),
        counts: Array.from(p.distinct.counts),
      },
    }),
    exactly(sortedProfile(inOrder)),
  );
  const r = mulberry32(77);
  const shuffled = keys
    .map((k) => [r(), k])
    .sort((a, b) => a[0] - b[0])
    .map((pair) => pair[1]);
  assertSameProfile(f64(shuffled), 'the same keys shuffled', 'sorted');
  assertSameProfile(f64([...shuffled.slice(0, 100), null]), 'with a null', 'sorted');
});

test.run();
