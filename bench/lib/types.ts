// The scenario contract every bench/scenarios/*.ts module exports as `scenario`.

/**
 * `rows`: the one data size to run (`--rows`), for the scenarios that take it (compute, scale); else their
 * own sizes. `format`: the data file's format where a scenario offers two (`--format`; scale: Parquet or CSV).
 * `cold`: scale runs only its cold starts beside DuckDB's load (`--cold`).
 */
export type BenchOptions = {
  quick: boolean;
  dataDir: string;
  rows?: number;
  format?: 'parquet' | 'csv';
  cold?: boolean;
};

/** One line of the results table: Sorrel's figure beside the reference's, and the target verdict. */
export type BenchRow = {
  scenario: string;
  case: string; // e.g. "10M rows, 1% context, 2 dims"
  metric: string; // e.g. "median ms", "req/s", "p99 ms"
  sorrel: number;
  reference: number | null; // null when the target is absolute
  referenceName: string; // e.g. "DuckDB 1.5", "bare node:http", "ml-kmeans 7"
  ratio: number | null; // sorrel / reference (time) or reference / sorrel, see `better`
  better: 'lower' | 'higher';
  spread: string; // "min–max" of Sorrel's runs
  target: string; // e.g. "≤ 1.5× DuckDB", "p50 ≤ 1 ms"
  met: boolean | null;
};

export type Scenario = {
  name: string;
  description: string;
  run(opts: BenchOptions): Promise<BenchRow[]>;
};
