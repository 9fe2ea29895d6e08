// Tests: start-up (src/server.ts): the warnings it logs about the catalog it serves.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { startServer } from '../../src/serve/server.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

test('start-up logs a warning when an engine entry sends credentials over http:// to another machine', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-transport-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  const engines =
    'engines:\n  wh: { kind: clickhouse, url: "http://clickhouse.example:8123", database: db, user_env: WH_USER, password_env: WH_PASSWORD }\n';
  writeFileSync(join(dir, 'c.yaml'), readFileSync(FIXTURE_CATALOG, 'utf8').replace('datasets:', `${engines}datasets:`));
  const lines: { level: number; msg: string; engine?: string }[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const running = await startServer(
    join(dir, 'c.yaml'),
    { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1, warmDists: false },
    pino({ level: 'warn' }, sink),
  );
  try {
    await running.ready;
    const warned = lines.filter((l) => l.level === 40 && l.engine === 'wh');
    assert.equal(
      warned.map((l) => l.msg),
      [
        `${join(dir, 'c.yaml')}: engines.wh: credentials go to clickhouse.example over plain http://, readable by anyone on the network; use https:// (ClickHouse's https_port) or a loopback address.`,
      ],
    );
  } finally {
    await running.close();
  }
});

test.run();
