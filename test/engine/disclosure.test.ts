// The small-count rule (API.md §15) on an engine dataset (API.md §14): applied after compute, so counts from ClickHouse get it too.
import { readFileSync, writeFileSync } from 'node:fs';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import { startServer } from '../../src/serve/server.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { createPeople, writeEngineCatalog } from '../helpers/engine.ts';
import { get } from '../helpers/server.ts';

let ch: Cluster;
test.before(async () => {
  ch = await sharedCluster();
});

test('values, dist and an aware answer over an engine table: counts below k suppressed, a small context suppressed whole', async () => {
  await createPeople(ch, 'people_disclosure');
  const path = writeEngineCatalog(ch, 'people_disclosure');
  // Lima 1, Oslo 3, Pune 1 (test/helpers/engine.ts); k = 3.
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), disclosure: { min_count: 3 } }));
  const config = { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1 };
  const s = await startServer(path, config, pino({ level: 'silent' }), undefined, runTableTask);
  await s.ready;
  try {
    const values = await get(s.url, '/api/fields/2/values/');
    assert.equal(
      values.body.values.map((v: { value: string; count: number | null; suppressed?: true }) => [
        v.value,
        v.count,
        v.suppressed ?? false,
      ]),
      [
        ['Lima', null, true],
        ['Oslo', 3, false],
        ['Pune', null, true],
      ],
    );
    const dist = await get(s.url, '/api/fields/2/dist/');
    assert.equal(
      dist.body.data.map((p: { count: number | null }) => p.count),
      [null, 3, null],
    );
    const lima = encodeURIComponent(JSON.stringify({ field: 2, operator: 'exact', value: 'Lima' }));
    assert.equal((await get(s.url, `/api/fields/2/values/?aware=true&context=${lima}`)).body, { suppressed: true });
  } finally {
    await s.close();
  }
});

test.run();
