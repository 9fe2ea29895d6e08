// A model tree in the engine at scale (issue 28): patients and their visits generated in the two shards by numbers(), co-sharded by the patient; Sorrel's start-up and entity counts beside the raw SQL.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Cluster, startCluster } from '../../test/helpers/clickhouse.ts';
import { waitForOk } from './child.ts';
import { mib, toPeakRssRow, toReadyRow } from './engine-rows.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import { type Alternation, alternate, timed } from './timing.ts';
import { getText, spawnSorrel } from './sorrel.ts';
import type { BenchRow } from './types.ts';

/** Patients per visit: `rows` visits belong to rows / 10 patients. */
const VISITS_PER_PATIENT = 10;

/**
 * `patients` (pid, sex, age) and `visits` (vid, pid, kind: 3 values, cost: ~1M distinct floats,
 * code: 100,000 values), both Distributed tables sharded by `pid`: patient pid and its visits are on
 * shard pid % 2, which each shard's INSERT … SELECT FROM numbers() writes directly.
 */
async function generate(ch: Cluster, visits: number): Promise<number> {
  await ch.createTable(
    'patients',
    [
      ['pid', 'Int64'],
      ['sex', 'String'],
      ['age', 'Int32'],
    ],
    'pid',
  );
  await ch.createTable(
    'visits',
    [
      ['vid', 'Int64'],
      ['pid', 'Int64'],
      ['kind', 'String'],
      ['cost', 'Float64'],
      ['code', 'Int32'],
    ],
    'pid',
  );
  const half = Math.floor(visits / 2);
  const patients = Math.max(1, Math.floor(half / VISITS_PER_PATIENT));
  const t = performance.now();
  await Promise.all(
    [0, 1].map(async (k) => {
      const db = ch.database;
      await ch.sql(
        `INSERT INTO ${db}.patients_local SELECT toInt64(number * 2 + ${k}) AS pid,
         if(cityHash64(pid, 1) % 2 = 0, 'F', 'M') AS sex, toInt32(cityHash64(pid, 2) % 90) AS age
         FROM numbers(${patients})`,
        k,
      );
      await ch.sql(
        `INSERT INTO ${db}.visits_local SELECT toInt64(number * 2 + ${k}) AS vid,
         toInt64((cityHash64(vid, 3) % ${patients}) * 2 + ${k}) AS pid,
         ['er', 'out', 'in'][cityHash64(vid, 4) % 3 + 1] AS kind, (cityHash64(vid, 5) % 1000000) / 100 AS cost,
         toInt32(cityHash64(vid, 6) % 100000) AS code
         FROM numbers(${half})`,
        k,
      );
    }),
  );
  return performance.now() - t;
}

const FIELDS = [
  { id: 1, dataset: 'patients', column: 'sex' },
  { id: 2, dataset: 'patients', column: 'age' },
  { id: 3, dataset: 'visits', column: 'kind' },
  { id: 4, dataset: 'visits', column: 'cost' },
  { id: 5, dataset: 'visits', column: 'code' },
];

/** The tree's catalog: patients the root (key and root_key pid), visits a child co-sharded by pid. */
function writeTreeCatalog(ch: Cluster, dir: string): string {
  const path = join(dir, 'engine-tree.catalog.json');
  const catalog = {
    title: 'Bench tree over ClickHouse',
    access: { anonymous: true },
    engines: { ch: { kind: 'clickhouse', url: ch.url, database: ch.database } },
    root: 'patients',
    datasets: [
      { name: 'patients', engine: 'ch', table: 'patients', key: 'pid', root_key: 'pid' },
      {
        name: 'visits',
        engine: 'ch',
        table: 'visits',
        key: 'vid',
        root_key: 'pid',
        links: [{ column: 'pid', to: 'patients' }],
      },
    ],
    categories: [{ id: 1, name: 'Bench', order: 1 }],
    fields: FIELDS.map((f) => ({ ...f, name: f.column, category: 1 })),
    concepts: [{ id: 1, name: 'Visit', category: 1, order: 1, fields: FIELDS.map((f) => f.id) }],
  };
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
  return path;
}

type Case = { label: string; path: string; sql: string };

/** Each case's rounds, alternating which side goes first (bench/lib/timing.ts): one request moved ±30% from run to run. */
const ROUNDS = 5;

/**
 * Each answer naive and aware (age < 40) beside the SQL a person would write for the same result on
 * the same Distributed tables: entities of J(visits) are the visits' patients that exist
 * (`pid IN patients`, shard-local as the layout allows), counted with uniqExact.
 */
