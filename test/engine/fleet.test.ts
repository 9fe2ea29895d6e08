// A fleet over ClickHouse (docs/operations.md): two replicas over the same engine tables behind HAProxy answer as one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureHaproxy, type Haproxy, startHaproxy } from '../../bench/lib/haproxy.ts';
import { freePort } from '../../bench/lib/replica.ts';
import { runEngineTask } from '../../src/engine/run.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { testConfig } from '../helpers/server.ts';
import { type Cluster, SECRET_USER, sharedCluster } from '../helpers/clickhouse.ts';
import { PASSWORD_ENV, USER_ENV } from '../helpers/engine/catalog.ts';
import { fieldInfos } from '../helpers/engine/fields.ts';
import { createFixture, type Fixture } from '../helpers/engine/fixture.ts';
import { HEADERS, makeRequests, type Request } from '../helpers/engine/requests.ts';

let ch: Cluster;
let fixture: Fixture;
let replicas: Running[] = [];
let proxy: Haproxy;
let requests: Request[];

/** A replica over the engine catalog, as `sorrel serve` runs it (same base URL on every replica, as the docs say). */
async function startReplica(catalog: string): Promise<Running> {
  const config = testConfig({ baseUrl: 'http://sorrel.test' });
  const running = await startServer(catalog, config, pino({ level: 'silent' }), undefined, runEngineTask);
  await running.ready;
  return running;
}

test.before(async () => {
  ch = await sharedCluster();
  fixture = await createFixture(ch, 'sorrel_fleet');
  process.env[USER_ENV] = SECRET_USER.user;
  process.env[PASSWORD_ENV] = SECRET_USER.password;
  replicas = [await startReplica(fixture.engineCatalog), await startReplica(fixture.engineCatalog)];
  const servers = replicas.map((r, i) => ({ name: `sorrel${i + 1}`, port: Number(new URL(r.url).port) }));
  proxy = await startHaproxy(
    mkdtempSync(join(tmpdir(), 'sorrel-haproxy-')),
    await freePort(),
    servers,
    ensureHaproxy(),
  );
  await untilUp(proxy, servers.length);
  const listed = (await (await fetch(`${replicas[0].url}/api/fields/`, { headers: HEADERS.admin })).json()) as any[];
  const operators = new Map(listed.map((f) => [f.id, f.operators.map((o: string[]) => o[0])]));
  requests = makeRequests(fieldInfos(fixture.datasets, operators), 80, 11).filter(
    (r) => !/random=/.test(r.path) || /seed=/.test(r.path),
  );
});

test.after(async () => {
  await proxy?.stop();
  await Promise.all(replicas.map((r) => r.close()));
});

type Seen = { status: number; etag: string | null; text: string };
const ask = async (base: string, r: Request, extra: Record<string, string> = {}): Promise<Seen> => {
  const res = await fetch(base + r.path, { headers: { ...HEADERS[r.user], ...extra } });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
};

test('both replicas give the same status, body and ETag to every request, directly and through HAProxy', async () => {
  for (const r of requests) {
    const [a, b] = await Promise.all(replicas.map((s) => ask(s.url, r)));
    assert.equal(b, a, `${r.user} ${decodeURIComponent(r.path)}`);
    // Round robin: two requests in a row reach both replicas.
    for (const via of [await ask(proxy.url, r), await ask(proxy.url, r)]) assert.equal(via, a, r.path);
  }
});

test('an ETag from one replica is answered 304 by the other and through HAProxy', async () => {
  const r = requests.find((q) => /values\/\?/.test(q.path))!;
  const first = await ask(replicas[0].url, r);
  assert.ok(first.etag, 'a deterministic 200 has an ETag');
  const other = await ask(replicas[1].url, r, { 'If-None-Match': first.etag! });
  assert.is(other.status, 304);
  for (let i = 0; i < 2; i++) assert.is((await ask(proxy.url, r, { 'If-None-Match': first.etag! })).status, 304);
});

test('a changed row changes the version, and both replicas agree on the new one after a reload', async () => {
  const before = await Promise.all(replicas.map(readyVersion));
  assert.is(before[0], before[1]);
  const local = `${fixture.database}.obs_local`; // on shard 0: visible through the Distributed table at once
  await ch.sql(`INSERT INTO ${local} (id, code, kind, secret) VALUES (1501, 'NEW', 'new', 'red')`);
  for (const s of replicas) await s.reload();
  const after = await Promise.all(replicas.map(readyVersion));
  assert.is.not(after[0], before[0]);
  assert.is(after[1], after[0]);
});

async function readyVersion(s: Running): Promise<string> {
  return ((await (await fetch(`${s.url}/readyz`)).json()) as { version: string }).version;
}

/** Waits until HAProxy's health checks (GET /readyz) have put every replica in rotation. */
async function untilUp(p: Haproxy, n: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const up = [...(await p.states()).values()].filter((s) => s === 'UP').length;
    if (up === n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`HAProxy did not see ${n} replicas up within 20 s: ${[...(await p.states())]}`);
}

test.run();
