// Issue 28's stats question by engine CPU: one stats answer's queries (statsSql of two checkouts) beside the raw SQL, in CPU time from system.query_log as well as wall time.
//
// Usage: node --import tsx bench/engine/stats-cpu.ts [--rows 10000000] [--reps 7] [--before <dir>]
// Wall times on this shared two-core machine move by ±50% between repetitions; the engine's CPU
// (user + system µs of every query of the answer, on both shards) moves by ±15%. Two ClickHouse
// shards get bench/lib/engine-scale.ts's table; each repetition runs, in a rotating order, the raw
// SQL (engine-scale's stats case), the before checkout's statsSql and this one's, naive and aware
// (grade < 10), through the same HTTP query function; the bodies of both checkouts must be equal.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { EngineRow } from '../../src/contract/engine.ts';
import { statsSql } from '../../src/engine/compute/stats.ts';
import { startCluster } from '../../test/helpers/clickhouse.ts';
import { generate } from '../lib/engine-scale.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? null : args[i + 1]!;
};
const ROWS = Number(option('rows') ?? 10_000_000);
const REPS = Number(option('reps') ?? 7);
const BEFORE = option('before');

type Run = (query: (sql: string) => Promise<EngineRow[]>, where: string) => Promise<unknown>;
const sides: [string, Run][] = [];
const ch = await startCluster();
try {
  await generate(ch, ROWS);
  const t = `${ch.database}.w`;
  const source = (where: string) => ({ from: t, where, column: '`x`', type: 'float' as const });
  sides.push([
    'raw SQL',
    (q, where) =>
      q(
        `SELECT count(x), min(x), max(x), sum(x), stddevSamp(x), uniqExact(x), quantilesExact(0.05, 0.25, 0.5, 0.75, 0.95)(x) FROM ${t} WHERE ${where}`,
      ),
  ]);
  if (BEFORE) {
    const before = (await import(join(BEFORE, 'src/engine/compute/stats.ts'))) as { statsSql: typeof statsSql };
    sides.push(['before', (q, where) => before.statsSql(q, source(where))]);
  }
  sides.push(['after', (q, where) => statsSql(q, source(where))]);

  const sql = async (shard: number, text: string, params = '') => {
    const res = await fetch(`${ch.urls[shard]}/?default_format=JSONEachRow${params}`, { method: 'POST', body: text });
    const body = await res.text();
    if (!res.ok) throw new Error(body);
    return body;
  };
  /** One answer: its wall ms, its queries' CPU ms on both shards, its body. */
  const measure = async (run: Run, where: string) => {
    const ids: string[] = [];
    const query = async (text: string) => {
      const id = randomUUID();
      ids.push(id);
      const body = (await sql(0, text, `&log_queries=1&query_id=${id}`)).trim();
      return body ? body.split('\n').map((l) => JSON.parse(l) as EngineRow) : [];
    };
    const t0 = performance.now();
    const out = await run(query, where);
    const wall = performance.now() - t0;
    let cpu = 0;
    for (const shard of [0, 1]) {
      await sql(shard, 'SYSTEM FLUSH LOGS');
      const us = `ProfileEvents.Values[indexOf(ProfileEvents.Names, 'UserTimeMicroseconds')] + ProfileEvents.Values[indexOf(ProfileEvents.Names, 'SystemTimeMicroseconds')]`;
      const row = await sql(
        shard,
        `SELECT sum(${us}) AS c FROM system.query_log WHERE initial_query_id IN (${ids.map((i) => `'${i}'`).join(', ')}) AND type = 2`,
      );
      cpu += Number(JSON.parse(row).c) / 1000;
    }
    return { wall, cpu, body: JSON.stringify(out), queries: ids.length };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`| case (${ROWS} rows) | side | queries | wall ms | wall ratio | engine CPU ms | CPU ratio | load |`);
  console.log('|---|---|--:|--:|--:|--:|--:|--:|');
  for (const [label, where] of [
    ['naive stats of `x`', '1'],
    ['aware (grade < 10) stats of `x`', 'grade < 10'],
  ] as const) {
    const got = sides.map(() => ({ wall: [] as number[], cpu: [] as number[], body: '', queries: 0 }));
    for (let r = 0; r < REPS; r++)
      for (let k = 0; k < sides.length; k++) {
        const i = (k + r) % sides.length; // a rotating order: no side always runs first
        const m = await measure(sides[i]![1], where);
        got[i]!.wall.push(m.wall);
        got[i]!.cpu.push(m.cpu);
        got[i]!.body = m.body;
        got[i]!.queries = m.queries;
      }
    if (BEFORE && got[1]!.body !== got[2]!.body) throw new Error(`${label}: before and after differ`);
    const [rawWall, rawCpu] = [median(got[0]!.wall), median(got[0]!.cpu)];
    sides.forEach(([name], i) => {
      const [w, c] = [median(got[i]!.wall), median(got[i]!.cpu)];
      console.log(
        `| ${label} | ${name} | ${got[i]!.queries} | ${Math.round(w)} | ${(w / rawWall).toFixed(2)}× | ${Math.round(c)} | ${(c / rawCpu).toFixed(2)}× | ${loadavg()[0].toFixed(1)} |`,
      );
    });
  }
  console.log(`# medians of ${REPS}`);
} finally {
  await ch.stop();
}
