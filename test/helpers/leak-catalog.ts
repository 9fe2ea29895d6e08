// Test helper: a catalog with one field per combination of the visibility flags, and concepts over them, each with its own tokens.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Flags = { published: boolean; archived: boolean; groups: string[] | null };
export type LeakField = Flags & { id: number; column: string; name: string; description: string; values: string[] };
export type LeakConcept = Flags & { id: number; name: string; description: string; fields: number[] };
export type LeakUser = { kind: string; headers: Record<string, string>; privileged: boolean; groups: string[] };
export type LeakCatalog = { path: string; fields: LeakField[]; concepts: LeakConcept[]; users: LeakUser[] };

const GROUPS: (string[] | null)[] = [null, ['staff'], ['other']];
const COMBOS: Flags[] = [true, false].flatMap((published) =>
  [false, true].flatMap((archived) => GROUPS.map((groups) => ({ published, archived, groups }))),
);
const ROWS = 3;

/**
 * Writes the catalog and its one CSV: field i (every flag combination once) owns column `col_i`
 * with the values `v<i>x<k>`, the name `Fld<i>Tok` and the description `FldDesc<i>`, so any of
 * them in an answer can only come from field i. `disclosure`: a top-level line that sets the
 * small-count rule (API.md §15). Concepts: one per field; one per flag combination
 * over the always-visible field 1; and field 1 paired with each other field.
 */
export function writeLeakCatalog(opts: { disclosure?: string } = {}): LeakCatalog {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-leaks-'));
  const fields: LeakField[] = COMBOS.map((flags, i) => ({
    ...flags,
    id: i + 1,
    column: `col_${i + 1}`,
    name: `Fld${i + 1}Tok`,
    description: `FldDesc${i + 1}`,
    values: Array.from({ length: ROWS }, (_, k) => `v${i + 1}x${k}`),
  }));
  const open = fields[0]; // published, not archived, no groups: every user sees it
  const concepts: LeakConcept[] = [];
  const concept = (flags: Flags, ids: number[]) => {
    const id = concepts.length + 1;
    concepts.push({ ...flags, id, name: `Cpt${id}Tok`, description: `CptDesc${id}`, fields: ids });
  };
  const plain: Flags = { published: true, archived: false, groups: null };
  for (const f of fields) concept(plain, [f.id]);
  for (const flags of COMBOS) concept(flags, [open.id]);
  for (const f of fields.slice(1)) concept(plain, [open.id, f.id]);

  const csv = [
    fields.map((f) => f.column).join(','),
    ...Array.from({ length: ROWS }, (_, k) => fields.map((f) => f.values[k]).join(',')),
  ];
  writeFileSync(join(dir, 'data.csv'), `${csv.join('\n')}\n`);
  const flagText = (f: Flags) =>
    `published: ${f.published}, archived: ${f.archived}${f.groups ? `, groups: [${f.groups.join(', ')}]` : ''}`;
  const sha = (key: string) => createHash('sha256').update(key).digest('hex');
  const yaml = [
    'title: Leak matrix',
    'modified: "2026-01-01T00:00:00.000"',
    ...(opts.disclosure ? [opts.disclosure] : []),
    'access:',
    '  anonymous: true',
    '  api_keys:',
    `    - { name: admin, sha256: ${sha('leak-admin')}, privileged: true }`,
    `    - { name: staff, sha256: ${sha('leak-staff')}, groups: [staff] }`,
    'datasets: [{ name: data, file: data.csv, data_modified: "2026-01-01T00:00:00.000" }]',
    'fields:',
    ...fields.map(
      (f) =>
        `  - { id: ${f.id}, dataset: data, column: ${f.column}, name: ${f.name}, description: ${f.description}, enumerable: true, ${flagText(f)} }`,
    ),
    'concepts:',
    ...concepts.map(
      (c) =>
        `  - { id: ${c.id}, name: ${c.name}, description: ${c.description}, fields: [${c.fields.join(', ')}], ${flagText(c)} }`,
    ),
  ];
  writeFileSync(join(dir, 'catalog.yaml'), `${yaml.join('\n')}\n`);
  const users: LeakUser[] = [
    { kind: 'anonymous', headers: {}, privileged: false, groups: [] },
    { kind: 'group member', headers: { Authorization: 'Bearer leak-staff' }, privileged: false, groups: ['staff'] },
    { kind: 'privileged', headers: { Authorization: 'Bearer leak-admin' }, privileged: true, groups: [] },
  ];
  return { path: join(dir, 'catalog.yaml'), fields, concepts, users };
}

/** API.md §2, written out again as the oracle: what a user may see. */
export function isVisible(user: LeakUser, o: Flags): boolean {
  if (user.privileged) return true;
  return o.published && !o.archived && (o.groups === null || o.groups.some((g) => user.groups.includes(g)));
}

/** A concept: its own flags, and every one of its fields visible. */
export function isConceptVisible(user: LeakUser, c: LeakConcept, fields: LeakField[]): boolean {
  return isVisible(user, c) && c.fields.every((id) => isVisible(user, fields[id - 1]));
}
