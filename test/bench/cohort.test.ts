// Tests: the seeded cohort generator (bench/lib/cohort.ts), and the tree's answers on a small cohort against naive joins.
import { tableToIPC } from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toArrowTable } from '../../bench/lib/cohort-files.ts';
import { COHORT_MODEL, generateCohort, type Cohort, type CohortColumn } from '../../bench/lib/cohort.ts';
import { findBase } from '../../src/catalog/tree-join.ts';
import type { InternalType } from '../../src/contract/model.ts';
import type { TreeContextNode } from '../../src/contract/tree.ts';
import { contextEntities } from '../../workers/tree/context.ts';
import { treeGroups } from '../../workers/tree/dist.ts';
import { treeDistinct } from '../../workers/tree/distinct.ts';
import { treeStats } from '../../workers/tree/stats.ts';
import { indexTree } from '../workers/tree/fixture.ts';
import * as oracle from '../workers/tree/oracle.ts';

const spec = { patients: 30, visits: 200, labs: 500, sites: 4, dangling: 0.02, seed: 7 };
const cohort = generateCohort(spec);
const names = ['patients', 'sites', 'visits', 'labs'] as const;

const cellOf = (c: CohortColumn, i: number): oracle.Value =>
  !c.valid[i] ? null : c.kind === 'dict' ? c.dictionary[c.codes[i]] : c.values[i];

test('same spec, same rows; totals are exact', () => {
  assert.equal(generateCohort(spec), cohort);
  assert.equal(
    names.map((n) => cohort.tables[n].rows),
    [30, 4, 200, 500],
  );
  assert.not.equal(generateCohort({ ...spec, seed: 8 }).tables.labs, cohort.tables.labs);
});

test('skewed visits per patient, some patients without any; dangling links and nulls in every link', () => {
  const v = cohort.tables.visits.columns;
  const perPatient = new Map<oracle.Value, number>();
  for (let i = 0; i < 200; i++)
    perPatient.set(cellOf(v.patient_id, i), (perPatient.get(cellOf(v.patient_id, i)) ?? 0) + 1);
  const counts = Array.from({ length: 30 }, (_, p) => perPatient.get(2 * p + 1) ?? 0);
  assert.ok(counts.includes(0), 'a patient without visits');
  assert.ok(Math.max(...counts) >= 3 * (200 / 30), 'a patient with many visits');
  const dangling = (col: CohortColumn, keys: Set<oracle.Value>, rows: number) =>
    Array.from({ length: rows }, (_, i) => cellOf(col, i)).filter((x) => x !== null && !keys.has(x)).length;
  const ids = (t: keyof Cohort['tables'], c: string) =>
    new Set(Array.from({ length: cohort.tables[t].rows }, (_, i) => cellOf(cohort.tables[t].columns[c], i)));
  assert.ok(dangling(v.patient_id, ids('patients', 'patient_id'), 200) > 0);
  assert.ok(dangling(v.site_id, ids('sites', 'site_id'), 200) > 0);
  assert.ok(dangling(cohort.tables.labs.columns.visit_id, ids('visits', 'visit_id'), 500) > 0);
  assert.ok(v.site_id.valid.includes(0));
});

test('the tree over a small cohort agrees with naive joins', async () => {
  const types: Record<CohortColumn['kind'], InternalType> = {
    f64: 'integer',
    date: 'date',
    bool: 'boolean',
    dict: 'text',
  };
  const datasets = names.map((name) => ({
    name,
    key: COHORT_MODEL.datasets[name].key,
    links: [...COHORT_MODEL.datasets[name].links],
    columns: Object.fromEntries(Object.entries(cohort.tables[name].columns).map(([c, col]) => [c, types[col.kind]])),
  }));
  const loaded = Object.fromEntries(
    names.map((name) => {
      const ipc = tableToIPC(toArrowTable(cohort.tables[name]), 'file');
      const shared = new SharedArrayBuffer(ipc.byteLength);
      new Uint8Array(shared).set(ipc);
      return [name, { ref: { key: `cohort-${name}`, generation: 0, parts: [shared] }, rows: cohort.tables[name].rows }];
    }),
  );
  const { tree, problems } = await indexTree('patients', datasets, loaded);
  assert.equal(
    problems.map((p) => p.level),
    ['warning', 'warning', 'warning'],
  ); // the three links dangle
  const o: oracle.OracleTree = {
    root: 'patients',
    keys: Object.fromEntries(names.map((n) => [n, COHORT_MODEL.datasets[n].key])),
    links: names.flatMap((n) => COHORT_MODEL.datasets[n].links.map((l) => ({ from: n, column: l.column, to: l.to }))),
    rows: Object.fromEntries(
      names.map((n) => [
        n,
        Array.from({ length: cohort.tables[n].rows }, (_, i) =>
          Object.fromEntries(Object.entries(cohort.tables[n].columns).map(([c, col]) => [c, cellOf(col, i)])),
        ),
      ]),
    ),
  };
  const cond = (dataset: string, column: string, operator: string, value: unknown): TreeContextNode => ({
    field: 1,
    dataset,
    column,
    type: 'text',
    operator,
    value,
  });
  const contexts: (TreeContextNode | null)[] = [
    null,
    cond('sites', 'region', 'in', ['north', 'south', 'west']),
    { type: 'and', children: [cond('labs', 'test', '-exact', 'hb'), cond('visits', 'kind', 'exact', 'emergency')] },
    { type: 'or', children: [cond('patients', 'sex', 'exact', 'F'), cond('labs', 'value', 'gt', 150)] },
  ];
  for (const context of contexts) {
    const mask = contextEntities(tree, context);
    const sel = oracle.select(o, context);
    const where = JSON.stringify(context);
    assert.equal(
      Array.from({ length: 30 }, (_, e) => e).filter((e) => mask === null || mask[e]),
      [...sel],
      where,
    );
    for (const [d, c] of [
      ['labs', 'test'],
      ['visits', 'kind'],
      ['sites', 'region'],
      ['patients', 'smoker'],
      ['visits', 'visit_date'],
    ]) {
      assert.equal(treeDistinct(tree, d, c, mask), oracle.distinct(o, d, c, sel), `${d}.${c} ${where}`);
    }
    const s = treeStats(tree, 'labs', 'value', mask),
      vs = oracle.statValues(o, 'labs', 'value', sel);
    assert.equal(
      [s.count, s.null_count, s.min, s.max],
      [vs.values.length, vs.nulls, Math.min(...vs.values), Math.max(...vs.values)],
      where,
    );
    for (const dims of [
      [
        ['labs', 'test'],
        ['sites', 'region'],
      ],
      [
        ['visits', 'kind'],
        ['patients', 'sex'],
        ['sites', 'beds'],
      ],
      [['sites', 'region']],
    ]) {
      const ds = dims.map(([dataset, column]) => ({ dataset, column }));
      const found = findBase(tree.shape, ds);
      if (found.base === null) throw new Error(found.message);
      const g = treeGroups(tree, found.base, found.dimensions, mask, { nulls: true, maxGroups: 1e6 });
      const got = Array.from({ length: g.size }, (_, i) => [
        ...g.dims.map((d) => (d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]])),
        g.counts[i],
      ]);
      assert.equal(got, oracle.groups(o, found.base, ds, sel, true), `${JSON.stringify(dims)} ${where}`);
    }
  }
});

test.run();
