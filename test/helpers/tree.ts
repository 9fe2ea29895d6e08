// Test helper: copies of the fixture catalog in temporary folders (a deploy by copy), with chosen mtimes and pins.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadCatalog } from '../../src/catalog/read.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { toSnapshotInput } from '../../src/snapshot/build/built.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { writeSnapshotFile } from '../../src/snapshot/file/container.ts';
import { ADMIN, FIXTURE_CATALOG, get, STAFF } from './server.ts';

export const PINNED = '2026-02-03T04:05:06.789';

/**
 * Copies the fixture catalog and its data files into a new temporary folder and sets every file's
 * mtime to `mtime`. `pin` adds `data_modified` to each dataset, so no mtime reaches a body.
 */
export function copyFixture({ mtime = new Date('2026-01-01T00:00:00Z'), pin = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-tree-'));
  const from = dirname(FIXTURE_CATALOG);
  for (const name of readdirSync(from)) copyFileSync(join(from, name), join(dir, name));
  const catalog = join(dir, 'catalog.yaml');
  if (pin)
    writeFileSync(
      catalog,
      readFileSync(catalog, 'utf8').replace(/(file: [^ ]+) }/g, `$1, data_modified: "${PINNED}" }`),
    );
  touch(dir, mtime);
  return catalog;
}

/** Sets the mtime of every file in `dir`. */
export function touch(dir: string, mtime: Date): void {
  for (const name of readdirSync(dir)) utimesSync(join(dir, name), mtime, mtime);
}

/** Paths over every kind of answer of the fixture, each asked by three users. */
export const CORPUS = [
  '/api/',
  '/api/concepts/',
  '/api/concepts/1/',
  '/api/concepts/10/fields/',
  '/api/fields/',
  '/api/fields/?query=berlin',
  '/api/fields/1/',
  '/api/fields/3/',
  '/api/fields/1/values/',
  '/api/fields/3/values/?limit=2&page=2',
  '/api/fields/3/dist/',
  '/api/fields/3/dist/?dimensions=4',
  '/api/fields/3/stats/',
  '/api/fields/12/values/',
  '/api/fields/7/values/',
  `/api/fields/1/values/?aware=true&context=${encodeURIComponent('{"field":3,"operator":"gt","value":30}')}`,
].flatMap((path) => [{}, ADMIN, STAFF].map((headers) => ({ path, headers })));

/** Status, ETag and body of every corpus request. */
export async function answersOf(
  base: string,
  corpus: readonly { path: string; headers: Record<string, string> }[] = CORPUS,
): Promise<{ path: string; headers: Record<string, string>; status: number; etag: string | null; text: string }[]> {
  return Promise.all(
    corpus.map(async ({ path, headers }) => {
      const r = await get(base, path, headers);
      return { path, headers, status: r.status, etag: r.headers.get('etag'), text: r.text };
    }),
  );
}

/**
 * Builds `catalog` into `out` in this process, as `sorrel build` does (faster than spawning the CLI);
 * `bufferBytes` bounds one shared buffer of a table (SORREL_BUFFER_MB).
 */
export async function buildFile(
  catalog: string,
  out = join(dirname(catalog), 'data.sorrel'),
  bufferBytes?: number,
): Promise<string> {
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 10_000 });
  try {
    const parts = await prepareSnapshot(loadCatalog(catalog), pool, { secret: false, bufferBytes });
    await writeSnapshotFile(out, toSnapshotInput(parts));
    return out;
  } finally {
    await pool.close();
  }
}
