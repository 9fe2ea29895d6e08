// Linked datasets (API.md §12): distinct-patient counts across patients ← visits → sites, labs → visits,
// Sorrel over HTTP (its own process) vs DuckDB in-process on the same Parquet files, at two cohort sizes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ensureCohort, toCohortSpec, type CohortFiles } from '../lib/cohort.ts';
import { openDuck, toSqlString, type Duck } from '../lib/duck.ts';
import { toGrowthRows, toRowsLabel, type Series } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { checkSame, type Group, timeServed } from '../lib/served.ts';
import { getText, startSorrel } from '../lib/sorrel.ts';
import { alternate } from '../lib/timing.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

/** The catalog's fields (link columns carry the joins and are not fields). */
const FIELDS = [
  { id: 1, dataset: 'patients', column: 'sex' },
  { id: 2, dataset: 'patients', column: 'birth_year' },
  { id: 3, dataset: 'patients', column: 'smoker' },
  { id: 4, dataset: 'sites', column: 'region' },
  { id: 5, dataset: 'sites', column: 'beds' },
  { id: 6, dataset: 'visits', column: 'kind' },
  { id: 7, dataset: 'visits', column: 'visit_date' },
  { id: 8, dataset: 'visits', column: 'stay' },
  { id: 9, dataset: 'labs', column: 'test' },
  { id: 10, dataset: 'labs', column: 'value' },
] as const;
const F = Object.fromEntries(FIELDS.map((f) => [f.column, f.id])) as Record<(typeof FIELDS)[number]['column'], number>;

/** Writes the cohort's catalog (root patients, keys, links, the fields above) beside the data and returns its path. */
function writeCohortCatalog(files: CohortFiles, dir: string): string {
  const path = join(dir, `${basename(files.patients.parquet, '-patients.parquet')}.catalog.json`);
  const catalog = {
    title: 'Bench cohort',
    access: { anonymous: true },
    root: 'patients',
    entity: { name: 'patient' },
    datasets: [
      { name: 'patients', model: 'patient', file: basename(files.patients.parquet), key: 'patient_id' },
      { name: 'sites', model: 'site', file: basename(files.sites.parquet), key: 'site_id' },
      {
        name: 'visits',
        model: 'visit',
        file: basename(files.visits.parquet),
        key: 'visit_id',
        links: [
          { column: 'patient_id', to: 'patients' },
          { column: 'site_id', to: 'sites' },
        ],
      },
      { name: 'labs', model: 'lab', file: basename(files.labs.parquet), links: [{ column: 'visit_id', to: 'visits' }] },
    ],
    categories: [{ id: 1, name: 'Cohort', order: 1 }],
    fields: FIELDS.map((f) => ({ ...f, name: `${f.dataset} ${f.column}`, category: 1 })),
    concepts: [{ id: 1, name: 'Cohort', category: 1, order: 1, fields: FIELDS.map((f) => f.id) }],
  };
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
  return path;
}

/**
 * Each compared request is a function of `k`, the number of the request: k = 0 is the checked one;
 * every later one moves one bound by a step smaller than the data's resolution (birth years are
 * integers, stays have 1 decimal, lab values 2), so the rows and the answer stay those checked, but
 * Sorrel has not seen the request and its reply cache cannot answer it: the figure is the compute.
 */
type Query = {
  label: string;
  target: boolean; // aware dist/values: ≤ 1.5× DuckDB at the largest size
  path(k: number): string;
  sql(k: number): string;
  toGroups(body: unknown): Group[];
};
type ValuesBody = { values: { value: unknown; count: number }[] };
type DistBody = { data: DistPoint[]; outliers: DistPoint[] };
type DistPoint = { values: unknown[]; count: number };

const enc = (c: unknown) => encodeURIComponent(JSON.stringify(c));
const fromValues = (body: unknown): Group[] =>
  (body as ValuesBody).values.map((v) => ({ key: [v.value], count: v.count }));
const fromDist = (body: unknown): Group[] => {
  const { data, outliers } = body as DistBody;
  return [...data, ...outliers].map((p) => ({ key: p.values, count: p.count }));
};
const fromEntities = (body: unknown): Group[] => [{ key: [], count: (body as { count: number }).count }];

