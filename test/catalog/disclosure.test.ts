// Tests: the catalog's `disclosure` section (API.md §15): defaults, precise problems, absent = off.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toDisclosureText } from '../../src/catalog/disclosure.ts';
import { CatalogError, checkCatalog } from '../../src/catalog/read.ts';

const doc = (disclosure?: unknown) => ({
  ...(disclosure === undefined ? {} : { disclosure }),
  datasets: [{ name: 'people', file: 'people.csv' }],
  fields: [{ id: 1, dataset: 'people', column: 'city', name: 'City' }],
});
const problemsOf = (d: unknown): string[] => {
  try {
    checkCatalog(doc(d), 'c.yaml', '2026-01-01T00:00:00.000');
  } catch (err) {
    assert.instance(err, CatalogError);
    return (err as CatalogError).problems;
  }
  return [];
};
const specOf = (d: unknown) => checkCatalog(doc(d), 'c.yaml', '2026-01-01T00:00:00.000');

test('absent: no rule', () => {
  assert.is(specOf(undefined).disclosure, null);
});

test('min_count alone: round_to 1, no exempt groups; exempt groups sorted and distinct', () => {
  assert.equal(specOf({ min_count: 11 }).disclosure, { minCount: 11, roundTo: 1, exempt: [] });
  assert.equal(specOf({ min_count: 5, round_to: 5, exempt: ['b', 'a', 'b'] }).disclosure, {
    minCount: 5,
    roundTo: 5,
    exempt: ['a', 'b'],
  });
});

test('each bad entry is one precise problem', () => {
  assert.equal(problemsOf({ round_to: 5 }), [
    'c.yaml: disclosure: `min_count` is required (the least count shown, e.g. 11).',
  ]);
  assert.equal(problemsOf({ min_count: 1 }), ['c.yaml: disclosure: `min_count` must be a whole number ≥ 2, got 1.']);
  assert.equal(problemsOf({ min_count: 2.5 }), [
    'c.yaml: disclosure: `min_count` must be a whole number ≥ 2, got 2.5.',
  ]);
  assert.equal(problemsOf({ min_count: '11' }), [
    'c.yaml: disclosure: `min_count` must be a whole number ≥ 2, got "11".',
  ]);
  assert.equal(problemsOf({ min_count: 11, round_to: 0 }), [
    'c.yaml: disclosure: `round_to` must be a whole number ≥ 1, got 0.',
  ]);
  assert.equal(problemsOf({ min_count: 11, exempt: 'finance' }), [
    'c.yaml: disclosure: `exempt` must be a list of group names (non-empty strings), got "finance".',
  ]);
  assert.equal(problemsOf({ min_count: 11, exempt: [''] }), [
    'c.yaml: disclosure: `exempt` must be a list of group names (non-empty strings), got [""].',
  ]);
  assert.equal(problemsOf({ min_count: 11, floor: 3 }), [
    'c.yaml: disclosure: unknown key `floor`; allowed: min_count, round_to, exempt.',
  ]);
  assert.equal(problemsOf(11), ['c.yaml: disclosure: must be a mapping, got 11.']);
});

test('the rule in words, as sorrel check prints it', () => {
  assert.is(toDisclosureText(null), 'disclosure: off (every count is exact)');
  assert.is(
    toDisclosureText({ minCount: 11, roundTo: 5, exempt: ['finance'] }),
    'disclosure: counts below 11 suppressed, others rounded to a multiple of 5, for non-privileged users; exempt groups: finance',
  );
});

test.run();
