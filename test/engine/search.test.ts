// Search over engine values (API.md §14 Search): under the bound from the index, over it through the engine, same hits.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Pool } from '../../src/contract/pool.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import { toMatchSql } from '../../src/engine/search/sql.ts';
import { buildSearchIndex, searchConcepts, searchFields, type SearchInput } from '../../src/search/index.ts';
import { parseQuery } from '../../src/search/query.ts';
import { type FieldValues, toFieldValues } from '../../src/snapshot/field-values.ts';
import { planPushedSearch, probePushed, toIndexedLabels } from '../../src/snapshot/value-search.ts';
import { type Cluster, startCluster } from '../helpers/clickhouse.ts';
import { makeConcept, makeField, privileged } from '../search/fixture.ts';
import { prepareScan, scanConcepts, scanFields } from '../search/scan.ts';
import { loadNames, NAMES, toEngineQuery, toSearchPool } from './search-fixture.ts';

const QUERIES = [
  'caf',
  'cafe',
  'café',
  'CAFÉ',
  'au lait',
  '"au lait"',
  '"au   lait"',
  "'",
  '\\',
  '%',
  '_',
  'a.b',
  '.',
  '*',
  '"blood pressure"',
  '"pressure"',
  '-cafe',
  '-"pressure" blood',
  "it's",
  `"it's"`,
  'istanbul',
  'k',
  'kelvin k',
  'ß',
  'strasse',
  'ss',
  'tab separated',
  '"tab separated"',
  '"multi space"',
  'x\x01y',
  '日本',
  'ａｂｃ',
  'abc',
  "') OR 1=1 --",
  '`',
  "\\'",
  '(?i).*',
  '$',
  '^',
  '"a.b"',
  '"(paren)"',
  'paren)',
  'name',
  'zzz',
  '"é"',
  'e',
  '-e',
  'egalite',
  'unicode',
  'padded',
  '"padded"',
  'drop table',
  '"drop table es_names"',
  'city lyon',
  '-lyon name',
];

const distinct = [...new Set(NAMES)];
// Fewer than the distinct values (so the field is pushed), more than its accented ones (so the index holds those).
const BOUND = 12;
const values = new Map<number, FieldValues>([
  [
    1,
    toFieldValues(
      distinct,
      distinct.map(() => 1),
      2,
      distinct,
    ),
  ],
  [2, toFieldValues(['Lyon', 'Nîmes'], [1, 1], 0, ['Lyon', 'Nîmes'])],
  [
    3,
    toFieldValues(
      distinct,
      distinct.map(() => 1),
      2,
      distinct,
    ),
  ],
]);
/** The fields' summaries, as start-up reads them from the engine (only the distinct count matters here). */
const summaries = new Map(
  [...values].map(([id, v]) => [
    id,
    { count: 0, null_count: v.nullCount, distinct: v.values.length, min: null, max: null },
  ]),
);
const fields = [
  makeField(1, 'Patient name', { dataset: 'names', column: 'name', internal_type: 'text', searchable: true }),
  makeField(2, 'City', { dataset: 'cities', column: 'city', internal_type: 'text', enumerable: true }),
  makeField(3, 'Coded name', { dataset: 'names', column: 'name', internal_type: 'text', label_column: 'label' }),
];
const concepts = [makeConcept(1, 'Patient', [1, 2]), makeConcept(2, 'Codes', [3])];
const byId = new Map(fields.map((f) => [f.id, f]));

let names: TableRef;
let pool: Pool;
const sent: string[] = [];
const cities: TableRef = Object.freeze({ key: 'file:cities', generation: 0, parts: [] });

let ch: Cluster;

// A cluster of its own, stopped after the tests: sharedCluster()'s servers keep the test process alive.
test.before(async () => {
  ch = await startCluster();
  names = await loadNames(ch, 'es_names');
  pool = toSearchPool(toEngineQuery(ch, sent));
});
test.after(async () => {
  await ch?.stop();
});

const refs = () =>
  new Map([
    ['names', names],
    ['cities', cities],
  ]);

function input(labels: (id: number) => readonly string[]): SearchInput {
  return { fields, concepts, categories: new Map(), valueLabels: labels };
}

