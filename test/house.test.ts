// The house rule: no source file over 250 lines (ARCHITECTURE.md, "House rules, checked by tests"), counted as `wc -l` does; generated files aside.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['src', 'workers', 'loaders', 'web', 'test', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = new Set(['node_modules', 'data']); // installed packages, generated bench data (build output, dist/, is outside FOLDERS)
const LIMIT = 250;
// Written by a generator, never by hand (biome.jsonc skips them too); each must say so in its first lines.
const GENERATED = ['web/api-types.ts'];

/** Every source file under `dir`, as paths from the repository root. */
function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return []; // a folder this checkout does not have
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sourceFiles(path);
    return e.isFile() && SOURCE.test(e.name) ? [path] : [];
  });
}

/** Newline characters, as `wc -l` counts lines. */
const countLines = (text: string) => text.split('\n').length - 1;

test('the walk finds the source files of every folder, this one included', () => {
  const files = FOLDERS.flatMap(sourceFiles);
  assert.ok(files.includes(relative(ROOT, fileURLToPath(import.meta.url))));
  for (const folder of ['src', 'workers', 'loaders', 'web', 'test', 'bench'])
    assert.ok(
      files.some((f) => f.startsWith(`${folder}/`)),
      `no source file found under ${folder}/`,
    );
  assert.not.ok(files.some((f) => f.includes('node_modules')));
  assert.ok(files.includes('workers/dist/dist.ts'), 'a source folder named dist is walked');
});

test('lines are counted as wc -l counts them', () => {
  assert.is(countLines(''), 0);
  assert.is(countLines('one\n'), 1);
  assert.is(countLines('one\ntwo'), 1);
  assert.is(countLines('a\n\nb\n'), 3);
});

test('each file exempt as generated says so and is not to be edited', () => {
  for (const file of GENERATED) {
    const head = readFileSync(join(ROOT, file), 'utf8').split('\n').slice(0, 3).join('\n');
    assert.match(head, /^\/\/ Generated .*do not edit/s, file);
  }
});

test(`no source file in ${FOLDERS.join(', ')} is over ${LIMIT} lines`, () => {
  const over = FOLDERS.flatMap(sourceFiles)
    .filter((file) => !GENERATED.includes(file))
    .map((file) => ({ file, lines: countLines(readFileSync(join(ROOT, file), 'utf8')) }))
    .filter((f) => f.lines > LIMIT)
    .sort((a, b) => b.lines - a.lines);
  assert.equal(
    over.map((f) => `${f.file}: ${f.lines} lines`),
    [],
    `Split these by job (one job per file; tests by behaviour group): ${over.map((f) => `${f.file} (${f.lines} lines)`).join(', ')}`,
  );
});

// Folders by concern (issue 31): when files pile up at the top of a folder, their prefixes want to be folders.
const TOP_LIMITS: Record<string, number> = { src: 8, workers: 12, 'src/snapshot': 12 };

test('the tops of src/, workers/ and src/snapshot/ stay small: files go into folders by concern', () => {
  for (const [dir, limit] of Object.entries(TOP_LIMITS)) {
    const top = readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isFile() && SOURCE.test(e.name));
    assert.ok(
      top.length <= limit,
      `${dir}/ has ${top.length} files at its top (at most ${limit}): ${top.map((e) => e.name).join(', ')}`,
    );
  }
});

test.run();
