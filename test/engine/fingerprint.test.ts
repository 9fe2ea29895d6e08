// The content fingerprint (API.md §14): the same rows give the same one whatever the shard layout; one changed row changes it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEngineClient, type EngineClient } from '../../src/engine/client.ts';
import { describeTable } from '../../src/engine/describe.ts';
import { readFingerprint, toFingerprintSql } from '../../src/engine/fingerprint.ts';
import { type Cluster, sharedCluster, toEngineSpec } from '../helpers/clickhouse.ts';

let ch: Cluster;
let client: EngineClient;

const COLUMNS: [string, string][] = [
  ['id', 'Int64'],
  ['city', 'Nullable(String)'],
  ['score', 'Nullable(Decimal(8, 2))'],
  ['day', 'Date'],
];
const HASHED = COLUMNS.map(([name, engineType]) => ({ name, engineType }));
const ROWS = [
  { id: 1, city: 'Oslo', score: 1.5, day: '2024-01-01' },
  { id: 2, city: null, score: 2.25, day: '2024-01-02' },
  { id: 3, city: 'Lima', score: null, day: '2024-01-03' },
  { id: 4, city: 'Oslo', score: 4, day: '2024-01-04' },
  { id: 5, city: null, score: null, day: '2024-01-05' },
];

const fingerprintOf = (table: string) => readFingerprint(client.query, ch.database, table, HASHED);

test.before(async () => {
  ch = await sharedCluster();
  client = createEngineClient(toEngineSpec(ch), { timeoutMs: 10_000, env: {} });
  await ch.createTable('fp_by_id', COLUMNS, 'id');
  await ch.insert('fp_by_id', ROWS);
  await ch.createTable('fp_by_day', COLUMNS, 'toUInt16(day) % 3');
  await ch.insert('fp_by_day', [...ROWS].reverse());
  // One shard only, no Distributed table: the layout of a single server.
  await ch.sql(
    `CREATE TABLE ${ch.database}.fp_single (${COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')}) ENGINE = MergeTree() ORDER BY id`,
  );
  await ch.sql(
    `INSERT INTO ${ch.database}.fp_single FORMAT JSONEachRow\n${ROWS.map((r) => JSON.stringify(r)).join('\n')}`,
  );
});
test.after(async () => {
  await client?.close();
});

test('the same rows give the same fingerprint on two shard layouts and on one server', async () => {
  const [a, b, c] = await Promise.all(['fp_by_id', 'fp_by_day', 'fp_single'].map(fingerprintOf));
  assert.is(a.rows, '5');
  assert.match(a.hash, /^\d+$/);
  assert.equal(b, a);
  assert.equal(c, a);
  const local = await Promise.all([0, 1].map((i) => ch.sql(`SELECT count() FROM ${ch.database}.fp_by_day_local`, i)));
  assert.ok(
    local.every((n) => Number(n) > 0),
    'both shards hold rows of the second layout',
  );
});

test('one changed value changes it, also in a row whose other columns are null', async () => {
  const base = await fingerprintOf('fp_by_id');
  // Row 5 has city and score null: a hash over the Nullable values alone would be NULL for it, and skipped.
  await ch.createTable('fp_changed', COLUMNS, 'id');
  await ch.insert(
    'fp_changed',
    ROWS.map((r) => (r.id === 5 ? { ...r, day: '2024-01-06' } : r)),
  );
  const changed = await fingerprintOf('fp_changed');
  assert.is(changed.rows, base.rows);
  assert.is.not(changed.hash, base.hash);
});

test('values swapped between rows change it (a hash of rows, not of columns)', async () => {
  const base = await fingerprintOf('fp_by_id');
  await ch.createTable('fp_swapped', COLUMNS, 'id');
  await ch.insert(
    'fp_swapped',
    ROWS.map((r) => (r.id === 1 ? { ...r, score: 4 } : r.id === 4 ? { ...r, score: 1.5 } : r)),
  );
  assert.is.not((await fingerprintOf('fp_swapped')).hash, base.hash);
});

test('describing a table reads the fingerprint in the scan of its type facts, whatever its columns are named', async () => {
  // Columns named as the fingerprint's aliases once were (`rows`, `hash`): an alias would shadow them.
  const named: [string, string][] = [
    ['rows', 'Int64'],
    ['hash', 'String'],
  ];
  await ch.createTable('fp_aliased', named, 'rows');
  await ch.insert('fp_aliased', [
    { rows: 1, hash: 'a' },
    { rows: 2, hash: 'b' },
  ]);
  const sent: string[] = [];
  const described = await describeTable(
    (sql, signal) => {
      sent.push(sql);
      return client.query(sql, signal);
    },
    { engine: 'wh', database: ch.database, table: 'fp_aliased', overrides: {}, used: new Set(['rows', 'hash']) },
  );
  const direct = await readFingerprint(
    client.query,
    ch.database,
    'fp_aliased',
    named.map(([name, engineType]) => ({ name, engineType })),
  );
  assert.equal(described.fingerprint, direct);
  assert.is(direct.rows, '2');
  assert.equal(described.table.columns, { rows: 'integer', hash: 'char' });
  assert.is(sent.filter((q) => q.startsWith('SELECT')).length, 1, 'one scan: facts and fingerprint');
});

test('its SQL hashes a Nullable column as a null flag beside its value, and a Decimal as text', () => {
  assert.is(
    toFingerprintSql('db', 'ta`ble', HASHED),
    'SELECT toString(count()) AS sorrel_rows, toString(sum(cityHash64(`id`, isNull(`city`), assumeNotNull(`city`), isNull(`score`), toString(assumeNotNull(`score`)), `day`))) AS sorrel_hash FROM `db`.`ta\\`ble`',
  );
});

test.run();
