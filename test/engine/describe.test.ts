// DESCRIBE TABLE → internal types on the real engine (API.md §14): the mapping of docs/engines.md, overrides, unreadable types.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEngineClient, type EngineClient } from '../../src/engine/client.ts';
import { engineSummary } from '../../src/engine/compute/summary.ts';
import { toQueryId } from '../../src/engine/client.ts';
import { DescribeError, describeTable, queryWatched } from '../../src/engine/describe.ts';
import { toEngineColumnType } from '../../src/engine/types.ts';
import { type Cluster, sharedCluster, toEngineSpec } from '../helpers/clickhouse.ts';

let ch: Cluster;
let client: EngineClient;

test.before(async () => {
  ch = await sharedCluster();
  client = createEngineClient(toEngineSpec(ch), { timeoutMs: 10_000, env: {} });
  const long = 'x'.repeat(256);
  await ch.createTable(
    'typed',
    [
      ['i8', 'Int8'],
      ['u32', 'UInt32'],
      ['n32', 'Nullable(Int32)'],
      ['small64', 'Int64'],
      ['edge64', 'Int64'],
      ['wide64', 'Int64'],
      ['big_u64', 'UInt64'],
      ['f32', 'Float32'],
      ['dec', 'Decimal(12, 3)'],
      ['short', 'String'],
      ['long', 'String'],
      ['fixed', 'FixedString(2)'],
      ['day', 'Date'],
      ['moment', 'DateTime'],
      ['flag', 'UInt8'],
      ['tags', 'Array(String)'],
    ],
    'u32',
  );
  const row = (u32: number, wide: string, big: string, text: string) => ({
    i8: 1,
    u32,
    n32: null,
    small64: -5,
    edge64: '9007199254740992', // 2^53: still exact
    wide64: wide,
    big_u64: big,
    f32: 1.5,
    dec: 1.25,
    short: 'a',
    long: text,
    fixed: 'ab',
    day: '2024-01-02',
    moment: '2024-01-02 03:04:05',
    flag: 1,
    tags: ['t'],
  });
  await ch.insert('typed', [row(1, '1', '1', 'b'), row(2, '9007199254740993', '9223372036854775807', long)]);
  await ch.createTable(
    'huge',
    [
      ['id', 'UInt32'],
      ['u64', 'UInt64'],
      ['none64', 'Nullable(Int64)'],
    ],
    'id',
  );
  await ch.createTable(
    'holes',
    [
      ['id', 'UInt32'],
      ['nf', 'Nullable(Float64)'],
      ['ns', 'Nullable(String)'],
      ['n64', 'Nullable(Int64)'],
      ['nd', 'Nullable(Date)'],
      ['nt', 'Nullable(DateTime)'],
      ['nb', 'Nullable(UInt8)'],
    ],
    'id',
  );
  await ch.insert('holes', [
    { id: 1, nf: -2.5, ns: 'é', n64: '-9007199254740993', nd: null, nt: '2024-05-06 07:08:09', nb: 0 },
    { id: 2, nf: null, ns: null, n64: null, nd: null, nt: null, nb: null },
    { id: 3, nf: 1e-320, ns: 'Z', n64: '4', nd: null, nt: '1999-12-31 23:59:59', nb: 1 },
  ]);
  await ch.createTable(
    'void',
    [
      ['id', 'UInt32'],
      ['s', 'String'],
      ['f', 'Float64'],
    ],
    'id',
  );
  await ch.insert('huge', [
    { id: 1, u64: '1', none64: null },
    { id: 2, u64: '9223372036854775808', none64: null },
  ]);
});
test.after(async () => {
  await client?.close();
});

const request = (overrides = {}, used: string[] = []) => ({
  engine: 'wh',
  database: ch.database,
  table: 'typed',
  overrides,
  used: new Set(used),
});

test('each ClickHouse type maps to the internal type the file loaders would give the same values', async () => {
  const { table } = await describeTable(client.query, request());
  assert.equal(table.columns, {
    i8: 'integer',
    u32: 'integer',
    n32: 'integer', // Nullable(T) → T with nulls
    small64: 'integer',
    edge64: 'integer', // |v| ≤ 2^53
    wide64: 'biginteger', // 2^53 + 1
    big_u64: 'biginteger', // 2^63 − 1, the most a UInt64 may hold here
    f32: 'float',
    dec: 'decimal',
    short: 'char',
    long: 'text', // a value of 256 characters, as dictionary.ts's stringTypeOf decides
    fixed: 'char',
    day: 'date',
    moment: 'datetime',
    flag: 'integer',
  });
  assert.is(table.rows, 2);
  assert.is(table.table, 'typed');
});

test('a catalog override wins where the type can hold it: UInt8 as boolean, String as text, Int64 as biginteger', async () => {
  const { table } = await describeTable(
    client.query,
    request({ flag: 'boolean', short: 'text', small64: 'biginteger' }),
  );
  assert.is(table.columns.flag, 'boolean');
  assert.is(table.columns.short, 'text');
  assert.is(table.columns.small64, 'biginteger');
});