/** A visit's or a lab's patient: EXISTS over the rows of J(T) (labs reach patients through visits). */
const existsVisit = (where: string) => `EXISTS (SELECT 1 FROM visits v WHERE v.patient_id = p.patient_id AND ${where})`;
const existsLab = (where: string) =>
  `EXISTS (SELECT 1 FROM labs l JOIN visits v ON l.visit_id = v.visit_id WHERE v.patient_id = p.patient_id AND ${where})`;

const birthBelow = (k: number) => 1970 - k / 1000;
const stayAbove = (k: number) => 12 + k / 100_000;
const valueAbove = (k: number) => 230 - k / 100_000;

const QUERIES: Query[] = [
  {
    label: 'aware dist of labs `test`, context: patients sex = F, birth_year in [1950, 1970), visits in 2020',
    target: true,
    path: (k) =>
      `/api/fields/${F.test}/dist/?cluster=false&aware=true&context=${enc({
        type: 'and',
        children: [
          { field: F.sex, operator: 'exact', value: 'F' },
          { field: F.birth_year, operator: 'gte', value: 1950 },
          { field: F.birth_year, operator: 'lt', value: birthBelow(k) },
          { field: F.visit_date, operator: 'range', value: ['2020-01-01', '2020-12-31'] },
        ],
      })}`,
    sql: (
      k,
    ) => `WITH sel AS (SELECT p.patient_id FROM patients p WHERE p.sex = 'F' AND p.birth_year >= 1950 AND p.birth_year < ${birthBelow(k)}
        AND ${existsVisit(`v.visit_date BETWEEN DATE '2020-01-01' AND DATE '2020-12-31'`)})
      SELECT l.test, count(DISTINCT v.patient_id)::DOUBLE FROM labs l JOIN visits v ON l.visit_id = v.visit_id JOIN sel ON v.patient_id = sel.patient_id
      WHERE l.test IS NOT NULL GROUP BY l.test ORDER BY l.test`,
    toGroups: fromDist,
  },
  {
    label: 'aware values of visits `kind`, context: labs test = hba1c, lab value > 230',
    target: true,
    path: (k) =>
      `/api/fields/${F.kind}/values/?aware=true&limit=0&context=${enc({
        type: 'and',
        children: [
          { field: F.test, operator: 'exact', value: 'hba1c' },
          { field: F.value, operator: 'gt', value: valueAbove(k) },
        ],
      })}`,
    sql: (
      k,
    ) => `WITH sel AS (SELECT p.patient_id FROM patients p WHERE ${existsLab(`l.test = 'hba1c'`)} AND ${existsLab(`l.value > ${valueAbove(k)}`)})
      SELECT v.kind, count(DISTINCT v.patient_id)::DOUBLE FROM visits v JOIN sel ON v.patient_id = sel.patient_id
      WHERE v.kind IS NOT NULL GROUP BY v.kind ORDER BY v.kind`,
    toGroups: fromValues,
  },
  {
    label: 'aware /entities/, OR context: smoker, or a visit with stay > 12, or a lab value > 230',
    target: false,
    path: (k) =>
      `/api/entities/?aware=true&context=${enc({
        type: 'or',
        children: [
          { field: F.smoker, operator: 'exact', value: true },
          { field: F.stay, operator: 'gt', value: stayAbove(k) },
          { field: F.value, operator: 'gt', value: valueAbove(k) },
        ],
      })}`,
    sql: (k) =>
      `SELECT count(*)::DOUBLE FROM patients p WHERE p.smoker OR ${existsVisit(`v.stay > ${stayAbove(k)}`)} OR ${existsLab(`l.value > ${valueAbove(k)}`)}`,
    toGroups: fromEntities,
  },
];

/** Non-aware values of a labs field: precomputed at load, so served from memory (server time < 1 ms). */
const MEMORY = {
  label: 'non-aware values of labs `test` (distinct patients)',
  route: 'values',
  path: `/api/fields/${F.test}/values/?limit=0`,
  sql: `SELECT l.test, count(DISTINCT v.patient_id)::DOUBLE FROM labs l JOIN visits v ON l.visit_id = v.visit_id
    JOIN patients p ON v.patient_id = p.patient_id WHERE l.test IS NOT NULL GROUP BY l.test ORDER BY l.test`,
};