function toCases(db: string): Case[] {
  const local = " SETTINGS distributed_product_mode = 'local'";
  const context = encodeURIComponent(JSON.stringify({ field: 2, operator: 'lt', value: 40 }));
  const cases: Case[] = [];
  for (const [side, q, where] of [
    ['naive', '', ''],
    ['aware (age < 40)', `aware=true&context=${context}`, ' WHERE age < 40'],
  ] as const) {
    const p = (path: string) => (q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path);
    const j = `FROM ${db}.visits WHERE pid IN (SELECT pid FROM ${db}.patients${where})`;
    if (q)
      cases.push({
        label: `${side} entity count`,
        path: p('/api/entities/'),
        sql: `SELECT count() FROM ${db}.patients${where}`,
      });
    cases.push(
      {
        label: `${side} values page of visits' \`cost\` (~1M values, entity counts)`,
        path: p('/api/fields/4/values/?limit=100'),
        sql: `SELECT cost, uniqExact(pid) ${j} GROUP BY cost ORDER BY cost LIMIT 100${local}`,
      },
      {
        label: `${side} dist of visits' \`kind\` (entity counts)`,
        path: p('/api/fields/3/dist/?cluster=false'),
        sql: `SELECT kind, uniqExact(pid) ${j} GROUP BY kind${local}`,
      },
      {
        label: `${side} stats of visits' \`cost\` over J(T)`,
        path: p('/api/fields/4/stats/'),
        sql: `SELECT count(cost), min(cost), max(cost), sum(cost), stddevSamp(cost), uniqExact(cost), quantilesExact(0.05, 0.25, 0.5, 0.75, 0.95)(cost) ${j}${local}`,
      },
    );
  }
  return cases;
}

/** Generation, Sorrel's start-up (ready, peak RSS) and each answer beside its raw SQL (medians of ROUNDS), at `rows` visits. */
export async function runEngineTreeScale(rows: number, dataDir: string): Promise<BenchRow[]> {
  const size = toRowsLabel(rows);
  const ch = await startCluster();
  const out: BenchRow[] = [];
  try {
    const genMs = await generate(ch, rows);
    note(`engine-tree: ${size} visits, ${toRowsLabel(rows / VISITS_PER_PATIENT)} patients in ${Math.round(genMs)} ms`);
    const t0 = performance.now();
    const sorrel = await spawnSorrel(writeTreeCatalog(ch, dataDir), {
      SORREL_SEARCH_VALUES_PER_FIELD: '1000',
      SORREL_ENGINE_TIMEOUT: '600',
      SORREL_REPLY_CACHE_MB: '0', // each round computes again, as the raw SQL does
    });
    try {
      await waitForOk(`${sorrel.url}/readyz`, sorrel.child, 3_600_000);
      const readyMs = performance.now() - t0;
      note(`engine-tree: ready in ${Math.round(readyMs)} ms, RSS ${mib(sorrel.child.peakRss())} MiB`);
      out.push(toReadyRow('engine-tree', `${size} visits, Sorrel over the engine tree`, readyMs));
      for (const c of toCases(ch.database)) {
        let times: Alternation;
        try {
          const path = sorrel.url + c.path;
          times = await alternate(
            timed(() => getText(path)),
            timed(() => ch.sql(c.sql)),
            0,
            ROUNDS,
          );
        } catch (err) {
          note(`engine-tree: ${c.label}: FAILED ${(err as Error).message.slice(0, 300)}`);
          continue;
        }
        const row = toRow({
          scenario: 'engine-tree',
          case: `${size} visits, ${c.label}`,
          metric: `ms, Sorrel over the engine (median of ${ROUNDS}, reply cache off)`,
          referenceName: 'the raw SQL on the Distributed tables',
          better: 'lower',
          sorrel: times.sorrel,
          reference: times.reference,
          target: '≤ 1.3×',
          limit: { on: 'ratio', value: 1.3 },
        });
        note(
          `engine-tree: ${c.label}: Sorrel ${Math.round(row.sorrel)} ms, raw SQL ${Math.round(row.reference!)} ms, ${row.ratio!.toFixed(2)}× (medians of ${ROUNDS}), load ${loadavg()[0].toFixed(1)}`,
        );
        out.push(row);
      }
      out.push(toPeakRssRow('engine-tree', `${size} visits, Sorrel over the engine tree`, sorrel.child.peakRss()));
    } finally {
      await sorrel.stop();
    }
  } finally {
    await ch.stop();
  }
  return out;
}
