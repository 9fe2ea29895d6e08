// Tests: the tree's data checks and load-time index (src/snapshot/build/tree-index.ts), run through the worker adapter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TreeDatasetSpec, toModelTree } from '../../../src/catalog/tree.ts';
import { buildTreeIndex, keyProblems } from '../../../src/snapshot/build/tree-index.ts';
import run from '../../../workers/index.ts';
import { treeDistinct } from '../../../workers/tree/distinct.ts';
import { dict, f64, makeTableRef } from '../../workers/table.ts';
import { makeTree } from '../../workers/tree/fixture.ts';
import { tiny } from '../../workers/tree/tiny.ts';

const ints = (b: SharedArrayBuffer) => Array.from(new Int32Array(b));

test('links resolve to rows of the keyed table, -1 for nulls and dangling values', async () => {
  const { ref } = await tiny();
  assert.equal(ref.resolved.map(ints), [
    [0, 0, 1, 2, -1, 1], // visits.patient_id: 9 dangles
    [0, 1, 0, -1, 1, -1], // visits.site_id: a null, 'Z' dangles
    [0, 0, 1, 2, 4, -1, 3, 5], // labs.visit_id (integer) against visits.visit_id (biginteger): 99 dangles
  ]);
  assert.equal(Object.keys(ref.entity), ['labs']); // visits' entity is its resolved link; sites is a lookup
  assert.equal(ints(ref.entity.labs), [0, 0, 0, 1, -1, -1, 2, 1]);
  assert.equal(
    [ref.entities, ref.shape.root, Object.keys(ref.tables).sort()],
    [4, 'patients', ['labs', 'patients', 'sites', 'visits']],
  );
});

test('a table whose links fill the budget gets no entity array; workers compose it, with the same answers', async () => {
  // labs → visits → patients, and labs → units (a lookup): 2 links = 8 bytes a row already.
  const { ref, tree } = await makeTree('patients', {
    patients: { key: 'id', columns: { id: f64([1, 2]) } },
    visits: {
      key: 'id',
      links: [{ column: 'p', to: 'patients' }],
      columns: { id: f64([10, 11, 12]), p: f64([2, 1, 2]) },
    },
    units: { key: 'u', columns: { u: dict(['g/l', 'mmol']) } },
    labs: {
      links: [
        { column: 'v', to: 'visits' },
        { column: 'u', to: 'units' },
      ],
      columns: { v: f64([12, 11, 10, 10]), u: dict(['mmol', 'g/l', null, 'g/l']) },
    },
  });
  assert.equal(Object.keys(ref.entity), []);
  assert.equal(Array.from(tree.entityOf('labs')!), [1, 0, 1, 1]);
  assert.equal(treeDistinct(tree, 'units', 'u', null), { values: ['g/l', 'mmol'], counts: [2, 1], nullCount: 0 });
});

test('dangling references are warnings with a count and the first values', async () => {
  const { problems } = await tiny();
  assert.equal(
    problems.map((p) => [p.level, p.dataset, p.column, p.message]),
    [
      [
        'warning',
        'visits',
        'patient_id',
        "dataset 'visits': link patient_id → 'patients': 1 of 6 rows name no row of 'patients' (first values: 9); they are served as null links.",
      ],
      [
        'warning',
        'visits',
        'site_id',
        `dataset 'visits': link site_id → 'sites': 1 of 6 rows name no row of 'sites' (first values: "Z"); they are served as null links.`,
      ],
      [
        'warning',
        'labs',
        'visit_id',
        "dataset 'labs': link visit_id → 'visits': 1 of 8 rows name no row of 'visits' (first values: 99); they are served as null links.",
      ],
    ],
  );
});