const TABLES = ['patients', 'sites', 'visits', 'labs'] as const;
const MIB = 2 ** 20;

/** "100k patients (1M visits, 3M labs)". */
const toSizeLabel = (patients: number) =>
  `${toRowsLabel(patients)} patients (${toRowsLabel(10 * patients)} visits, ${toRowsLabel(30 * patients)} labs)`;

export const scenario: Scenario = {
  name: 'tree',
  description:
    'linked datasets (patients ← visits → sites, labs → visits): distinct-patient dist/values/entity counts under contexts on other tables, over HTTP vs DuckDB in-process (joins, count(DISTINCT), EXISTS) on the same Parquet files; the tree index beside the Arrow bytes',
  async run({ quick, dataDir }) {
    const sizes = quick ? [10_000, 100_000] : [100_000, 1_000_000];
    const warmup = quick ? 1 : 2;
    const rounds = quick ? 5 : 9;
    const duck = await openDuck();
    const reference = `DuckDB ${duck.version} (in-process)`;
    const rows: BenchRow[] = [];
    const series = new Map<string, Series>();
    const cpuSeries = new Map<string, Series>(); // the same runs in CPU time: steadier than wall time on a shared machine
    try {
      for (const size of sizes) {
        const largest = size === sizes[sizes.length - 1];
        const sizeLabel = toSizeLabel(size);
        note(`tree: ${sizeLabel}: data, DuckDB tables, Sorrel`);
        const files = await ensureCohort(toCohortSpec(size), dataDir);
        for (const t of TABLES)
          await duck.run(
            `CREATE OR REPLACE TABLE ${t} AS SELECT * FROM read_parquet(${toSqlString(files[t].parquet)})`,
          );
        const sorrel = await startSorrel(writeCohortCatalog(files, dataDir), {
          SORREL_MAX_VALUES_LIMIT: '100000000',
          SORREL_MAX_GROUPS: '100000000',
        });
        try {
          const datasets = sorrel.ready.datasets as { name: string; rows: number; bytes: number }[];
          for (const t of TABLES) {
            const loaded = datasets.find((d) => d.name === t)?.rows;
            const count = Number((await duck.rows(`SELECT count(*)::DOUBLE FROM ${t}`))[0][0]);
            if (loaded !== count) throw new Error(`Sorrel loaded ${loaded} rows of ${t}, DuckDB ${count}.`);
          }
          note(`tree: ${sizeLabel}: Sorrel ready in ${(Number(sorrel.ready.ms) / 1000).toFixed(1)} s`);
          rows.push(await toIndexRow(sorrel.url, datasets, sizeLabel));
          for (const q of QUERIES) {
            const url = (k: number) => sorrel.url + q.path(k);
            note(`tree: ${sizeLabel}, ${q.label}`);
            checkSame(q.label, q.toGroups(JSON.parse(await getText(url(0)))), await duck.rows(q.sql(0)), {
              nonZero: true,
            });
            let ks = 0,
              kd = 0;
            const cpu = { sorrel: [] as number[], reference: [] as number[] };
            const runs = await alternate(
              withCpu(
                () => processCpuMs(sorrel.child.pid),
                cpu.sorrel,
                () => getText(url(++ks)),
              ),
              withCpu(
                () => ownCpuMs(),
                cpu.reference,
                () => duck.rows(q.sql(++kd)),
              ),
              warmup,
              rounds,
            );
            cpu.sorrel.splice(0, warmup);
            cpu.reference.splice(0, warmup);
            series.set(q.label, (series.get(q.label) ?? new Map()).set(size, runs));
            cpuSeries.set(q.label, (cpuSeries.get(q.label) ?? new Map()).set(size, cpu));
            const target = q.target && largest;
            rows.push(
              toRow({
                scenario: 'tree',
                case: `${sizeLabel}, ${q.label}`,
                metric: 'median ms',
                referenceName: reference,
                better: 'lower',
                sorrel: runs.sorrel,
                reference: runs.reference,
                target: target ? '≤ 1.5× DuckDB' : '—',
                limit: target ? { on: 'ratio', value: 1.5 } : null,
              }),
              toRow({
                scenario: 'tree',
                case: `${sizeLabel}, ${q.label}`,
                metric: 'median CPU ms (all threads)',
                referenceName: reference,
                better: 'lower',
                sorrel: cpu.sorrel,
                reference: cpu.reference,
                target: '—',
                limit: null,
              }),
            );
          }
          if (largest) rows.push(...(await timeMemory(sorrel.url, duck, sizeLabel, quick ? 100 : 300)));
        } finally {
          await sorrel.stop();
        }
      }
      for (const [label, s] of series) rows.push(...relabel(toGrowthRows('tree', label, 'time', reference, s)));
      for (const [label, s] of cpuSeries) rows.push(...relabel(toGrowthRows('tree', label, 'CPU', reference, s)));
      return rows;
    } finally {
      duck.close();
    }
  },
};

