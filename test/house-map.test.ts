// The house map: ARCHITECTURE.md's folder table names every folder of src/, loaders/ and workers/, and every source file in its folder's row.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const map = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Every folder under `dir` (itself included) with the .ts files directly in it, names without `.ts`. */
function folders(dir: string): { folder: string; files: string[] }[] {
  const entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => e.name.slice(0, -3));
  return [
    { folder: `${dir}/`, files },
    ...entries.filter((e) => e.isDirectory()).flatMap((e) => folders(`${dir}/${e.name}`)),
  ];
}

/** The folder table's row of `folder`: the line that starts with its name in backquotes. */
const rowOf = (folder: string) => map.split('\n').find((line) => line.startsWith(`| \`${folder}\` |`));

test('the row of a folder is found, and a file is named in it by its backquoted name', () => {
  assert.ok(rowOf('src/common/')?.includes('`order`'));
  assert.is(rowOf('src/nowhere/'), undefined);
});

test('ARCHITECTURE.md has a row for every folder of src/, loaders/ and workers/, naming each of its files', () => {
  const missing: string[] = [];
  for (const { folder, files } of ['src', 'loaders', 'workers'].flatMap(folders)) {
    const row = rowOf(folder);
    if (row === undefined) missing.push(`${folder} (no row)`);
    else for (const f of files) if (!row.includes(`\`${f}\``)) missing.push(`${folder}${f}.ts`);
  }
  assert.equal(missing, [], `Add these to ARCHITECTURE.md's folder table: ${missing.join(', ')}`);
});

test.run();
