// Seeded synthetic tables written as CSV, Parquet and Arrow into bench/data/ (reused when present).
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  Dictionary,
  Float64,
  Int32,
  Table,
  Utf8,
  makeData,
  makeVector,
  tableToIPC,
  vectorFromArray,
} from 'apache-arrow';
import { openDuck, toSqlString } from './duck.ts';
import { mulberry32 } from './prng.ts';

/** What determines a generated table: the same spec always gives byte-identical files. */
export type TableSpec = { rows: number; nullFraction: number; cardinality: number; seed: number };

export type TableFiles = { spec: TableSpec; csv: string; parquet: string; arrow: string };

export const SEED = 20261120;

/** The bench's standard table of `rows` rows: 5% nulls in the floats, ~rows/100 distinct names. */
export function toTableSpec(rows: number): TableSpec {
  return { rows, nullFraction: 0.05, cardinality: Math.max(1000, Math.round(rows / 100)), seed: SEED };
}

/**
 * The columns, in file order:
 * - `cat`   low-cardinality string: 20 words, skewed (weight 1/(k+1)), never null
 * - `name`  high-cardinality string: "n" + 6 digits, uniform over `cardinality` codes, never null
 * - `x`     float, uniform 0..1000 with 3 decimals, `nullFraction` nulls
 * - `y`     float, normal(50, 15) with 2 decimals, `nullFraction` nulls
 * - `sel`   integer 0..9999 uniform, never null: `sel < 5000` keeps ~50% of rows, `sel < 100` ~1%
 * - `grade` integer 0..49 uniform, never null: a second grouping dimension (20 × 50 groups)
 */
export const COLUMNS = ['cat', 'name', 'x', 'y', 'sel', 'grade'] as const;
export const CATS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliett',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
];

type Generated = {
  cat: Int32Array;
  name: Int32Array;
  x: Float64Array;
  y: Float64Array;
  sel: Int32Array;
  grade: Int32Array;
  xValid: Uint8Array;
  yValid: Uint8Array; // 1 = value present
};

