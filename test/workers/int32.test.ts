// Integer columns stored Int32 answer every compute exactly as the same integers stored Float64 (the oracle: the storage before).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toBins } from '../../src/common/bins.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import type { DistParams } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../../workers/table/columns.ts';
import { distribution } from '../../workers/dist/dist.ts';
import { distinctValues } from '../../workers/values/distinct.ts';
import { contextMask } from '../../workers/mask/mask.ts';
import { profileColumn } from '../../workers/values/profile.ts';
import { columnStats } from '../../workers/stats/stats.ts';
import { openTable } from '../../workers/table/columns.ts';
import { dict, f64, i32, makeTableRef } from './table.ts';
import { mulberry32 } from './vectors.ts';

const ROWS = 4000;
const random = mulberry32(19);
const pick = (k: number) => Math.floor(random() * k);
// short: a short span with negatives and nulls (offset paths); wide: a span past 65,536 slots (table,
// search and sort paths); ids: ascending and distinct (a profile reads it in place); big: the int32 extremes.
const short = Array.from({ length: ROWS }, () => (pick(10) === 0 ? null : pick(41) - 20));
const wide = Array.from({ length: ROWS }, () => (pick(20) === 0 ? null : pick(5_000_000) - 1_000_000));
const ids = Array.from({ length: ROWS }, (_, i) => 3 * i - 7);
const big = Array.from({ length: ROWS }, (_, i) => [2 ** 31 - 1, -(2 ** 31), 0, null, 12345][i % 5]);
const word = Array.from({ length: ROWS }, () => (pick(15) === 0 ? null : `w${pick(7)}`));
const INTS = { short, wide, ids, big };

const columns = Object.fromEntries(
  Object.entries(INTS).flatMap(([name, values]) => [
    [`${name}32`, i32(values)],
    [`${name}64`, f64(values)],
  ]),
);
const table = openTable(makeTableRef({ ...columns, word: dict(word) }));
const pair = (name: string): [ColumnView, ColumnView] => [table.column(`${name}32`), table.column(`${name}64`)];

const PARAMS: DistParams = {
  nulls: true,
  sort: 'fields',
  cluster: false,
  n: null,
  numeric: true,
  maxGroups: 1_000_000,
  maxClusterPoints: 50,
  axes: [],
};
const VARIANTS: Partial<DistParams>[] = [
  {},
  { nulls: false, sort: 'count' },
  { cluster: true },
  { cluster: true, n: 3, nulls: false },
  { cluster: true, maxGroups: Number.POSITIVE_INFINITY },
  { maxGroups: 100 },
];

/** Contexts on the integer column `name`, each once on its Int32 and once on its Float64 copy. */
function contexts(name: string, suffix: string): ContextNode[] {
  const c = (operator: string, value: unknown) => ({ field: 1, column: `${name}${suffix}`, operator, value });
  return [
    c('lt', 3),
    c('gte', -5.5),
    c('lte', 0),
    c('-gt', 100_000),
    c('range', [-10, 2_000_000]),
    c('in', [1, 7, -7, 2 ** 31 - 1, null]),
    c('exact', 5),
    c('exact', 2.5),
    c('lt', 2.5),
    c('gt', -2.5),
    c('range', [5, -5]),
    c('range', [-0.5, 7.5]),
    c('gt', 2 ** 31),
    c('lt', -(2 ** 31)),
    c('lte', 2 ** 31 - 1),
    c('gte', -0),
    c('isnull', true),
    { type: 'or', children: [c('lt', -3), c('-exact', 2)] },
  ] as ContextNode[];
}

test('integer columns that fit are Int32 views of kind i32, not temporal; their Float64 copies f64', () => {
  for (const name of Object.keys(INTS)) {
    const [a, b] = pair(name);
    assert.equal([a.kind, a.temporal, a.values instanceof Int32Array], ['i32', false, true], name);
    assert.equal([b.kind, b.temporal], ['f64', false], name);
  }
});

test('masks, values, stats and profiles: the same answers from Int32 as from Float64', () => {
  for (const name of Object.keys(INTS)) {
    const [a, b] = pair(name);
    assert.equal(distinctValues(a, null), distinctValues(b, null), `${name} values`);
    assert.equal(columnStats(a, null), columnStats(b, null), `${name} stats`);
    const [pa, pb] = [profileColumn(a, true), profileColumn(b, true)];
    assert.equal(Array.from(pa.distinct.values), Array.from(pb.distinct.values), `${name} profile values`);
    assert.equal(Array.from(pa.distinct.counts), Array.from(pb.distinct.counts), `${name} profile counts`);
    assert.equal([pa.distinct.nullCount, pa.stats], [pb.distinct.nullCount, pb.stats], `${name} profile stats`);
    const [ca, cb] = [contexts(name, '32'), contexts(name, '64')];
    for (let k = 0; k < ca.length; k++) {
      const [ma, mb] = [contextMask(table, ca[k]), contextMask(table, cb[k])];
      assert.equal(ma, mb, `${name} mask ${JSON.stringify(ca[k])}`);
      assert.equal(distinctValues(a, ma), distinctValues(b, ma), `${name} aware values`);
      assert.equal(columnStats(a, ma), columnStats(b, ma), `${name} aware stats`);
    }
  }
});

test('distributions (1-D, 2-D with a string or another integer, clustered, binned): the same from Int32 as from Float64', () => {
  const word = table.column('word');
  const mask = contextMask(table, contexts('short', '32')[1]);
  for (const name of Object.keys(INTS)) {
    const [a, b] = pair(name);
    const [s32, s64] = pair('short');
    for (const v of VARIANTS) {
      const p = { ...PARAMS, ...v };
      const label = `${name} ${JSON.stringify(v)}`;
      for (const m of [null, mask]) {
        assert.equal(distribution([a], m, p), distribution([b], m, p), `${label} 1-D`);
        const text = { ...p, numeric: false };
        assert.equal(distribution([a, word], m, text), distribution([b, word], m, text), `${label} × word`);
        assert.equal(distribution([s32, a], m, p), distribution([s64, b], m, p), `${label} short × int`);
      }
    }
    const stats = columnStats(b, null);
    const bins = toBins(stats.min as number, stats.max as number, 20, true);
    const binned = { ...PARAMS, numeric: false, axes: [{ kind: 'bins' as const, bins }] };
    assert.equal(distribution([a], mask, binned), distribution([b], mask, binned), `${name} bins`);
  }
});

test.run();
