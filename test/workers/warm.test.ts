// Tests: the start-up warm-up of a worker thread (workers/warm.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distribution } from '../../workers/dist/dist.ts';
import { warmUp } from '../../workers/warm.ts';
import { f64, makeColumns } from './table.ts';

test('runs every grouping path it warms without throwing, and leaves later answers as they were', () => {
  const { col } = makeColumns({ n: f64([3, 1, 3, null, -2]) });
  const params = {
    nulls: true,
    sort: 'fields' as const,
    cluster: false,
    n: null,
    numeric: false,
    maxGroups: 10,
    maxClusterPoints: 10,
    axes: [],
  };
  const before = distribution([col('n')], null, params);
  warmUp();
  warmUp();
  assert.equal(distribution([col('n')], null, params), before);
  assert.equal(
    before.data.map((p) => [p.values[0], p.count]),
    [
      [-2, 1],
      [1, 1],
      [3, 2],
      [null, 1],
    ],
  );
});

test.run();
