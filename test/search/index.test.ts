// Field and concept search over the hand-built fixture: every rule of API.md §5, tiers, and the leak rule.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSearchIndex, searchConcepts, searchFields, type Visibility } from '../../src/search/index.ts';
import { parseQuery, type ParsedQuery } from '../../src/search/query.ts';
import { anonymous, fixtureInput, privileged } from './fixture.ts';

const index = buildSearchIndex(fixtureInput());

function q(raw: string): ParsedQuery {
  const parsed = parseQuery(raw);
  if (!parsed) throw new Error('empty query');
  return parsed;
}

/** Matches as a plain object sorted by id, e.g. {1: 0, 12: 1}. */
function fieldsFor(raw: string, visible: Visibility = anonymous): Record<number, number> {
  return Object.fromEntries(searchFields(index, q(raw), visible));
}

function conceptsFor(raw: string, visible: Visibility = anonymous): Record<number, number> {
  return Object.fromEntries(searchConcepts(index, q(raw), visible));
}

test('reads value labels only of enumerable or searchable fields', () => {
  const read: number[] = [];
  buildSearchIndex(fixtureInput(read));
  assert.equal(
    [...read].sort((a, b) => a - b),
    [6, 7, 8, 9],
  );
});

test('ranks by tier: exact name, name prefix, term in name, other metadata, values only', () => {
  assert.equal(fieldsFor('age'), { 1: 0, 12: 1, 2: 2, 13: 3, 8: 4 });
  assert.equal(conceptsFor('age'), { 1: 3, 6: 3, 4: 4 });
  assert.equal(conceptsFor('vital'), { 2: 1 });
  assert.equal(fieldsFor('vital'), { 3: 3, 5: 3 });
});

test('matching is case- and accent-insensitive, on metadata and values', () => {
  assert.equal(fieldsFor('Café'), { 6: 4 });
  assert.equal(fieldsFor('CAFE'), { 6: 4 });
  assert.equal(fieldsFor('zurich'), { 6: 4 });
  assert.equal(conceptsFor('café'), { 1: 4 });
  assert.equal(fieldsFor('BLOOD PRESSURE'), { 3: 0, 4: 2, 5: 2 });
});

test('a term matches as a substring, numbers included', () => {
  assert.equal(fieldsFor('ngu'), { 8: 4 });
  assert.equal(conceptsFor('ngu'), { 4: 4 });
  assert.equal(fieldsFor('1998'), { 7: 4 });
  assert.equal(fieldsFor('199'), { 7: 4 });
  assert.equal(conceptsFor('1998'), { 1: 4 });
  assert.equal(fieldsFor('1999'), {});
});

test('different terms may match different pieces', () => {
  assert.equal(fieldsFor('seated mmhg'), { 3: 3 });
  assert.equal(conceptsFor('seated mmhg'), { 2: 3 });
  assert.equal(fieldsFor('paulo new'), { 6: 4 });
  assert.equal(fieldsFor('diagnosis asthma'), { 8: 2 });
});

test('a phrase matches inside one piece only', () => {
  assert.equal(fieldsFor('"blood pressure"'), { 3: 0 });
  assert.equal(conceptsFor('"blood pressure"'), { 2: 3 });
  assert.equal(fieldsFor('blood pressure'), { 3: 0, 4: 2, 5: 2 }, 'plain terms also match across pieces');
  assert.equal(fieldsFor('"fasting blood pressure"'), {}, 'name end + description start is two pieces');
  assert.equal(fieldsFor('"paulo new"'), {}, 'two value labels are two pieces');
  assert.equal(fieldsFor('"sao paulo"'), { 6: 4 });
  assert.equal(fieldsFor('"patient age"'), { 1: 3 }, 'a concept alt name is one piece');
  assert.equal(conceptsFor('"patient age"'), { 1: 3 });
  assert.equal(
    fieldsFor('"age"'),
    { 1: 0, 12: 1, 13: 3 },
    'one-word phrase = whole word: not "page", "teenage"; yes "age-adjusted"',
  );
  assert.equal(fieldsFor('"systolic blood pressure seated"'), {}, 'the comma is not skipped');
  assert.equal(fieldsFor('"systolic blood pressure, seated"'), { 3: 3 });
});