test('an override the type cannot hold, and a used column of an unreadable type, are problems naming table, column and type', async () => {
  const err = await describeTable(client.query, request({ day: 'integer', short: 'boolean' }, ['tags'])).catch(
    (e: unknown) => e,
  );
  assert.instance(err, DescribeError);
  assert.equal((err as DescribeError).problems, [
    'column "tags" of sorrel_test.typed has ClickHouse type Array(String), which Sorrel cannot read (see docs/engines.md for the types it maps).',
    'column "short" of sorrel_test.typed has ClickHouse type String, which cannot be read as boolean; use one of text, char.',
    'column "day" of sorrel_test.typed has ClickHouse type Date, which cannot be read as integer; use one of date.',
  ]);
});

test('a UInt64 above 2^63 − 1 is a problem naming the value, with or without an override; an all-null Int64 is not', async () => {
  for (const overrides of [{}, { u64: 'biginteger' }]) {
    const err = await describeTable(client.query, { ...request(overrides), table: 'huge' }).catch((e: unknown) => e);
    assert.instance(err, DescribeError);
    assert.equal((err as DescribeError).problems, [
      'column "u64" of sorrel_test.huge holds 9223372036854775808, above the signed 64-bit range of biginteger (9223372036854775807); Sorrel cannot read it from an engine (a file\'s column may be read as internal_type float or char).',
    ]);
  }
});

test("the describe scan's summaries are what each column's own summary query reads, whatever the type, nulls and override", async () => {
  const cases: [string, Record<string, string>][] = [
    ['typed', {}],
    ['typed', { flag: 'boolean', short: 'text', small64: 'biginteger', edge64: 'key', i8: 'key' }],
    ['holes', {}],
    ['holes', { nb: 'boolean', n64: 'biginteger' }],
    ['void', {}], // no rows: no min or max
  ];
  for (const [name, overrides] of cases) {
    const described = await describeTable(client.query, { ...request(overrides), table: name });
    const columns = Object.keys(described.table.columns);
    const again = await describeTable(client.query, {
      ...request(overrides),
      table: name,
      summarised: new Set(columns),
    });
    assert.equal(again.table, described.table, 'the summaries change no type');
    assert.equal(again.fingerprint, described.fingerprint);
    assert.equal(Object.keys(again.summaries).sort(), columns.sort(), name);
    for (const c of columns) {
      const { distinct: _, ...own } = await engineSummary(client.query, described.table, c, null);
      assert.equal(again.summaries[c], own, `${name}.${c} ${JSON.stringify(overrides)}`);
    }
  }
  // What the cases cover: nulls counted, a value beside them, −2^53 − 1 exact as biginteger.
  const holes = await describeTable(client.query, {
    ...request({ n64: 'biginteger' }),
    table: 'holes',
    summarised: new Set(['nf', 'n64', 'nd', 'void']),
    checkAscii: new Set(['ns', 'nf', 'id']), // only text columns are checked: 'é' is not ASCII
  });
  assert.equal(holes.ascii, []);
  const typed = await describeTable(client.query, { ...request(), checkAscii: new Set(['short', 'long', 'fixed']) });
  assert.equal(typed.ascii, ['short', 'long', 'fixed']);
  assert.equal(holes.summaries, {
    nf: { count: 2, null_count: 1, min: -2.5, max: 1e-320 },
    n64: { count: 2, null_count: 1, min: '-9007199254740993', max: '4' },
    nd: { count: 0, null_count: 3, min: null, max: null },
  });
});

test("a watched query (start-up's scan) reports the rows it has read while it runs, then answers", async () => {
  const seen: [number, number][] = [];
  const sql = 'SELECT toString(sum(sleep(0.1))) AS s, count() AS n FROM numbers(12) SETTINGS max_block_size = 1';
  const rows = await queryWatched(client.query, sql, toQueryId('wh'), 100, (read, total) => seen.push([read, total]));
  assert.equal(rows, [{ s: '0', n: '12' }]);
  assert.ok(seen.length >= 3, JSON.stringify(seen));
  assert.ok(
    seen.every(([read], i) => read >= (seen[i - 1]?.[0] ?? 0) && read <= 12),
    JSON.stringify(seen),
  );
  assert.ok(seen.at(-1)![0] > 0, JSON.stringify(seen));
  const after = seen.length;
  await new Promise((r) => setTimeout(r, 250));
  assert.is(seen.length, after, 'no report once it answered');
});

test('a missing table is a problem naming it, not an outage', async () => {
  const err = await describeTable(client.query, { ...request(), table: 'nope' }).catch((e: unknown) => e);
  assert.instance(err, DescribeError);
  assert.equal((err as DescribeError).problems, [
    'table sorrel_test.nope does not exist on engine "wh" (no such table).',
  ]);
});

test('the type parser reads wrappers and parameters, and refuses what it does not map', () => {
  assert.equal(toEngineColumnType('LowCardinality(Nullable(String))'), {
    family: 'string',
    nullable: true,
    byte: false,
  });
  assert.equal(toEngineColumnType("DateTime('UTC')"), { family: 'datetime', nullable: false, byte: false });
  assert.equal(toEngineColumnType('Decimal64(4)'), { family: 'decimal', nullable: false, byte: false });
  assert.equal(toEngineColumnType('Nullable(UInt8)'), { family: 'int', nullable: true, byte: true });
  for (const t of ['Array(Int32)', 'UUID', "Enum8('a' = 1)", 'Tuple(Int32, String)', 'Nested(a Int32)'])
    assert.is(toEngineColumnType(t), null, t);
});

test.run();
