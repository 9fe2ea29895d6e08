// Test helper: a small catalog under the small-count rule (k 5, round_to 2, exempt `analysts`) whose counts were worked out by hand.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ADMIN = { Authorization: 'Bearer dc-admin' };
export const ANALYST = { Authorization: 'Bearer dc-analyst' }; // in the exempt group
export const STAFF = { Authorization: 'Bearer dc-staff' }; // in another group: the rule applies

/**
 * people (the root; each row one entity), 30 rows:
 * - city: Amsterdam 12, Bergen 3, Cairo 14, Dakar 1 (two suppressed: nothing more)
 * - color: red 20, blue 2, green 6, null 2 (blue alone → green, the smallest other, suppressed too; null_count 2 suppressed)
 * - size: S 2, M 21, null 7 (S alone → M suppressed; null_count beside a suppressed count: ⌊7/5⌋·5 = 5)
 * - age: 20 + i % 10, null for rows 0..2 (stats: count 27 → 28 with round_to 2, null_count 3 suppressed)
 * pets (standalone), 12 rows: species cat 3, dog 9.
 */
export function writeDisclosureCatalog(rule = 'disclosure: { min_count: 5, round_to: 2, exempt: [analysts] }'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-disclosure-'));
  const rows = Array.from({ length: 30 }, (_, i) => {
    const city = i < 12 ? 'Amsterdam' : i < 15 ? 'Bergen' : i < 29 ? 'Cairo' : 'Dakar';
    const color = i < 20 ? 'red' : i < 22 ? 'blue' : i < 28 ? 'green' : '';
    const size = i < 2 ? 'S' : i < 23 ? 'M' : '';
    const age = i < 3 ? '' : String(20 + (i % 10));
    return [i + 1, city, color, size, age].join(',');
  });
  writeFileSync(join(dir, 'people.csv'), `id,city,color,size,age\n${rows.join('\n')}\n`);
  const pets = Array.from({ length: 12 }, (_, i) => (i < 3 ? 'cat' : 'dog'));
  writeFileSync(join(dir, 'pets.csv'), `species\n${pets.join('\n')}\n`);
  const sha = (key: string) => createHash('sha256').update(key).digest('hex');
  const yaml = [
    'title: Disclosure fixture',
    'modified: "2026-01-01T00:00:00.000"',
    'root: people',
    'entity: { name: person, plural_name: people }',
    rule,
    'access:',
    '  anonymous: true',
    '  api_keys:',
    `    - { name: admin, sha256: ${sha('dc-admin')}, privileged: true }`,
    `    - { name: analyst, sha256: ${sha('dc-analyst')}, groups: [analysts] }`,
    `    - { name: staff, sha256: ${sha('dc-staff')}, groups: [staff] }`,
    'datasets:',
    '  - { name: people, file: people.csv, data_modified: "2026-01-01T00:00:00.000" }',
    '  - { name: pets, file: pets.csv, data_modified: "2026-01-01T00:00:00.000" }',
    'fields:',
    '  - { id: 1, dataset: people, column: city, name: City, enumerable: true }',
    '  - { id: 2, dataset: people, column: color, name: Colour, enumerable: true }',
    '  - { id: 3, dataset: people, column: size, name: Size, enumerable: true }',
    '  - { id: 4, dataset: people, column: age, name: Age }',
    '  - { id: 5, dataset: pets, column: species, name: Species, enumerable: true }',
  ];
  writeFileSync(join(dir, 'catalog.yaml'), `${yaml.join('\n')}\n`);
  return join(dir, 'catalog.yaml');
}
