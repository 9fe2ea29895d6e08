// Linked datasets (API.md §12): distinct-patient counts across patients ← visits → sites, labs → visits,
// Sorrel over HTTP (its own process) vs DuckDB in-process on the same Parquet files, at two cohort sizes.
import { toCohortSpec } from '../lib/cohort.ts';
import { ensureCohort } from '../lib/cohort-files.ts';
import { openDuck, toSqlString, type Duck } from '../lib/duck.ts';
import { toGrowthRows, toRowsLabel, type Series } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { ownCpuMs, processCpuMs, withCpu } from '../lib/proc-cpu.ts';
import { toRow } from '../lib/rows.ts';
import { checkSame, timeServed } from '../lib/served.ts';
import { getText, startSorrel } from '../lib/sorrel.ts';
import { alternate } from '../lib/timing.ts';
import { fromValues, MEMORY, QUERIES, writeCohortCatalog } from '../lib/tree-queries.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

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
