// Tests: the warm-up of naive distributions (src/serve/warm.ts) yields to waiting requests, runs one whole task at a time, stops when told.
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import type { Pool } from '../../src/contract/pool.ts';
import { warmNaiveDists } from '../../src/serve/warm.ts';
import { startTestServer } from '../helpers/server.ts';

const log = pino({ level: 'silent' });
const s = await startTestServer(undefined, { warmDists: false });
const snapshot = s.state.snapshot!;
const fields = snapshot.fields.size;

/** The server's pool seen through a queue length the test sets, recording each run. */
function watched(queued: { n: number }) {
  const runs: { at: number; split: boolean | undefined; queued: number; kind: string }[] = [];
  let inFlight = 0,
    most = 0;
  const pool: Pool = {
    async run(task, signal, options) {
      runs.push({ at: performance.now(), split: options?.split, queued: queued.n, kind: task.kind });
      most = Math.max(most, ++inFlight);
      try {
        return await s.pool.run(task, signal, options);
      } finally {
        inFlight--;
      }
    },
    stats: () => ({ ...s.pool.stats(), queued: queued.n }),
    close: async () => {},
  };
  return { pool, runs, most: () => most };
}

test('every field, one task at a time, none split', async () => {
  const w = watched({ n: 0 });
  assert.is(await warmNaiveDists(snapshot, w.pool, DEFAULT_CONFIG, log, () => true), fields);
  // Fields over the same column share a memo entry (the fixture has such a pair): one task for both.
  assert.ok(w.runs.length > 0 && w.runs.length <= fields, `${w.runs.length} tasks for ${fields} fields`);
  assert.is(w.most(), 1, 'one at a time');
  assert.ok(
    w.runs.every((r) => r.split === false),
    'on one thread',
  );
});

test('a nearly unique field (more distinct values than maxClusterPoints and than half its rows) is left to its first request unless it holds numbers', async () => {
  // maxClusterPoints 4, people has 6 rows: name (fields 1 and 9, 6 values) and secret_code (6), text,
  // are skipped; height (5 numbers) is warmed from its values (workers/dist/runs-grid.ts), as are age (4
  // values: not above the bound), city, member, joined, nickname and the three pets fields (3 values).
  const w = watched({ n: 0 });
  const config = { ...DEFAULT_CONFIG, maxClusterPoints: 4 };
  assert.is(await warmNaiveDists(snapshot, w.pool, config, log, () => true), fields - 3);
  // height, the one field with more values than the grid's cells that is warmed, comes last.
  assert.equal(
    w.runs.map((r) => r.kind).filter((k) => k === 'shape-runs'),
    ['shape-runs'],
  );
  assert.is(w.runs.at(-1)?.kind, 'shape-runs');
});

test('no task starts while a request waits in the queue', async () => {
  const queued = { n: 1 };
  const w = watched(queued);
  const done = warmNaiveDists(snapshot, w.pool, DEFAULT_CONFIG, log, () => true);
  await new Promise((r) => setTimeout(r, 150));
  assert.is(w.runs.length, 0, 'waited');
  queued.n = 0;
  // A fresh snapshot's memo would compute; this one's was filled by the test above, so nothing runs.
  assert.is(await done, fields);
  assert.is(w.runs.length, 0);
});

test('stops when the snapshot is no longer current; off when disabled or without a memo', async () => {
  const queued = { n: 1 };
  const w = watched(queued);
  let current = true;
  const done = warmNaiveDists(snapshot, w.pool, DEFAULT_CONFIG, log, () => current);
  await new Promise((r) => setTimeout(r, 60));
  current = false;
  assert.is(await done, 0);
  assert.is(w.runs.length, 0);
  const quiet = watched({ n: 0 });
  assert.is(await warmNaiveDists(snapshot, quiet.pool, { ...DEFAULT_CONFIG, warmDists: false }, log, () => true), 0);
  assert.is(await warmNaiveDists(snapshot, quiet.pool, { ...DEFAULT_CONFIG, memoBytes: 0 }, log, () => true), 0);
  assert.is(quiet.runs.length, 0);
});

test.after(async () => {
  await s.close();
});

test.run();
