// A real two-shard ClickHouse for the engine tests (API.md §14): Debian's clickhouse-server run as our own processes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/lib/replica.ts';
import { CLUSTER, configXml, usersXml } from './clickhouse-config.ts';

const SERVER = '/usr/sbin/clickhouse-server';
const DATABASE = 'sorrel_test';
import type { EngineSpec } from '../../src/contract/engine.ts';

export { SECRET_USER } from './clickhouse-config.ts';

type Shard = { http: number; tcp: number; interserver: number; dir: string; child: ChildProcess | null };

/** Two shards on free ports with a Distributed table over both; `stop` ends exactly the processes it started. */
export type Cluster = {
  url: string; // shard 0's HTTP URL: what a catalog's engine entry points at
  urls: string[];
  cluster: string;
  database: string;
  /** Runs one statement on a shard (0 by default) over HTTP; the result as TSV text. Throws the engine's message. */
  sql(text: string, shard?: number): Promise<string>;
  /** `name_local` (MergeTree) and `name` (Distributed by `shardKey`) on both shards. */
  createTable(name: string, columns: [string, string][], shardKey: string): Promise<void>;
  /** Inserts rows through the Distributed table, synchronously (insert_distributed_sync=1). */
  insert(name: string, rows: Record<string, unknown>[]): Promise<void>;
  stopShard(i: number): Promise<void>;
  startShard(i: number): Promise<void>;
  stop(): Promise<void>;
};

/** The catalog entry `engines.wh` of a cluster (no credentials), with any key replaced. */
export function toEngineSpec(ch: Cluster, over: Partial<EngineSpec> = {}): EngineSpec {
  const base: EngineSpec = {
    name: 'wh',
    kind: 'clickhouse',
    url: ch.url,
    database: ch.database,
    userEnv: null,
    passwordEnv: null,
    refresh: null,
    where: 'engines.wh',
  };
  return { ...base, ...over };
}

/** The server binary; installs Debian's package first when it is missing, as a test container would be pulled. */
export function ensureClickHouse(): string {
  if (existsSync(SERVER)) return SERVER;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'clickhouse-server', 'clickhouse-client'],
    { stdio: 'ignore', env },
  );
  if (!existsSync(SERVER)) throw new Error(`apt-get installed clickhouse-server but ${SERVER} is missing`);
  return SERVER;
}

