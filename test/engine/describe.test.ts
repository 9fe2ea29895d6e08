// DESCRIBE TABLE → internal types on the real engine (API.md §14): the mapping of docs/engines.md, overrides, unreadable types.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEngineClient, type EngineClient } from '../../src/engine/client.ts';
import { DescribeError, describeTable } from '../../src/engine/describe.ts';
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