/** The files for `spec` in `dataDir`, generating them first unless a completed set is there. */
export async function ensureTable(spec: TableSpec, dataDir: string): Promise<TableFiles> {
  mkdirSync(dataDir, { recursive: true });
  const base = join(dataDir, `gen-r${spec.rows}-n${spec.nullFraction}-c${spec.cardinality}-s${spec.seed}`);
  const files: TableFiles = { spec, csv: `${base}.csv`, parquet: `${base}.parquet`, arrow: `${base}.arrow` };
  const marker = `${base}.json`;
  if (
    existsSync(marker) &&
    existsSync(files.csv) &&
    existsSync(files.parquet) &&
    existsSync(files.arrow) &&
    readFileSync(marker, 'utf8') === JSON.stringify(spec)
  )
    return files;
  const t0 = performance.now();
  const g = generate(spec);
  writeCsv(g, spec.rows, files.csv);
  writeArrow(g, spec, files.arrow);
  await writeParquet(files.csv, files.parquet);
  writeFileSync(marker, JSON.stringify(spec));
  console.error(
    `  generated ${spec.rows} rows (csv, parquet, arrow) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return files;
}

/** Name strings are "n" + the code in six digits (more digits past a million codes). */
export function toName(code: number): string {
  return `n${String(code).padStart(6, '0')}`;
}

function generate(spec: TableSpec): Generated {
  const { rows, nullFraction, cardinality } = spec;
  const next = mulberry32(spec.seed);
  const cum: number[] = [];
  let total = 0;
  for (let k = 0; k < CATS.length; k++) cum.push((total += 1 / (k + 1)));
  const g: Generated = {
    cat: new Int32Array(rows),
    name: new Int32Array(rows),
    x: new Float64Array(rows),
    y: new Float64Array(rows),
    sel: new Int32Array(rows),
    grade: new Int32Array(rows),
    xValid: new Uint8Array(rows),
    yValid: new Uint8Array(rows),
  };
  for (let i = 0; i < rows; i++) {
    const u = next() * total;
    let k = 0;
    while (cum[k] < u) k++;
    g.cat[i] = k;
    g.name[i] = Math.floor(next() * cardinality);
    g.xValid[i] = next() < nullFraction ? 0 : 1;
    g.x[i] = g.xValid[i] ? Math.round(next() * 1_000_000) / 1000 : 0;
    g.yValid[i] = next() < nullFraction ? 0 : 1;
    // Box–Muller from two uniforms (1 − u keeps the logarithm finite).
    const gauss = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    g.y[i] = g.yValid[i] ? Math.round((50 + 15 * gauss) * 100) / 100 : 0;
    g.sel[i] = Math.floor(next() * 10_000);
    g.grade[i] = Math.floor(next() * 50);
  }
  return g;
}

function writeCsv(g: Generated, rows: number, path: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  writeSync(fd, `${COLUMNS.join(',')}\n`);
  const CHUNK = 50_000;
  for (let start = 0; start < rows; start += CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + CHUNK); i++) {
      lines.push(
        `${CATS[g.cat[i]]},${toName(g.name[i])},${g.xValid[i] ? g.x[i] : ''},${g.yValid[i] ? g.y[i] : ''},${g.sel[i]},${g.grade[i]}\n`,
      );
    }
    writeSync(fd, lines.join(''));
  }
  closeSync(fd);
  renameSync(tmp, path);
}

function writeArrow(g: Generated, spec: TableSpec, path: string): void {
  const rows = spec.rows;
  const strings = (codes: Int32Array, words: string[]) =>
    makeVector(
      makeData({
        type: new Dictionary(new Utf8(), new Int32()),
        length: rows,
        nullCount: 0,
        data: codes,
        dictionary: vectorFromArray(words, new Utf8()),
      }),
    );
  const floats = (values: Float64Array, valid: Uint8Array) => {
    const bitmap = new Uint8Array((rows + 7) >> 3);
    let nulls = 0;
    for (let i = 0; i < rows; i++) {
      if (valid[i]) bitmap[i >> 3] |= 1 << (i & 7);
      else nulls++;
    }
    return makeVector(
      makeData({ type: new Float64(), length: rows, nullCount: nulls, data: values, nullBitmap: bitmap }),
    );
  };
  const ints = (values: Int32Array) =>
    makeVector(makeData({ type: new Int32(), length: rows, nullCount: 0, data: values }));
  // Only the names in use go into the name dictionary, so its size is the column's real cardinality.
  const used = new Int32Array(spec.cardinality).fill(-1);
  const words: string[] = [];
  const nameCodes = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    const c = g.name[i];
    if (used[c] < 0) {
      used[c] = words.length;
      words.push(toName(c));
    }
    nameCodes[i] = used[c];
  }
  const table = new Table({
    cat: strings(g.cat, CATS),
    name: strings(nameCodes, words),
    x: floats(g.x, g.xValid),
    y: floats(g.y, g.yValid),
    sel: ints(g.sel),
    grade: ints(g.grade),
  });
  writeFileSync(`${path}.tmp`, tableToIPC(table, 'file'));
  renameSync(`${path}.tmp`, path);
}

/** DuckDB converts the CSV, with the column types spelled out, so Parquet holds exactly the CSV's values. */
async function writeParquet(csv: string, path: string): Promise<void> {
  const duck = await openDuck();
  try {
    const columns =
      "{'cat': 'VARCHAR', 'name': 'VARCHAR', 'x': 'DOUBLE', 'y': 'DOUBLE', 'sel': 'INTEGER', 'grade': 'INTEGER'}";
    await duck.run(
      `COPY (SELECT * FROM read_csv(${toSqlString(csv)}, header = true, columns = ${columns})) TO ${toSqlString(`${path}.tmp`)} (FORMAT parquet)`,
    );
  } finally {
    duck.close();
  }
  renameSync(`${path}.tmp`, path);
}
