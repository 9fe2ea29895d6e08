// Tests: the demo catalog with the small-count rule is the demo catalog plus the rule (same data, same entries).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';

const read = (name: string) =>
  parse(readFileSync(fileURLToPath(new URL(`../../demo/${name}`, import.meta.url)), 'utf8')) as Record<string, unknown>;

test('demo/catalog-disclosure.yaml: the demo with a title of its own and `disclosure`, nothing else changed', () => {
  const { title: t1, ...demo } = read('catalog.yaml');
  const { title: t2, disclosure, ...ruled } = read('catalog-disclosure.yaml');
  assert.equal(ruled, demo);
  assert.is.not(t1, t2);
  assert.equal(disclosure, { min_count: 11, round_to: 1, exempt: ['finance'] });
});

test.run();