test('a field at or under the bound is not pushed: the index holds its values as for a file dataset', async () => {
  const pushed = await planPushedSearch(byId, summaries, refs(), pool, distinct.length);
  assert.is(pushed.size, 0);
  assert.equal(toIndexedLabels(pushed, values, 1), distinct);
});

test('over the bound, an engine text field is pushed with its accented values; label columns and files are not', async () => {
  const pushed = await planPushedSearch(byId, summaries, refs(), pool, BOUND);
  assert.equal([...pushed.keys()], [1]);
  const accented = distinct.filter((v) => [...v].some((ch) => ch.codePointAt(0)! > 0x7f)).sort();
  assert.equal([...pushed.get(1)!.accented!].sort(), accented);
  assert.equal(toIndexedLabels(pushed, values, 1), pushed.get(1)!.accented);
});

test('over the bound, every query finds through the engine what a scan of all values finds', async () => {
  const pushed = await planPushedSearch(byId, summaries, refs(), pool, BOUND);
  assert.ok(pushed.get(1)?.accented, 'accented values fit under the bound');
  const index = buildSearchIndex(input((id) => toIndexedLabels(pushed, values, id)));
  const scan = prepareScan(input((id) => values.get(id)!.labels()));
  for (const raw of QUERIES) {
    const q = parseQuery(raw)!;
    const hits = await probePushed(
      pushed,
      (d) => refs().get(d)!,
      pool,
      q,
      () => true,
    );
    const got = [
      searchFields(index, q, privileged, hits ?? undefined),
      searchConcepts(index, q, privileged, hits ?? undefined),
    ];
    const want = [scanFields(scan, q, privileged), scanConcepts(scan, q, privileged)];
    assert.equal(
      got.map((m) => [...m].sort()),
      want.map((m) => [...m].sort()),
      `query ${JSON.stringify(raw)}`,
    );
  }
});

test('a pushed field the user cannot see is not asked about', async () => {
  const pushed = await planPushedSearch(byId, summaries, refs(), pool, BOUND);
  assert.is(
    probePushed(
      pushed,
      (d) => refs().get(d)!,
      pool,
      parseQuery('cafe')!,
      (id) => id !== 1,
    ),
    null,
  );
});

test('beyond the bound for accented values too, the engine searches every value (accents as they are)', async () => {
  const pushed = await planPushedSearch(byId, summaries, refs(), pool, 1);
  assert.is(pushed.get(1)!.accented, null);
  const probe = (raw: string) =>
    probePushed(
      pushed,
      (d) => refs().get(d)!,
      pool,
      parseQuery(raw)!,
      () => true,
    );
  assert.equal(await probe('lait 日本 -zzz'), new Map([[1, new Set([0, 1])]]));
  assert.equal(await probe('noir'), new Map([[1, new Set([0])]]));
});

test('hostile terms reach the engine as escaped literals and leave the table whole', async () => {
  const table = names.engine!;
  const terms = [
    { text: "'); drop table es_names; --", phrase: false },
    { text: "\\'`\x00", phrase: false },
    { text: "a'b c", phrase: true },
  ];
  // Worked out by hand (~ stands for a backquote): the quote and backslash of each literal escaped, NUL as
  // \x00; in the phrase's pattern each ASCII letter a class of both cases and the quote backslashed twice
  // (once for RE2, once for the SQL literal).
  const want = String.raw`SELECT max(positionCaseInsensitiveUTF8(~name~, '\'); drop table es_names; --') > 0) AS t0, max(positionCaseInsensitiveUTF8(~name~, '\\\'~\x00') > 0) AS t1, max(match(~name~, '(?i:(?:^|[^\\pL\\pN])[aA]\\\'[bB][\\t\\n\\x0b\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]+[cC](?:$|[^\\pL\\pN]))')) AS t2 FROM ~sorrel_test~.~es_names~ WHERE length(~name~) = lengthUTF8(~name~)`;
  assert.is(toMatchSql(table, 'name', terms, true), want.replaceAll('~', '`'));
  assert.equal(await pool.run({ kind: 'value-match', table: names, column: 'name', terms, asciiOnly: true }), [
    true,
    false,
    false,
  ]);
  assert.ok(sent.length > 0 && sent.every((s) => s.startsWith('SELECT ')));
  assert.is((await ch.sql(`SELECT count() FROM ${ch.database}.es_names`)).trim(), String(NAMES.length + 9));
});

test.run();
