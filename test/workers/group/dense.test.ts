// Tests: ranking numeric values by hashing (workers/group/dense.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../../src/common/random.ts';
import { denseRanks } from '../../../workers/group/dense.ts';
import { date, f64, i64, makeColumns } from '../table.ts';

const ranks = (spec: Parameters<typeof makeColumns>[0]['v'], used?: number[]) => {
  const { col } = makeColumns({ v: spec });
  const u = new Uint8Array(col('v').length).fill(used ? 0 : 1);
  used?.forEach((r) => {
    u[r] = 1;
  });
  const d = denseRanks(col('v'), u)!;
  return { values: d.values, card: d.card, ranks: Array.from(d.rankOfRow) };
};

test('distinct values ascending, each row ranked, nulls last, -0 the same value as 0', () => {
  assert.equal(ranks(f64([2.5, -1, null, 2.5, 0, -0, 1e300])), {
    values: [-1, 0, 2.5, 1e300],
    card: 5,
    ranks: [2, 0, 4, 2, 1, 1, 3],
  });
});

test('with a limit, stops at the first distinct value over it: no row after it is read', () => {
  const rows = 10_000;
  const { col } = makeColumns({ v: f64(Array.from({ length: rows }, (_, i) => Math.floor(i / 2))) }); // each value twice
  let reads = 0;
  const used = new Proxy(new Uint8Array(rows).fill(1), {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  assert.is(denseRanks(col('v'), used, 100), null);
  assert.is(reads, 201); // rows 0..200: the 101st distinct value (100) is first at row 200
  assert.is(denseRanks(col('v'), new Uint8Array(rows).fill(1), 5000)?.card, 5001); // exactly at the limit: ranked
});

test('only the rows in use take part; the others rank 0', () => {
  assert.equal(ranks(f64([5, 3, 4, 3]), [1, 2]), { values: [3, 4], card: 3, ranks: [0, 0, 1, 0] });
});

test('Int64 values rank numerically and come back as decimal text; Int32 days too', () => {
  assert.equal(ranks(i64([9007199254740993n, -2n, null, -4294967296n])), {
    values: ['-4294967296', '-2', '9007199254740993'],
    card: 4,
    ranks: [2, 1, 3, 0],
  });
  assert.equal(ranks(date([3, -3, 3])).values, [-3, 3]);
});

test('NaN ranks last among values', () => {
  assert.equal(ranks(f64([NaN, 1, NaN])), { values: [1, NaN], card: 3, ranks: [1, 0, 1] });
});

test('many distinct values: the table grows, ranks match a sort', () => {
  const r = mulberry32(11);
  const values = Array.from({ length: 20_000 }, () => Math.round(r() * 5000) / 10);
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const got = ranks(f64(values));
  assert.equal(got.values, sorted);
  assert.ok(got.ranks.every((k, i) => sorted[k] === values[i]));
});

test.run();
