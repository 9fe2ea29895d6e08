// Tests: linked datasets over HTTP (API.md §12) on test/fixtures/tree, every answer worked out by hand below.
//
// patients (root, key id): 1 F 30 · 2 M 45 · 3 F 60 · 4 M 25 (risk is unpublished)
// sites (key code): A north · B south · C north (no visit)
// visits (key visit_id → patients, site → sites): 10 p1 A clinic · 11 p1 B er · 12 p2 A clinic ·
//   13 p3 B clinic · 14 p3 B er · 15 p3 A clinic   (patient 4 has no visit)
// labs (visit_id → visits): 100 v10 hb 12 · 101 v10 glu 5 · 102 v11 hb 14 · 103 v12 hb 10 · 104 v13 glu 7 ·
//   105 v14 glu 9 · 106 v14 hb null · 107 v15 hb 11 · 108 v15 hb 13
// notes (patient_id → patients): p1 diet · p2 sleep · p2 diet · p4 sleep
// weather stands alone.
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const TREE_CATALOG = fileURLToPath(new URL('../fixtures/tree/catalog.yaml', import.meta.url));
const t = suite('linked datasets');
let s: Running;
t.before(async () => {
  s = await startTestServer(TREE_CATALOG);
});
t.after(async () => {
  await s.close();
});

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const counts = (r: { body: { values: { value: unknown; count: number }[] } }) =>
  r.body.values.map((v) => [v.value, v.count]);
const F = { field: 1, operator: 'exact', value: 'F' };
const M = { field: 1, operator: 'exact', value: 'M' };
const ER = { field: 3, operator: 'exact', value: 'er' };

t('GET /api/ names the entity and counts every root row', async () => {
  const r = await get(s.url, '/api/');
  assert.equal(r.body.entity, { name: 'patient', plural_name: 'patients', count: 4 });
});

t('values of a child or lookup table count distinct patients, not rows', async () => {
  // clinic: p1 (10), p2 (12), p3 (13, 15) = 3; er: p1 (11), p3 (14) = 2
  assert.equal(counts(await get(s.url, '/api/fields/3/values/')), [
    ['clinic', 3],
    ['er', 2],
  ]);
  // north (A: visits 10, 12, 15 → p1, p2, p3) = 3; south (B: 11, 13, 14 → p1, p3) = 2; C has no visit
  assert.equal(counts(await get(s.url, '/api/fields/4/values/')), [
    ['north', 3],
    ['south', 2],
  ]);
  // hb: p1, p2, p3; glu: p1 (101), p3 (104, 105)
  assert.equal(counts(await get(s.url, '/api/fields/5/values/')), [
    ['glu', 2],
    ['hb', 3],
  ]);
  const v = await get(s.url, '/api/fields/6/values/');
  assert.is(v.body.null_count, 1); // lab 106 of p3
  assert.equal(counts(v), [
    [5, 1],
    [7, 1],
    [9, 1],
    [10, 1],
    [11, 1],
    [12, 1],
    [13, 1],
    [14, 1],
  ]);
  // The root counts its rows, as before.
  assert.equal(counts(await get(s.url, '/api/fields/1/values/')), [
    ['F', 2],
    ['M', 2],
  ]);
});

t('stats summarise the joined rows', async () => {
  // 8 non-null values 12, 5, 14, 10, 7, 9, 11, 13: sum 81, mean 10.125; one null row
  const r = await get(s.url, '/api/fields/6/stats/');
  assert.equal(
    [r.body.count, r.body.null_count, r.body.distinct, r.body.min, r.body.max, r.body.sum, r.body.mean],
    [8, 1, 8, 5, 14, 81, 10.125],
  );
  // Only p2's rows: lab 103 = 10
  const m = await get(s.url, `/api/fields/6/stats/?${ctx(M)}`);
  assert.equal([m.body.count, m.body.null_count, m.body.sum, m.body.mean], [1, 0, 10, 10]);
});

t('contexts across tables combine at the entity level', async () => {
  const entities = async (c: unknown) => (await get(s.url, `/api/entities/?${ctx(c)}`)).body.count;
  assert.is(await entities({ type: 'and', children: [F, ER] }), 2); // p1, p3
  // glu patients {1, 3} ∩ north patients {1, 2, 3}: not necessarily the same visit
  assert.is(
    await entities({
      type: 'and',
      children: [
        { field: 5, operator: 'exact', value: 'glu' },
        { field: 4, operator: 'exact', value: 'north' },
      ],
    }),
    2,
  );
  assert.is(await entities({ field: 3, operator: '-exact', value: 'er' }), 2); // p2, and p4 who has no visit
  assert.is(await entities({ type: 'or', children: [M, { field: 5, operator: 'exact', value: 'glu' }] }), 4);
  assert.is(await entities({ field: 6, operator: 'gt', value: 12 }), 2); // 14 (p1), 13 (p3)
  assert.equal((await get(s.url, '/api/entities/')).body, { name: 'patient', plural_name: 'patients', count: 4 });
  // Values of a visits field restricted by a root condition: p2's one clinic visit (p4 has none)
  assert.equal(counts(await get(s.url, `/api/fields/3/values/?${ctx(M)}`)), [['clinic', 1]]);
  // Values of the root restricted by a lab condition: p1 F, p3 F
  assert.equal(
    counts(await get(s.url, `/api/fields/1/values/?${ctx({ field: 5, operator: 'exact', value: 'glu' })}`)),
    [['F', 2]],
  );
});