test('negated terms and negated phrases exclude', () => {
  assert.equal(fieldsFor('blood -fasting'), { 3: 1, 4: 3 });
  assert.equal(conceptsFor('blood -fasting'), {}, 'Vitals contains Fasting blood');
  assert.equal(conceptsFor('blood -fasting', privileged), { 5: 3 });
  assert.equal(fieldsFor('pressure -"blood pressure"'), { 4: 0, 5: 3 });
  assert.equal(conceptsFor('pressure -"blood pressure"'), {});
  assert.equal(conceptsFor('pressure -"blood pressure"', privileged), { 5: 3 });
});

test('negation-only queries return every visible object without a match, at one tier', () => {
  assert.equal(fieldsFor('-blood'), { 1: 3, 2: 3, 6: 3, 7: 3, 8: 3, 12: 3, 13: 3 });
  assert.equal(conceptsFor('-blood'), { 1: 3, 4: 3, 6: 3 });
  assert.equal(fieldsFor('-"blood pressure" -age -"visit"'), { 4: 3, 5: 3, 6: 3, 7: 3 });
});

test('a value of a restricted field makes nothing match for anonymous users', () => {
  assert.equal(fieldsFor('zanzibar'), {});
  assert.equal(conceptsFor('zanzibar'), {});
  assert.equal(fieldsFor('zanzibar', privileged), { 9: 4 });
  assert.equal(conceptsFor('zanzibar', privileged), { 3: 4 });
  assert.equal(fieldsFor('penguin'), { 8: 4 });
  assert.equal(fieldsFor('penguin', privileged), { 8: 4, 9: 4 });
  assert.equal(conceptsFor('penguin', privileged), { 3: 4, 4: 4 });
});

test('the category and alt names of an invisible concept never make its visible fields match', () => {
  assert.equal(fieldsFor('studies'), {});
  assert.equal(conceptsFor('studies'), {});
  assert.equal(fieldsFor('studies', privileged), { 2: 3, 9: 3 });
  assert.equal(conceptsFor('studies', privileged), { 3: 3 });
  assert.equal(fieldsFor('hidden'), {});
  assert.equal(fieldsFor('hidden', privileged), { 2: 3 });
  assert.equal(fieldsFor('-studies'), { 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3, 12: 3, 13: 3 });
  assert.equal(fieldsFor('-studies', privileged), {
    1: 3,
    3: 3,
    4: 3,
    5: 3,
    6: 3,
    7: 3,
    8: 3,
    10: 3,
    11: 3,
    12: 3,
    13: 3,
  });
});

test('unpublished and archived fields are invisible to anonymous users only', () => {
  assert.equal(fieldsFor('unfinished'), {});
  assert.equal(fieldsFor('unfinished', privileged), { 10: 3 });
  assert.equal(fieldsFor('ward'), {});
  assert.equal(fieldsFor('ward', privileged), { 11: 2 });
});

test('a concept only ever uses the text of fields the Visibility allows', () => {
  const conceptButNotField: Visibility = { field: (id) => id !== 8, concept: () => true };
  assert.equal(conceptsFor('penguin', conceptButNotField), { 3: 4 });
  assert.equal(conceptsFor('diagnoses', conceptButNotField), { 4: 0 });
  assert.equal(conceptsFor('diagnosis', conceptButNotField), {});
});

test('an empty catalog matches nothing', () => {
  const empty = buildSearchIndex({ fields: [], concepts: [], categories: new Map(), valueLabels: () => [] });
  assert.equal(searchFields(empty, q('age'), privileged).size, 0);
  assert.equal(searchConcepts(empty, q('-age'), privileged).size, 0);
});

test('results are the same on every build', () => {
  const again = buildSearchIndex(fixtureInput());
  for (const raw of ['age', '-blood', '"blood pressure"', 'a', 'e -t']) {
    assert.equal([...searchFields(again, q(raw), privileged)], [...searchFields(index, q(raw), privileged)]);
    assert.equal([...searchConcepts(again, q(raw), anonymous)], [...searchConcepts(index, q(raw), anonymous)]);
  }
});

test.run();
