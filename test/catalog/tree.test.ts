// Tests: the model tree and its structural checks (src/catalog/tree.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isInTree, isLinkCompatible, toModelTree, type TreeDatasetSpec } from '../../src/catalog/tree.ts';

const ds = (
  name: string,
  columns: Record<string, string>,
  key: string | null = null,
  links: [string, string][] = [],
): TreeDatasetSpec => ({
  name,
  key,
  links: links.map(([column, to]) => ({ column, to })),
  columns: columns as TreeDatasetSpec['columns'],
});

const cohort = () => [
  ds('patients', { patient_id: 'integer', sex: 'text' }, 'patient_id'),
  ds('sites', { site_id: 'text', region: 'text' }, 'site_id'),
  ds('visits', { visit_id: 'biginteger', patient_id: 'integer', site_id: 'char' }, 'visit_id', [
    ['patient_id', 'patients'],
    ['site_id', 'sites'],
  ]),
  ds('labs', { visit_id: 'integer', value: 'float' }, null, [['visit_id', 'visits']]),
  ds('cars', { name: 'text' }),
];
const messages = (datasets: TreeDatasetSpec[], root: string | null = 'patients') =>
  toModelTree(root, datasets).problems.map((p) => `${p.level} ${p.dataset}.${p.column}: ${p.message}`);

test('the tree: root first, each dataset placed by its step toward the root', () => {
  const m = toModelTree('patients', cohort());
  assert.equal(m.problems, []);
  assert.equal(m.shape!.links, [
    { from: 'visits', column: 'patient_id', to: 'patients', key: 'patient_id' },
    { from: 'visits', column: 'site_id', to: 'sites', key: 'site_id' },
    { from: 'labs', column: 'visit_id', to: 'visits', key: 'visit_id' },
  ]);
  assert.equal(m.shape!.nodes, {
    patients: { parent: null, link: -1, step: 'root', depth: 0, anchor: 'patients' },
    visits: { parent: 'patients', link: 0, step: 'child', depth: 1, anchor: 'visits' },
    sites: { parent: 'visits', link: 1, step: 'lookup', depth: 2, anchor: 'visits' },
    labs: { parent: 'visits', link: 2, step: 'child', depth: 2, anchor: 'labs' },
  });
  assert.equal(
    m.keys.map((k) => `${k.dataset}.${k.column}`),
    ['patients.patient_id', 'sites.site_id', 'visits.visit_id'],
  );
  assert.ok(isInTree(m.shape, 'sites'));
  assert.not.ok(isInTree(m.shape, 'cars')); // not connected: stands alone
});

test('rooted at a lookup, the datasets pointing at it are children and their lookups hang below them', () => {
  const m = toModelTree('sites', cohort());
  assert.equal(m.shape!.nodes.visits, { parent: 'sites', link: 0, step: 'child', depth: 1, anchor: 'visits' });
  assert.equal(m.shape!.nodes.patients, { parent: 'visits', link: 1, step: 'lookup', depth: 2, anchor: 'visits' });
  assert.equal(m.shape!.nodes.labs.anchor, 'labs');
});

test('a child of a lookup is anchored above the lookup', () => {
  const m = toModelTree('patients', [...cohort(), ds('staff', { site_id: 'text' }, null, [['site_id', 'sites']])]);
  assert.equal(m.shape!.nodes.staff, { parent: 'sites', link: 3, step: 'child', depth: 3, anchor: 'visits' });
});

test('no root: links are still checked, but there is no tree', () => {
  const m = toModelTree(null, cohort());
  assert.equal([m.shape, m.links.length, m.problems], [null, 3, []]);
});

test('reports an unknown root', () => {
  assert.equal(messages(cohort(), 'people'), [
    "error people.null: root 'people' is not a dataset (datasets: patients, sites, visits, labs, cars).",
  ]);
});

test('reports unknown link targets, unknown link columns, and targets without a key', () => {
  const d = cohort();
  d[3] = ds('labs', { visit_id: 'integer' }, null, [
    ['visit_id', 'visitz'],
    ['lab_id', 'visits'],
    ['visit_id', 'cars'],
  ]);
  assert.equal(messages(d), [
    "error labs.visit_id: dataset 'labs': link visit_id → 'visitz': no dataset is named 'visitz' (datasets: patients, sites, visits, labs, cars).",
    "error labs.lab_id: dataset 'labs': link lab_id → 'visits': 'lab_id' is not a column of its data (columns: visit_id).",
    "error labs.visit_id: dataset 'labs': link visit_id → 'cars': 'cars' has no `key`; a dataset that links point to must name its key column.",
  ]);
});

test('reports a missing or boolean key column', () => {
  const d = [ds('a', { id: 'integer' }, 'ident'), ds('b', { flag: 'boolean' }, 'flag')];
  assert.equal(messages(d, null), [
    "error a.ident: dataset 'a': key column 'ident' is not a column of its data (columns: id).",
    "error b.flag: dataset 'b': key column 'flag' is boolean; a key must hold numbers, strings, dates or times.",
  ]);
});

test('reports key and link columns of incompatible types, and only those', () => {
  assert.ok(isLinkCompatible('integer', 'biginteger'));
  assert.ok(isLinkCompatible('char', 'text'));
  assert.not.ok(isLinkCompatible('integer', 'text'));
  assert.not.ok(isLinkCompatible('datetime', 'integer'));
  assert.not.ok(isLinkCompatible('boolean', 'boolean'));
  const d = cohort();
  d[2] = ds('visits', { visit_id: 'biginteger', patient_id: 'text', site_id: 'text' }, 'visit_id', [
    ['patient_id', 'patients'],
    ['site_id', 'sites'],
  ]);
  assert.equal(messages(d), [
    "error visits.patient_id: dataset 'visits': link patient_id → 'patients': 'patient_id' is text but the key 'patients.patient_id' is integer; their values can never match.",
  ]);
});

test('reports a self-link, a second link between two datasets, and a cycle; none of them joins the tree', () => {
  const d = [
    ds('a', { id: 'integer', b_id: 'integer', parent: 'integer' }, 'id', [
      ['b_id', 'b'],
      ['parent', 'a'],
    ]),
    ds('b', { id: 'integer', a_id: 'integer', c_id: 'integer' }, 'id', [
      ['a_id', 'a'],
      ['c_id', 'c'],
    ]),
    ds('c', { id: 'integer', a_id: 'integer' }, 'id', [['a_id', 'a']]),
  ];
  const m = toModelTree('a', d);
  assert.equal(
    m.problems.map((p) => `${p.dataset}.${p.column}: ${p.message}`),
    [
      "a.parent: dataset 'a': link parent → 'a': a dataset cannot link to itself (links must form a forest, no cycle).",
      "b.a_id: dataset 'b': link a_id → 'a': a second link between 'b' and 'a' (the first is a.b_id → 'b'); at most one link may join two datasets.",
      "c.a_id: dataset 'c': link a_id → 'a': closes a cycle (the two datasets are already connected by other links); links must form a forest.",
    ],
  );
  assert.equal(
    m.shape!.links.map((l) => `${l.from}.${l.column}`),
    ['a.b_id', 'b.c_id'],
  );
});

test('problems are errors; the structure has no warnings', () => {
  const d = cohort();
  d.push(ds('x', { y: 'integer' }, null, [['y', 'nowhere']]));
  assert.ok(toModelTree('patients', d).problems.every((p) => p.level === 'error'));
});

test.run();