t('dist: dimensions joined row by row from their base, counts of patients', async () => {
  // visits → sites: (clinic, north) 10 p1, 12 p2, 15 p3 = 3; (clinic, south) 13 p3 = 1; (er, south) 11 p1, 14 p3 = 2
  const r = await get(s.url, '/api/fields/3/dist/?dimensions=4');
  assert.equal(
    r.body.data.map((p: { values: unknown[]; count: number }) => [...p.values, p.count]),
    [
      ['clinic', 'north', 3],
      ['clinic', 'south', 1],
      ['er', 'south', 2],
    ],
  );
  // labs → visits → patients: (glu, F) p1, p3 = 2; (hb, F) p1, p3 = 2; (hb, M) p2 = 1
  const l = await get(s.url, '/api/fields/5/dist/?dimensions=1');
  assert.equal(
    l.body.data.map((p: { values: unknown[]; count: number }) => [...p.values, p.count]),
    [
      ['glu', 'F', 2],
      ['hb', 'F', 2],
      ['hb', 'M', 1],
    ],
  );
  // The same from the root's side (the base is still labs); aware: only er patients p1, p3
  const a = await get(s.url, `/api/fields/1/dist/?dimensions=5&${ctx(ER)}`);
  assert.equal(
    a.body.data.map((p: { values: unknown[]; count: number }) => [...p.values, p.count]),
    [
      ['F', 'glu', 2],
      ['F', 'hb', 2],
    ],
  );
});

t('dist: dimensions with no base are a 400 naming the tables', async () => {
  const r = await get(s.url, '/api/fields/3/dist/?dimensions=7');
  assert.is(r.status, 400);
  assert.is(r.body.code, 'INVALID_PARAMETER');
  assert.is(r.body.parameter, 'dimensions');
  assert.match(r.body.message, /'visits'/);
  assert.match(r.body.message, /'notes'/);
  const w = await get(s.url, '/api/fields/3/dist/?dimensions=9');
  assert.is(w.status, 400);
  assert.match(w.body.message, /weather/);
});

t('an invisible field answers exactly as an unknown one, in context and dimensions', async () => {
  const hidden = await get(s.url, `/api/entities/?${ctx({ field: 8, operator: 'exact', value: 'low' })}`);
  const unknown = await get(s.url, `/api/entities/?${ctx({ field: 99, operator: 'exact', value: 'low' })}`);
  assert.is(hidden.status, 400);
  assert.is(hidden.text.replace('8', 'N'), unknown.text.replace('99', 'N'));
  const d8 = await get(s.url, '/api/fields/3/dist/?dimensions=8');
  const d99 = await get(s.url, '/api/fields/3/dist/?dimensions=99');
  assert.is(d8.status, 400);
  assert.is(d8.text.replace('8', 'N'), d99.text.replace('99', 'N'));
  // The unpublished link column carries the join but is no field: visits.patient_id has no id at all.
  assert.is(
    (await get(s.url, '/api/fields/')).body.some((f: { field_name: string }) => f.field_name === 'patient_id'),
    false,
  );
});

t('a context across trees is a 400 INVALID_CONTEXT naming both', async () => {
  const r = await get(s.url, `/api/fields/3/values/?${ctx({ field: 9, operator: 'gt', value: 1 })}`);
  assert.is(r.status, 400);
  assert.is(r.body.code, 'INVALID_CONTEXT');
  assert.match(r.body.message, /weather/);
  assert.match(r.body.message, /patients/);
  const w = await get(s.url, `/api/fields/9/values/?${ctx(F)}`);
  assert.is(w.status, 400);
  assert.match(w.body.message, /'weather'/);
  assert.match(w.body.message, /patients/);
  // A standalone dataset still answers alone, by records.
  assert.equal(counts(await get(s.url, `/api/fields/9/values/?${ctx({ field: 9, operator: 'gt', value: 20 })}`)), [
    [25, 1],
  ]);
});

t('/metrics reports the bytes of the tree index', async () => {
  // 4 bytes a row per link (visits ×2, labs, notes: 6·2 + 9 + 4 = 25 rows) and labs' entity array (9 rows)
  const r = await get(s.url, '/metrics');
  assert.match(r.text, /\nsorrel_tree_index_bytes 136\n/);
});

t.run();