/**
 * `run` timed in wall time (returned) and in CPU time by `cpuMs` (pushed to `into`). CPU time is
 * what a busy machine disturbs least: wall time also counts waiting for cores that other
 * processes hold, longer the longer a request runs, which inflates growth between sizes.
 */
function withCpu(cpuMs: () => number, into: number[], run: () => Promise<unknown>): () => Promise<number> {
  return async () => {
    const c0 = cpuMs(),
      t0 = performance.now();
    await run();
    const wall = performance.now() - t0;
    into.push(cpuMs() - c0);
    return wall;
  };
}

/** CPU ms of every live thread of process `pid` (/proc/<pid>/task/<tid>/schedstat: ns on the CPU). */
function processCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {} // a thread that ended since the listing
  }
  return ns / 1e6;
}

/** CPU ms of this process (DuckDB runs in it, on its own threads). */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Growth rows name sizes by rows; here the step is in patients (×10 visits and labs alike). */
const relabel = (rows: BenchRow[]) =>
  rows.map((r) => ({ ...r, case: r.case.replace(/, (\S+) → (\S+)$/, ', $1 → $2 patients') }));

/**
 * The row → parent and row → entity arrays (`sorrel_tree_index_bytes` on /metrics) beside the Arrow
 * buffers of the tree's tables; the bound is INDEX_BYTES_PER_ROW (8) per row of a linking table.
 */
async function toIndexRow(
  base: string,
  datasets: { name: string; rows: number; bytes: number }[],
  sizeLabel: string,
): Promise<BenchRow> {
  const m = /^sorrel_tree_index_bytes (\S+)$/m.exec(await getText(`${base}/metrics`));
  if (!m) throw new Error('/metrics has no sorrel_tree_index_bytes');
  const index = Number(m[1]);
  const arrow = datasets.reduce((s, d) => s + d.bytes, 0);
  const linking = datasets.filter((d) => d.name === 'visits' || d.name === 'labs').reduce((s, d) => s + d.rows, 0);
  const bound = 8 * linking;
  return toRow({
    scenario: 'tree',
    case: `${sizeLabel}, tree index (links + entity arrays)`,
    metric: 'MiB',
    referenceName: `Arrow buffers of the 4 tables (${(arrow / MIB).toFixed(1)} MiB)`,
    better: 'lower',
    sorrel: [index / MIB],
    reference: arrow / MIB,
    spread: `${(index / linking).toFixed(2)} B per visit/lab row`,
    target: `≤ 8 B per visit/lab row (${(bound / MIB).toFixed(1)} MiB)`,
    limit: { on: 'sorrel', value: bound / MIB },
  });
}

/** The non-aware answer served from memory: checked against DuckDB, then timed (bench/lib/served.ts). */
async function timeMemory(base: string, duck: Duck, sizeLabel: string, n: number): Promise<BenchRow[]> {
  checkSame(MEMORY.label, fromValues(JSON.parse(await getText(base + MEMORY.path))), await duck.rows(MEMORY.sql), {
    nonZero: true,
  });
  return timeServed(base, MEMORY.path, MEMORY.route, n, { scenario: 'tree', case: `${sizeLabel}, ${MEMORY.label}` });
}
