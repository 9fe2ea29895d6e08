// Warms a worker thread's hot loops at start-up: the grouping paths run a few times over a tiny table.
import type { DistParams } from '../src/contract/tasks.ts';
import type { ColumnView } from './table/columns.ts';
import { distinctValues } from './values/distinct.ts';
import { distribution } from './dist/dist.ts';
import { conditionMask } from './mask/mask.ts';

const ROWS = 5000;
const ROUNDS = 3;

/**
 * Why: a fresh worker's first request ran its loops in V8's interpreter until they were hot
 * enough to be compiled, then compiled them: at 10M rows an aware dist of an integer column took
 * ~100 ms on a fresh thread against ~55 ms once warm (measured in-process). Running the same
 * functions over 5,000 rows a few times at start-up (~25 ms, off any request's path, while the
 * data loads) compiles them with the feedback of every column kind they group: i32 and f64
 * integers (offsets.ts, direct.ts), i32 dates, dictionary codes (codes.ts), and a context's comparison
 * mask. No answer is kept; the work touches nothing of the snapshot.
 */
export function warmUp(): void {
  const view = (kind: ColumnView['kind'], values: ColumnView['values'], dictionary?: string[]): ColumnView => ({
    kind,
    values,
    validity: null,
    offset: 0,
    length: ROWS,
    nullCount: 0,
    temporal: false,
    ...(dictionary ? { dictionary } : {}),
  });
  // Integers as they are stored: Int32 when they fit (loaders/core/narrow.ts), else Float64.
  const cat = view(
    'i32',
    Int32Array.from({ length: ROWS }, (_, i) => (i * 7919) % 1000),
  );
  const wide = view(
    'f64',
    Float64Array.from({ length: ROWS }, (_, i) => ((i * 7919) % 1000) * 2 ** 32),
  );
  const grade = view(
    'i32',
    Int32Array.from({ length: ROWS }, (_, i) => (i * 31) % 20),
  );
  const day = {
    ...view(
      'i32',
      Int32Array.from({ length: ROWS }, (_, i) => 18_262 + ((i * 104_729) % 1500)),
    ),
    temporal: true,
  };
  const code = view(
    'dict',
    Int32Array.from({ length: ROWS }, (_, i) => i % 50),
    Array.from({ length: 50 }, (_, i) => `v${String(i).padStart(2, '0')}`),
  );
  const params: DistParams = {
    nulls: false,
    sort: 'fields',
    cluster: false,
    n: null,
    numeric: true,
    maxGroups: 50_000,
    maxClusterPoints: 50_000,
    axes: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    const mask = conditionMask(grade, { operator: 'lt', value: 10 });
    conditionMask(wide, { operator: 'lt', value: 2 ** 40 });
    for (const col of [cat, wide, day]) {
      distribution([col], mask, params);
      distinctValues(col, mask);
    }
    distribution([cat, grade], mask, params);
    distribution([grade, day], null, params);
    distribution([code], mask, { ...params, numeric: false });
  }
}
