// Tests: src/cli/progress.ts — a command's load log on stderr: rows read while a file loads, then its totals.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { init } from '../../src/cli/init.ts';
import { toCommandProgress } from '../../src/cli/progress.ts';
import { findCatalogProblems } from '../../src/snapshot/build/problems.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

test('the rows read, a long load and a long profile are lines; a quick load prints nothing', () => {
  const lines: string[] = [];
  const progress = toCommandProgress((line) => lines.push(line), 5000);
  progress('loading dataset', { dataset: 'r', file: 'r.csv' });
  progress('loading rows', { dataset: 'r', rows: 12_345_678, ms: 5012 });
  progress('loaded dataset', {
    dataset: 'r',
    rows: 100_000_000,
    mib: 4577.75,
    buffers: 3,
    ms: 150_249,
    peak_rss_mib: 6120,
  });
  progress('loaded dataset', { dataset: 'q', rows: 6, mib: 0.01, buffers: 1, ms: 12, peak_rss_mib: 90 });
  progress('profiled dataset', { dataset: 'r', columns: 7, ms: 190_420 });
  progress('profiled dataset', { dataset: 'q', columns: 5, ms: 40 });
  assert.equal(lines, [
    'r: 12,345,678 rows read (5.0 s)',
    'r: 100,000,000 rows loaded, 4,578 MiB in 3 buffers (150.2 s, peak RSS 6,120 MiB)',
    'r: 7 columns profiled (190.4 s)',
  ]);
});

test('check and build tell the rows each CSV has given while it loads', async () => {
  const seen: unknown[] = [];
  const openPool = () => createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  const { problems } = await findCatalogProblems(FIXTURE_CATALOG, openPool, {
    progress: (message, fields) => {
      if (message === 'loading rows') seen.push([fields.dataset, fields.rows]);
    },
    progressMs: 0,
  });
  assert.equal(problems, []);
  assert.equal(seen, [['people', 6]]); // people.csv has 6 rows; pets.json is read whole, not in chunks
});

test('init tells the rows read and the time to profile each file', async () => {
  const dir = mkdtempSync('/tmp/sorrel-init-progress-');
  const file = join(dir, 'people.csv');
  copyFileSync(join(dirname(FIXTURE_CATALOG), 'people.csv'), file);
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = () => true; // the catalog itself
  try {
    assert.is(
      await init(
        [file],
        undefined,
        {},
        toCommandProgress((l) => lines.push(l), 0),
        0,
      ),
      0,
    );
  } finally {
    process.stdout.write = write;
  }
  assert.is(lines.length, 2, lines.join('\n'));
  assert.match(lines[0], /^people: 6 rows read \(\d+\.\d s\)$/);
  assert.match(lines[1], /^people: 8 columns profiled \(\d+\.\d s\)$/);
});

test.run();
