// Start-up over an engine table reads summaries, not values (API.md §14 "Sorrel holds no rows"; src/snapshot/build/precompute.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import { engineDistinctUpTo } from '../../src/engine/compute/column.ts';
import { runEngineTask } from '../../src/engine/run.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { createPeople, writeEngineCatalog } from '../helpers/engine.ts';
import { toRecordedQueries } from '../helpers/engine/recorded.ts';

let ch: Cluster;

test.before(async () => {
  ch = await sharedCluster();
  await createPeople(ch, 'people_start');
  // 60 more cities, one row each, over both shards: 63 in all.
  await createPeople(ch, 'people_many');
  const more = Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, city: `City ${String(i).padStart(2, '0')}` }));
  await ch.insert('people_many', more);
});

/** Prepares the people catalog (of `table`) with `bound`; every query and the rows it answered are recorded. */
async function start(bound: number, table = 'people_start') {
  const spec = loadCatalog(writeEngineCatalog(ch, table));
  const engines = createEngines({ timeoutMs: 10_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  const sent: { sql: string; rows: number }[] = [];
  const events: [string, Record<string, unknown>][] = [];
  try {
    const set = engines.open(spec.engines);
    const counted = toRecordedQueries(set.queries, sent);
    const parts = await prepareSnapshot(spec, pool, {
      engines: { set: { ...set, queries: counted }, run: runEngineTask },
      searchValues: bound,
      progress: (event, data) => events.push([event, data as Record<string, unknown>]),
    });
    return { parts, sent, events };
  } finally {
    await Promise.all([pool.close(), engines.close()]);
  }
}

test('start-up reads every summary in its one scan of the table, and no values beyond the bound', async () => {
  const { parts, sent, events } = await start(2);
  // The id's distinct values are not counted (nothing at start needs the number); the city's are,
  // up to 30 (§3's enumerable inference needs that many, even under a bound of 2).
  assert.equal(parts.summaries!.get(1), { count: 6, null_count: 0, distinct: null, min: 1, max: 6 });
  assert.equal(parts.summaries!.get(2), { count: 5, null_count: 1, distinct: 3, min: 'Lima', max: 'Pune' });
  // Neither field is held: the id is not searched by value, the city has 3 values > 2.
  assert.equal([...parts.values.keys()], []);
  assert.equal([...parts.stats.keys()], [], 'no naive stats: the engine computes them when asked');
  // Every query but DESCRIBE answers one row, but the pushed field's accented values (at most the
  // bound + 1, docs/engines.md): nothing grows with the rows or the distinct values.
  for (const q of sent) {
    if (q.sql.startsWith('DESCRIBE')) continue;
    if (/SELECT DISTINCT/.test(q.sql)) assert.ok(q.rows <= 3, q.sql);
    else assert.is(q.rows, 1, q.sql);
  }
  assert.ok(!sent.some((q) => /GROUP BY/.test(q.sql)), 'no GROUP BY at start');
  // One scan reads the fingerprint and both columns' counts, nulls, min and max (src/engine/describe.ts):
  // beside it only DESCRIBE and the bounded reads of distinct values.
  const scans = sent.filter((q) => !q.sql.startsWith('DESCRIBE') && !/SELECT DISTINCT/.test(q.sql));
  assert.is(scans.length, 1, scans.map((q) => q.sql).join('\n'));
  assert.match(scans[0].sql, /cityHash64/);
  // The scan found every city ASCII: no accented values to read for the pushed search.
  assert.ok(!sent.some((q) => /SELECT DISTINCT/.test(q.sql) && /lengthUTF8/.test(q.sql)), 'no accented read');
  // Progress: one line per summarised column.
  const summarised = events.filter(([e]) => e === 'summarised column').map(([, d]) => [d.column, d.distinct]);
  assert.equal(summarised.sort(), [
    ['city', 3],
    ['id', null],
  ]);
  assert.ok(!sent.some((q) => /uniq/.test(q.sql)), 'no distinct count that grows with the distinct values');
});

test('at or under the bound, an enumerable or searchable field keeps its values, read once', async () => {
  const { parts, sent } = await start(3);
  assert.equal([...parts.values.keys()], [2]);
  const city = parts.values.get(2)!;
  assert.equal(Array.from(city.values), ['Lima', 'Oslo', 'Pune']);
  assert.equal(Array.from(city.counts), [1, 3, 1]);
  assert.is(city.nullCount, 1);
  assert.is(sent.filter((q) => /GROUP BY/.test(q.sql)).length, 1, 'one GROUP BY: the city values');
});

test('with a bound of at least 30, a field start-up may hold is counted by reading its values: one GROUP BY that stops past the bound', async () => {
  // 3 cities under a bound of 40: held, from the one GROUP BY that counted them (no DISTINCT count).
  const under = await start(40);
  assert.equal(Array.from(under.parts.values.get(2)!.values), ['Lima', 'Oslo', 'Pune']);
  assert.is(under.parts.summaries!.get(2)!.distinct, 3);
  assert.is(under.sent.filter((q) => /GROUP BY/.test(q.sql)).length, 1);
  assert.ok(!under.sent.some((q) => /SELECT DISTINCT/.test(q.sql)), 'no separate count');
  // 63 cities over a bound of 40: the GROUP BY stops (TOO_MANY_ROWS) or answers past the bound: not held.
  const over = await start(40, 'people_many');
  assert.not.ok(over.parts.values.has(2));
  assert.is(over.parts.summaries!.get(2)!.distinct, null);
  // About 31 cities a shard stay under the limit of 42 groups; merged they pass it, and LIMIT sends 42.
  const grouped = over.sent.filter((q) => /GROUP BY v/.test(q.sql)).map((q) => q.rows);
  assert.equal(grouped, [42]);
});

test('the values of a field start-up may hold are read up to the bound: the engine stops the GROUP BY past it (TOO_MANY_ROWS)', async () => {
  const engines = createEngines({ timeoutMs: 10_000, env: {} });
  try {
    const spec = loadCatalog(writeEngineCatalog(ch, 'people_many'));
    const query = engines.open(spec.engines).queries.get('wh')!;
    const failures: string[] = [];
    const watched: typeof query = (sql, signal, opts) =>
      query(sql, signal, opts).catch((err: Error) => {
        failures.push(String((err.cause as { code?: string } | undefined)?.code));
        throw err;
      });
    const table = {
      engine: 'wh',
      database: ch.database,
      table: 'people_many',
      columns: { city: 'char' as const },
      rows: 66,
    };
    // ~31 cities a shard, over a limit of 12 groups: a shard stops, the read is null.
    assert.is(await engineDistinctUpTo(watched, table, 'city', 10), null);
    assert.equal(failures, ['158']);
    const all = await engineDistinctUpTo(watched, table, 'city', 63);
    assert.is(all!.values.length, 63);
    assert.is(all!.nullCount, 1);
  } finally {
    await engines.close();
  }
});

test.run();
