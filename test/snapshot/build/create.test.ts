// Tests: src/snapshot/build/create.ts — a catalog's datasets are profiled as they load.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../../src/catalog/read.ts';
import type { Pool } from '../../../src/contract/pool.ts';
import { createPool } from '../../../src/parallel/compute-pool.ts';
import { prepareSnapshot } from '../../../src/snapshot/build/create.ts';
import { FIXTURE_CATALOG } from '../../helpers/server.ts';

test("a dataset's profiles are queued as soon as it loads, before the next dataset decodes", async () => {
  const events: string[] = [];
  const real = createPool({ poolThreads: 1, poolMaxQueue: 10_000 });
  const pool: Pool = {
    ...real,
    run: (task, signal) => {
      if (task.kind === 'profile') events.push(`profile ${task.table.key.split(':')[1]}.${task.column}`);
      return real.run(task, signal);
    },
  };
  try {
    const parts = await prepareSnapshot(loadCatalog(FIXTURE_CATALOG), pool, {
      secret: false,
      progress: (message, fields) => {
        if (message === 'loading dataset') events.push(`loading ${fields.dataset}`);
      },
    });
    const pets = events.indexOf('loading pets');
    assert.equal(events.slice(0, 2), ['loading people', 'profile people.name']);
    assert.ok(events.slice(1, pets).every((e) => e.startsWith('profile people.')));
    assert.ok(events.slice(pets + 1).every((e) => e.startsWith('profile pets.')));
    // Each column profiled once, and the answers reach the snapshot.
    assert.is(new Set(events).size, events.length);
    assert.ok(parts.values.get(3)!.values.length > 0);
  } finally {
    await real.close();
  }
});

test.run();