test('keys with nulls or repeated values are errors, with the count and first examples', async () => {
  const { problems } = await makeTree('p', {
    p: { key: 'id', columns: { id: f64([1, 2, 2, null, 3, 3, 3]) } },
    c: { links: [{ column: 'p', to: 'p' }], columns: { p: f64([3]) } },
  });
  assert.equal(
    problems.map((p) => `${p.level} ${p.dataset}.${p.column}: ${p.message}`),
    [
      "error p.id: dataset 'p': key column 'id' holds 1 null (data row 4, counting from 1); a key must be non-null and unique.",
      "error p.id: dataset 'p': key column 'id' repeats values in 3 rows (first values: 2, 3); a key must be non-null and unique.",
    ],
  );
  assert.equal(
    keyProblems('d', 'k', { rows: 9, nulls: 7, nullRows: [0, 1, 2, 3, 4], duplicates: 0, duplicateValues: [] })[0]
      .message,
    "dataset 'd': key column 'k' holds 7 nulls (data rows 1, 2, 3, 4, 5, …, counting from 1); a key must be non-null and unique.",
  );
});

test('a key of an engine table, which has no row order, is reported without row numbers', () => {
  assert.equal(
    keyProblems('d', 'k', { rows: 9, nulls: 2, nullRows: [], duplicates: 0, duplicateValues: [] })[0].message,
    "dataset 'd': key column 'k' holds 2 nulls; a key must be non-null and unique.",
  );
});

test('an engine tree keeps no index (the engine joins its columns); a link between an engine and memory is an error', async () => {
  const engine = (table: string, columns: Record<string, 'text'>) => ({
    key: table,
    generation: 0,
    parts: [],
    engine: { engine: 'ch', database: 'db', table, columns, rows: 3 },
  });
  const specs: TreeDatasetSpec[] = [
    { name: 'p', key: 'id', links: [], columns: { id: 'text' } },
    { name: 'v', key: null, links: [{ column: 'p', to: 'p' }], columns: { p: 'text' } },
  ];
  const sent: string[] = [];
  const reports = async (task: Parameters<typeof run>[0]) => {
    sent.push(task.kind);
    return task.kind === 'tree-key'
      ? { rows: 3, nulls: 0, nullRows: [], duplicates: 0, duplicateValues: [] }
      : { rows: 3, nulls: 0, dangling: 0, danglingValues: [] };
  };
  const both = { p: { ref: engine('p', { id: 'text' }), rows: 3 }, v: { ref: engine('v', { p: 'text' }), rows: 3 } };
  const { tree, problems } = await buildTreeIndex(toModelTree('p', specs), both, reports, 'k');
  assert.equal([problems, sent], [[], ['tree-key', 'tree-link']]);
  assert.equal([tree!.resolved, tree!.entity, tree!.entities, tree!.tables.v], [[], {}, 3, both.v.ref]);

  const mixed = { ...both, p: { ref: makeTableRef({ id: dict(['a', 'b', 'c']) }), rows: 3 } };
  const second = await buildTreeIndex(toModelTree('p', specs), mixed, run, 'k');
  assert.is(second.tree, null);
  assert.equal(
    second.problems.map((p) => `${p.level}: ${p.message}`),
    [
      "error: dataset 'v': link p → 'p': 'v' is in engine 'ch' but 'p' is in memory; both ends of a link must be in one engine, or both in memory.",
    ],
  );
});

test('links outside the tree are resolved and checked too; without a root there is no index', async () => {
  const model = toModelTree(null, [
    { name: 'a', key: 'id', links: [], columns: { id: 'text' } },
    { name: 'b', key: null, links: [{ column: 'a', to: 'a' }], columns: { a: 'text' } },
  ]);
  const tables = {
    a: { ref: makeTableRef({ id: dict(['x', 'y']) }), rows: 2 },
    b: { ref: makeTableRef({ a: dict(['y', 'q', 'q', 'r']) }), rows: 4 },
  };
  const { tree, problems } = await buildTreeIndex(model, tables, run, 'k');
  assert.is(tree, null);
  assert.equal(
    problems.map((p) => p.message),
    [
      `dataset 'b': link a → 'a': 3 of 4 rows name no row of 'a' (first values: "q", "r"); they are served as null links.`,
    ],
  );
});

test.run();
