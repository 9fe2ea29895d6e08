// Tests: the base of a distribution's dimensions and the scope of a context (src/catalog/tree-join.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toModelTree, type TreeDatasetSpec } from '../../src/catalog/tree.ts';
import { contextScope, findBase, linkPath, scopeMessage } from '../../src/catalog/tree-join.ts';

const ds = (name: string, columns: string[], key: string | null, links: [string, string][] = []): TreeDatasetSpec => ({
  name,
  key,
  links: links.map(([column, to]) => ({ column, to })),
  columns: Object.fromEntries(columns.map((c) => [c, 'integer'])),
});

// patients ← visits → sites; labs → visits; meds → visits; staff → sites. Links: 0 visits→patients,
// 1 visits→sites, 2 labs→visits, 3 meds→visits, 4 staff→sites.
const shape = toModelTree('patients', [
  ds('patients', ['patient_id', 'age'], 'patient_id'),
  ds('sites', ['site_id', 'beds'], 'site_id'),
  ds('visits', ['visit_id', 'patient_id', 'site_id'], 'visit_id', [
    ['patient_id', 'patients'],
    ['site_id', 'sites'],
  ]),
  ds('labs', ['visit_id', 'value'], null, [['visit_id', 'visits']]),
  ds('meds', ['visit_id', 'dose'], null, [['visit_id', 'visits']]),
  ds('staff', ['site_id', 'years'], null, [['site_id', 'sites']]),
  ds('cars', ['hp'], null),
]).shape!;
const dim = (dataset: string, column = 'x') => ({ dataset, column });

test('link paths follow links in their direction, up then down the tree', () => {
  assert.equal(linkPath(shape, 'labs', 'sites'), [2, 1]);
  assert.equal(linkPath(shape, 'labs', 'patients'), [2, 0]);
  assert.equal(linkPath(shape, 'visits', 'visits'), []);
  assert.equal(linkPath(shape, 'sites', 'visits'), null); // against visits → sites
  assert.equal(linkPath(shape, 'labs', 'meds'), null);
  assert.equal(linkPath(shape, 'staff', 'sites'), [4]);
  assert.equal(linkPath(shape, 'patients', 'sites'), null);
});

test('the base is the one table that reaches every other; each dimension gets its path', () => {
  assert.equal(findBase(shape, [dim('sites', 'beds'), dim('labs', 'value'), dim('patients', 'age')]), {
    base: 'labs',
    dimensions: [
      { dataset: 'sites', column: 'beds', path: [2, 1] },
      { dataset: 'labs', column: 'value', path: [] },
      { dataset: 'patients', column: 'age', path: [2, 0] },
    ],
  });
  assert.equal(findBase(shape, [dim('sites'), dim('sites', 'y')]), {
    base: 'sites',
    dimensions: [
      { dataset: 'sites', column: 'x', path: [] },
      { dataset: 'sites', column: 'y', path: [] },
    ],
  });
});

test('no base: two one-to-many branches, or tables joined only through a third', () => {
  const r = findBase(shape, [dim('labs'), dim('meds')]);
  assert.equal(r, {
    base: null,
    message:
      "Dimensions on 'labs' and 'meds' cannot be joined row by row: none of these tables reaches all the others by following links (each step many rows to one). Pick dimensions along one chain of links, such as a table and the tables it links to.",
  });
  assert.is(findBase(shape, [dim('sites'), dim('patients')]).base, null);
  assert.is(findBase(shape, [dim('staff'), dim('visits')]).base, null);
});

test('a table outside the tree is named', () => {
  assert.equal(findBase(shape, [dim('labs'), dim('cars')]), {
    base: null,
    message: "'cars' is not in the tree of 'patients'.",
  });
});

test('context scope: the tree for its datasets, the dataset itself otherwise', () => {
  assert.is(contextScope(shape, 'labs'), 'patients');
  assert.is(contextScope(shape, 'sites'), 'patients');
  assert.is(contextScope(shape, 'cars'), 'cars');
  assert.is(contextScope(null, 'labs'), 'labs');
  assert.is(
    scopeMessage(shape, 12, 'cars', 'labs'),
    "field 12 is in dataset 'cars', not the tree of 'patients'; conditions must be on the same dataset, or on the same tree.",
  );
  assert.is(
    scopeMessage(shape, 3, 'labs', 'cars'),
    "field 3 is in dataset 'labs' of the tree of 'patients', not 'cars'; conditions must be on the same dataset, or on the same tree.",
  );
});

test.run();
