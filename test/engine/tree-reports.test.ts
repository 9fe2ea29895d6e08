// Tests: a tree's key and link checks over engine tables: the workers' counts, and the smallest values as examples.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KeyReport, LinkReport } from '../../src/contract/tree.ts';
import { checkEngineKey, checkEngineLink } from '../../src/engine/tree/reports.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { dict, f64, i64 } from '../workers/table.ts';
import { httpQuery, loadBoth } from './tree-engine.ts';

let ch: Cluster;
test.before(async () => {
  ch = await sharedCluster();
});

const tables = {
  patients: {
    key: 'id',
    columns: { id: i64([1n, 2n, 3n, 2n, null, 3n, 2n, 9n]), sex: dict(['F', 'M', 'F', 'M', 'F', null, 'M', 'F']) },
  },
  visits: {
    links: [{ column: 'patient_id', to: 'patients' }],
    columns: { patient_id: f64([1, 2, null, 40, 40, 7, 7, 1.5, 12, 30, 20, null]) },
  },
};

for (const layout of ['co-sharded', 'random'] as const) {
  test(`${layout}: a key's nulls and repeats are the workers' counts, with the smallest repeated values and no row numbers`, async () => {
    const { memory, engine } = await loadBoth(ch, 'patients', tables, layout);
    const task = { kind: 'tree-key', table: memory.ref.tables.patients, column: 'id' } as const;
    const worker = (await run(task)) as KeyReport;
    const got = await checkEngineKey(engine.tables.patients, 'id', httpQuery(ch));
    // id: 1, 2, 3, 2, null, 3, 2, 9 → one null, three rows repeat a value (2, 3, 2).
    assert.equal(worker, { rows: 8, nulls: 1, nullRows: [4], duplicates: 3, duplicateValues: ['2', '3'] });
    assert.equal(got, { rows: 8, nulls: 1, nullRows: [], duplicates: 3, duplicateValues: ['2', '3'] });
  });

  test(`${layout}: a link's nulls and dangling values are the workers' counts, with the five smallest dangling values`, async () => {
    const clean = { ...tables, patients: { key: 'id', columns: { id: i64([1n, 2n, 3n, 9n]) } } };
    const { memory, engine } = await loadBoth(ch, 'patients', clean, layout);
    const out = new SharedArrayBuffer(4 * 12);
    const task = {
      kind: 'tree-link',
      from: memory.ref.tables.visits,
      column: 'patient_id',
      to: memory.ref.tables.patients,
      key: 'id',
      out,
    } as const;
    const worker = (await run(task)) as LinkReport;
    const got = await checkEngineLink(engine.tables.visits, 'patient_id', engine.tables.patients, 'id', httpQuery(ch));
    // 40, 40, 7, 7, 1.5, 12, 30, 20 name no patient: 8 dangling rows, six values, in row order for
    // the workers (at most five), smallest first for the engine (no row order).
    assert.equal(worker, { rows: 12, nulls: 2, dangling: 8, danglingValues: [40, 7, 1.5, 12, 30] });
    const placed = layout === 'co-sharded' ? { misplaced: 0 } : {};
    assert.equal(got, { rows: 12, nulls: 2, dangling: 8, danglingValues: [1.5, 7, 12, 20, 30], ...placed });
  });
}

test('a link between two tables that declare root_key counts the rows whose key row is on another shard', async () => {
  const table = (name: string, column: string) => ({
    key: name,
    generation: 0,
    parts: [],
    engine: {
      engine: 'ch',
      database: ch.database,
      table: name,
      columns: { [column]: 'integer' as const },
      rows: 0,
      rootKey: column,
    },
  });
  await ch.createTable('mp_p', [['id', 'Int64']], 'id');
  await ch.insert(
    'mp_p',
    [1, 2, 3, 4].map((id) => ({ id })),
  );
  // Shard = key mod 2: sharded by pid, children sit with their parent; by pid + 1, on the other shard.
  for (const [name, shardKey] of [
    ['mp_same', 'pid'],
    ['mp_other', 'pid + 1'],
  ]) {
    await ch.createTable(name, [['pid', 'Int64']], shardKey);
    await ch.insert(
      name,
      [1, 2, 3, 3, 9].map((pid) => ({ pid })),
    );
  }
  const query = httpQuery(ch);
  const same = await checkEngineLink(table('mp_same', 'pid'), 'pid', table('mp_p', 'id'), 'id', query);
  const other = await checkEngineLink(table('mp_other', 'pid'), 'pid', table('mp_p', 'id'), 'id', query);
  assert.equal([same.misplaced, same.dangling, other.misplaced, other.dangling], [0, 1, 4, 1]);
  const plain = await checkEngineLink(
    { ...table('mp_other', 'pid'), engine: { ...table('mp_other', 'pid').engine, rootKey: null } },
    'pid',
    table('mp_p', 'id'),
    'id',
    query,
  );
  assert.is(plain.misplaced, undefined);
});

test.run();
