// Tests: the brush model (web/brush.ts) and how the context sends it (web/context.ts), on values worked out by hand.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  toBrush,
  toBrushAxis,
  toBrushConditions,
  toEdgeBrush,
  toEdgeIndices,
  toSnappedBrush,
} from '../../web/brush.ts';
import { toApplied, toContextParams } from '../../web/context.ts';
import type { Dist, Field } from '../../web/types.ts';

const t = suite('web brush');

const field = (id: number, simple_type: string, app_name = 'readings') =>
  ({ id, simple_type, app_name, name: `f${id}` }) as unknown as Field;
const X = field(1, 'number');
const AT = field(3, 'datetime');
const CLOCK = field(5, 'time');
const FIELDS = new Map([X, AT, CLOCK, field(6, 'string'), field(9, 'number', 'other')].map((f) => [f.id, f]));

// Bins of width 0.1 from 0.2: [0.2, 0.3) [0.3, 0.4) (no records in [0.4, 0.5)) [0.5, 0.6]; labels as the API writes them.
const HIST = {
  size: 3,
  clustered: false,
  axes: [{ field: 1, bins: { width: 0.1, start: 0.2, count: 4 } }],
  data: [
    { count: 5, values: [0.2], labels: ['[0.2, 0.3)'] },
    { count: 7, values: [0.3], labels: ['[0.3, 0.4)'] },
    { count: 2, values: [0.5], labels: ['[0.5, 0.6]'] },
  ],
  outliers: [],
} as unknown as Dist;

t('a drag snaps outwards to bin edges as the service wrote them (0.3, never 0.30000000000000004)', () => {
  const axis = toBrushAxis(HIST, X, 'histogram');
  assert.equal(axis.edges, [0.2, 0.3, 0.4, 0.5, 0.6]);
  assert.is(axis.closedAt, 0.6);
  assert.equal(toSnappedBrush(axis, 0.25, 0.33), { field: 1, from: 0.2, to: 0.4, closed: false });
  assert.equal(toSnappedBrush(axis, 0.33, 0.25), { field: 1, from: 0.2, to: 0.4, closed: false }); // dragged leftwards
  assert.equal(toSnappedBrush(axis, 0.31, 0.32), { field: 1, from: 0.3, to: 0.4, closed: false }); // within one bin
  // The last bin holds its upper edge: lte.
  assert.equal(toSnappedBrush(axis, 0.45, 0.7), { field: 1, from: 0.4, to: 0.6, closed: true });
  assert.equal(toSnappedBrush(axis, -5, 5), { field: 1, from: 0.2, to: 0.6, closed: true });
  assert.equal(toEdgeIndices(axis, { field: 1, from: 0.3, to: 0.5, closed: false }), [1, 3]);
  assert.is(toEdgeIndices(axis, { field: 2, from: 0.3, to: 0.5, closed: false }), null);
});

t('periods snap to period starts and ends in the field’s JSON form; a time of day ends at 23:59:59.999', () => {
  const months = {
    size: 2,
    clustered: false,
    axes: [{ field: 3, interval: 'month' }],
    data: [
      { count: 1, values: ['2024-01-01T00:00:00.000'], labels: ['2024-01'] },
      { count: 1, values: ['2024-02-01T00:00:00.000'], labels: ['2024-02'] },
    ],
    outliers: [],
  } as unknown as Dist;
  const axis = toBrushAxis(months, AT, 'periods');
  assert.equal(
    axis.edges.map((e) => (e as Date).toISOString()),
    ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
  );
  assert.equal(toEdgeBrush(axis, 1, 2), {
    field: 3,
    from: '2024-02-01T00:00:00.000',
    to: '2024-03-01T00:00:00.000',
    closed: false,
  });
  const hours = {
    size: 1,
    clustered: false,
    axes: [{ field: 5, interval: 'hour' }],
    data: [{ count: 1, values: ['23:00:00.000'], labels: ['23'] }],
    outliers: [],
  } as unknown as Dist;
  const clock = toBrushAxis(hours, CLOCK, 'periods');
  assert.equal(toEdgeBrush(clock, 0, 1), { field: 5, from: '23:00:00.000', to: '23:59:59.999', closed: true });
});

t('the brush is sent as gte and lt (lte when closed), ANDed with the context even when it is an OR', () => {
  const brush = { field: 1, from: 0.2, to: 0.4, closed: false };
  assert.equal(toBrushConditions(brush), [
    { field: 1, operator: 'gte', value: 0.2 },
    { field: 1, operator: 'lt', value: 0.4 },
  ]);
  assert.equal(toBrushConditions({ ...brush, closed: true })[1], { field: 1, operator: 'lte', value: 0.4 });
  const a = { field: 6, operator: 'exact', value: 'alpha' };
  const b = { field: 6, operator: 'exact', value: 'beta' };
  const or = toApplied({ type: 'or', children: [a, b] }, X, FIELDS, null, brush);
  assert.equal(or.context, {
    type: 'and',
    children: [{ type: 'or', children: [a, b] }, ...toBrushConditions(brush)],
  });
  assert.is(or.conditions, 4);
  const and = toApplied({ type: 'and', children: [a] }, X, FIELDS, null, brush);
  assert.equal(and.context, { type: 'and', children: [a, ...toBrushConditions(brush)] });
  assert.equal(toContextParams(toApplied({ type: 'and', children: [] }, X, FIELDS, null, brush)), {
    aware: 'true',
    context: JSON.stringify({ type: 'and', children: toBrushConditions(brush) }),
  });
  // On a field of another dataset the brush does not apply.
  const other = toApplied({ type: 'and', children: [] }, field(9, 'number', 'other'), FIELDS, null, brush);
  assert.is(other.context, null);
  assert.is(other.skipped.length, 2);
});

t('a brush in the URL is read back, anything else is none', () => {
  assert.equal(toBrush('{"field":1,"from":0.2,"to":"x","closed":true}'), {
    field: 1,
    from: 0.2,
    to: 'x',
    closed: true,
  });
  assert.equal(toBrush('{"field":1,"from":0.2,"to":0.4}'), { field: 1, from: 0.2, to: 0.4, closed: false });
  assert.is(toBrush('{"field":1.5,"from":0,"to":1}'), null);
  assert.is(toBrush('{"field":1,"from":null,"to":1}'), null);
  assert.is(toBrush('not json'), null);
  assert.is(toBrush(null), null);
});

t.run();
