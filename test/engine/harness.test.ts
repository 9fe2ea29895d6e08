// The ClickHouse test harness itself: two shards, a Distributed table over both, a shard stopped and started again.
import { spawn } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Cluster, startCluster } from '../helpers/clickhouse.ts';

let ch: Cluster;

test.before(async () => {
  ch = await startCluster();
});
test.after(async () => {
  await ch?.stop();
});

test('rows inserted through the Distributed table are split across both shards and all read back', async () => {
  await ch.createTable(
    'h',
    [
      ['id', 'Int64'],
      ['name', 'String'],
    ],
    'id',
  );
  const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `n${i}` }));
  await ch.insert('h', rows);
  assert.is((await ch.sql(`SELECT count(), sum(id) FROM ${ch.database}.h`)).trim(), '100\t4950');
  const local = [0, 1].map(async (i) => Number(await ch.sql(`SELECT count() FROM ${ch.database}.h_local`, i)));
  const [a, b] = await Promise.all(local);
  assert.is(a + b, 100);
  assert.ok(a > 0 && b > 0, `both shards hold rows (${a}, ${b})`);
});

test('a stopped shard makes a distributed query fail; started again, it answers', async () => {
  await ch.stopShard(1);
  let message = '';
  try {
    await ch.sql(`SELECT count() FROM ${ch.database}.h`);
  } catch (e) {
    message = (e as Error).message;
  }
  assert.match(message, /ClickHouse shard 0/);
  await ch.startShard(1);
  assert.is((await ch.sql(`SELECT count() FROM ${ch.database}.h`)).trim(), '100');
});

test('servers left by a killed test process are killed by the next cluster to start', async () => {
  const script = `import { startCluster } from ${JSON.stringify(new URL('../helpers/clickhouse.ts', import.meta.url).pathname)};
const c = await startCluster(); console.log(c.url); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (b) => resolve(String(b).trim())));
  assert.ok((await fetch(`${url}/ping`)).ok, 'the orphan-to-be answers');
  child.kill('SIGKILL'); // no exit handler runs: its servers are left behind
  await new Promise((r) => child.once('exit', r));
  const next = await startCluster();
  try {
    let down = false;
    try {
      await fetch(`${url}/ping`);
    } catch {
      down = true;
    }
    assert.ok(down, 'the orphaned shard no longer answers');
  } finally {
    await next.stop();
  }
});

test.run();