/** Starts two fresh shards in a temporary folder; the caller stops them. */
export async function startCluster(opts: { unref?: boolean } = {}): Promise<Cluster> {
  const server = ensureClickHouse();
  removeOrphans();
  const root = mkdtempSync(join(tmpdir(), 'sorrel-ch-'));
  writeFileSync(join(root, 'owner'), String(process.pid));
  const shards: Shard[] = [];
  for (let i = 0; i < 2; i++) {
    const [http, tcp, interserver] = [await freePort(), await freePort(), await freePort()];
    shards.push({ http, tcp, interserver, dir: join(root, `shard${i}`), child: null });
  }
  writeFileSync(join(root, 'users.xml'), usersXml());
  for (const s of shards) {
    mkdirSync(s.dir, { recursive: true });
    writeFileSync(join(s.dir, 'config.xml'), configXml(s, shards, join(root, 'users.xml')));
  }
  const start = async (i: number) => {
    const s = shards[i];
    s.child = spawn(server, [`--config-file=${join(s.dir, 'config.xml')}`], { stdio: 'ignore' });
    writeFileSync(join(s.dir, 'pid'), String(s.child.pid));
    if (opts.unref) s.child.unref();
    await waitForPing(s.http, s.child);
  };
  const sql = async (text: string, shard = 0): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${shards[shard].http}/`, { method: 'POST', body: text });
    const body = await res.text();
    if (!res.ok) throw new Error(`ClickHouse shard ${shard}: ${body.trim()}`);
    return body;
  };
  const cluster: Cluster = {
    url: `http://127.0.0.1:${shards[0].http}`,
    urls: shards.map((s) => `http://127.0.0.1:${s.http}`),
    cluster: CLUSTER,
    database: DATABASE,
    sql,
    async createTable(name, columns, shardKey) {
      const cols = columns.map(([c, t]) => `\`${c}\` ${t}`).join(', ');
      for (let i = 0; i < shards.length; i++) {
        await sql(`CREATE TABLE ${DATABASE}.${name}_local (${cols}) ENGINE = MergeTree() ORDER BY tuple()`, i);
        await sql(
          `CREATE TABLE ${DATABASE}.${name} AS ${DATABASE}.${name}_local ENGINE = Distributed(${CLUSTER}, ${DATABASE}, ${name}_local, ${shardKey})`,
          i,
        );
      }
    },
    async insert(name, rows) {
      const body = rows.map((r) => JSON.stringify(r)).join('\n');
      const q = encodeURIComponent(`INSERT INTO ${DATABASE}.${name} FORMAT JSONEachRow`);
      const res = await fetch(`http://127.0.0.1:${shards[0].http}/?insert_distributed_sync=1&query=${q}`, {
        method: 'POST',
        body,
      });
      if (!res.ok) throw new Error(`ClickHouse insert into ${name}: ${(await res.text()).trim()}`);
    },
    stopShard: (i) => stopChild(shards[i]),
    startShard: start,
    async stop() {
      for (const s of shards) await stopChild(s);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    for (let i = 0; i < shards.length; i++) await start(i);
    for (let i = 0; i < shards.length; i++) await sql(`CREATE DATABASE IF NOT EXISTS ${DATABASE}`, i);
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  return cluster;
}

let shared: Promise<Cluster> | null = null;

/**
 * One cluster for every engine test of this process (uvu runs the files in one process), started on
 * first use and stopped when the process exits. Tests that stop a shard start their own instead.
 */
export function sharedCluster(): Promise<Cluster> {
  if (shared) return shared;
  // Unreferenced: nothing stops the shared servers before the test process ends, so they must not keep
  // it alive (a referenced child keeps the event loop busy and beforeExit would never come).
  shared = startCluster({ unref: true });
  shared.then((c) => {
    // A referenced timer holds the process until the servers are gone and their folder removed.
    const kill = () => {
      const hold = setInterval(() => {}, 1000);
      void c.stop().finally(() => clearInterval(hold));
    };
    process.once('beforeExit', kill);
    process.once('exit', killNow);
  });
  return shared;
}

const children = new Set<ChildProcess>();

/**
 * Servers left by a test process that was killed (SIGKILL, SIGTERM: no exit handler runs) would run
 * for ever: each cluster's folder names its owner, and a folder whose owner is gone has its servers
 * killed (only a process whose command line names that folder's config) and is removed.
 */
function removeOrphans(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('sorrel-ch-')) continue;
    const root = join(tmpdir(), name);
    const owner = Number(readText(join(root, 'owner')));
    if (!owner || isAlive(owner)) continue;
    for (const shard of ['shard0', 'shard1']) {
      const pid = Number(readText(join(root, shard, 'pid')));
      if (pid && readText(`/proc/${pid}/cmdline`).includes(join(root, shard, 'config.xml'))) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
    }
    rmSync(root, { recursive: true, force: true });
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** At exit nothing can wait: every server still running is killed at once. */
function killNow(): void {
  for (const child of children) child.kill('SIGKILL');
}

async function stopChild(s: Shard): Promise<void> {
  const child = s.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  s.child = null;
  // SIGKILL, not SIGTERM: the server's graceful stop waits ~5 s, and a test's data is thrown away.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  children.delete(child);
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  children.add(child);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`clickhouse-server exited with code ${child.exitCode} at start`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ping`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`clickhouse-server did not answer /ping on port ${port} within 30 s`);
}
