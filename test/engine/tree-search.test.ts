// Tests: the pushed value search of a tree field beyond the bound reads J(T)'s values, as the index would hold them (API.md §12, §14 Search).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Task } from '../../src/contract/tasks.ts';
import { runSearchTask } from '../../src/engine/search/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { dict } from '../workers/table.ts';
import { tinyTables } from '../workers/tree/tiny.ts';
import { type BothTrees, httpQuery, loadBoth } from './tree-engine.ts';

let ch: Cluster;
let both: BothTrees;

// The hand-worked tree (test/workers/tree/tiny.ts) with two values no entity reaches: lab row 5's
// test `kx` (its visit 99 dangles) and site C's region `wést` (no visit is at C). J(labs) holds hb
// and na only; J(sites) north and south only (sites A and B).
test.before(async () => {
  ch = await sharedCluster();
  const tables = tinyTables();
  tables.labs.columns.test = dict(['hb', 'na', 'hb', 'hb', 'hb', 'kx', 'na', 'hb']);
  tables.sites.columns.region = dict(['north', 'south', 'wést']);
  both = await loadBoth(ch, 'patients', tables, 'random');
});

const ctx = () => ({ query: httpQuery(ch), pool: null as never });
const terms = (...texts: string[]) => texts.map((text) => ({ text, phrase: false }));

test('a term matches a tree field when a value of J(T) holds it, not a row no entity reaches', async () => {
  const tree = both.engine;
  const match = (dataset: string, column: string, texts: string[], asciiOnly = false) =>
    runSearchTask({ kind: 'tree-value-match', tree, dataset, column, terms: terms(...texts), asciiOnly }, ctx());
  assert.equal(await match('labs', 'test', ['kx', 'HB', 'a']), [false, true, true]);
  assert.equal(await match('sites', 'region', ['wé', 'st', 'OUT']), [false, false, true]);
  // The table itself holds them: the plain task over the table finds both (what a tree field searched before).
  const table: Task = {
    kind: 'value-match',
    table: tree.tables.labs,
    column: 'test',
    terms: terms('kx'),
    asciiOnly: false,
  };
  assert.equal(await runSearchTask(table, ctx()), [true]);
});

test("a tree field's accented values are J(T)'s", async () => {
  const tree = both.engine;
  const accented = (t: Task) => runSearchTask(t, ctx());
  assert.equal(
    await accented({ kind: 'tree-value-accented', tree, dataset: 'sites', column: 'region', limit: 10 }),
    [],
  );
  assert.equal(await accented({ kind: 'value-accented', table: tree.tables.sites, column: 'region', limit: 10 }), [
    'wést',
  ]);
});

test.run();
