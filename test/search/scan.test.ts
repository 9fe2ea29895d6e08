// The index against the linear-scan oracle on seeded random catalogs, queries and users.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Category, Concept, Field } from '../../src/contract/model.ts';
import { buildSearchIndex, searchConcepts, searchFields, type SearchInput } from '../../src/search/index.ts';
import { parseQuery } from '../../src/search/query.ts';
import { prepareScan, scanConcepts, scanFields } from './scan.ts';
import { makeConcept, makeField, visibilityFor } from './fixture.ts';

const WORDS = [
  'blood',
  'pressure',
  'age',
  'page',
  'Café',
  'cafe',
  'Zürich',
  'new',
  'york',
  '1998',
  '199',
  '2024',
  'a',
  'ab',
  'x-ray',
  'co2',
  'naïve',
  'über',
  'aaa',
  'aa',
  'ana',
  'banana',
  'mmHg',
  '(mg)',
  'e',
  'tee',
  'teenage',
  'São',
  'ray',
  'mg',
  'x',
  'age-adjusted',
  'blood/age',
  '東京都',
  '😀ok',
  '__proto__',
  'constructor',
  'Ǆemal',
];

function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCatalog(seed: number): SearchInput {
  const rand = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const words = (max: number) =>
    Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(WORDS)).join(pick([' ', ' ', '  ', ', ']));
  const maybe = (max: number) => (rand() < 0.5 ? words(max) : null);
  const groups = () => (rand() < 0.2 ? [pick(['staff', 'lab'])] : null);
  const categories = new Map<number, Category>();
  for (let id = 1; id <= 4; id++) categories.set(id, { id, name: words(2), order: id, parent: id > 2 ? id - 2 : null });
  const labels = new Map<number, string[]>();
  const fields: Field[] = [];
  for (let id = 1; id <= 25; id++) {
    const enumerable = rand() < 0.4,
      searchable = rand() < 0.2;
    fields.push(
      makeField(id, words(3), {
        plural_name: words(2),
        alt_name: maybe(2),
        description: maybe(5),
        keywords: maybe(2),
        unit: maybe(1),
        model_name: words(1),
        enumerable,
        searchable,
        groups: groups(),
        published: rand() < 0.85,
        archived: rand() < 0.1,
      }),
    );
    labels.set(
      id,
      Array.from({ length: Math.floor(rand() * 6) }, () => words(3)),
    );
  }
  const concepts: Concept[] = [];
  for (let id = 1; id <= 10; id++) {
    const refs = [
      ...new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => 1 + Math.floor(rand() * 25))),
    ].map((f) => ({ id: f, alt_name: maybe(2), alt_plural_name: maybe(1) }));
    concepts.push(
      makeConcept(id, words(2), refs, {
        description: words(4),
        keywords: rand() < 0.5 ? words(2) : '',
        category: rand() < 0.8 ? pick([1, 2, 3, 4, 99]) : null,
        published: rand() < 0.9,
        archived: rand() < 0.05,
        groups: groups(),
      }),
    );
  }
  return { fields, concepts, categories, valueLabels: (id) => labels.get(id) ?? [] };
}

function randomQuery(rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const fragment = () => {
    const w = pick(WORDS);
    const start = Math.floor(rand() * w.length);
    return rand() < 0.5 ? w : w.slice(start, start + 1 + Math.floor(rand() * 4));
  };
  const terms = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
    const neg = rand() < 0.25 ? '-' : '';
    if (rand() < 0.3)
      return `${neg}"${Array.from({ length: 1 + Math.floor(rand() * 3) }, () => (rand() < 0.6 ? pick(WORDS) : fragment())).join(' ')}"`;
    return neg + fragment();
  });
  return terms.join(' ');
}

test('index and linear scan agree on random catalogs, queries and users', () => {
  const users = [
    { name: 'anonymous', privileged: false, groups: [] },
    { name: 'staff', privileged: false, groups: ['staff'] },
    { name: 'admin', privileged: true, groups: [] },
  ];
  let compared = 0,
    nonEmpty = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const input = randomCatalog(seed);
    const index = buildSearchIndex(input);
    const scan = prepareScan(input);
    const rand = mulberry32(seed * 7919);
    const visibilities = users.map((user) => ({ user, visible: visibilityFor(user, input.fields, input.concepts) }));
    for (let i = 0; i < 60; i++) {
      const raw = randomQuery(rand);
      const q = parseQuery(raw);
      if (!q) continue;
      for (const { user, visible } of visibilities) {
        const expected = scanFields(scan, q, visible);
        assert.equal(
          Object.fromEntries(searchFields(index, q, visible)),
          Object.fromEntries(expected),
          `fields, seed ${seed}, ${user.name}: ${raw}`,
        );
        assert.equal(
          Object.fromEntries(searchConcepts(index, q, visible)),
          Object.fromEntries(scanConcepts(scan, q, visible)),
          `concepts, seed ${seed}, ${user.name}: ${raw}`,
        );
        compared++;
        if (expected.size > 0) nonEmpty++;
      }
    }
  }
  assert.ok(compared > 6000 && nonEmpty > compared / 4, `${compared} comparisons, ${nonEmpty} with matches`);
});

test.run();
