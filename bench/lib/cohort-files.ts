// The seeded cohort (cohort.ts) as files: CSV, Parquet (through DuckDB) and Arrow, generated once per spec.
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
  Bool,
  DateDay,
  Dictionary,
  Float64,
  Int32,
  Table,
  Utf8,
  makeData,
  makeVector,
  tableToIPC,
  vectorFromArray,
  type Vector,
} from 'apache-arrow';
import { generateCohort, type Cohort, type CohortColumn, type CohortSpec, type CohortTable } from './cohort.ts';
import { openDuck, toSqlString } from './duck.ts';

/** One table as an Arrow table following the storage contract (one record batch, nulls in validity bitmaps). */
export function toArrowTable(t: CohortTable): Table {
  const vectors: Record<string, Vector> = {};
  for (const [name, c] of Object.entries(t.columns)) {
    const { bitmap, nullCount } = toBitmap(c.valid);
    const base = { length: t.rows, nullCount, nullBitmap: nullCount > 0 ? bitmap : null };
    switch (c.kind) {
      case 'f64':
        vectors[name] = makeVector(makeData({ ...base, type: new Float64(), data: c.values }));
        break;
      case 'date':
        vectors[name] = makeVector(makeData({ ...base, type: new DateDay(), data: c.values }));
        break;
      case 'bool':
        vectors[name] = makeVector(makeData({ ...base, type: new Bool(), data: toBitmap(c.values).bitmap }));
        break;
      case 'dict':
        vectors[name] = makeVector(
          makeData({
            ...base,
            type: new Dictionary(new Utf8(), new Int32()),
            data: c.codes,
            dictionary: vectorFromArray(c.dictionary, new Utf8()),
          }),
        );
        break;
    }
  }
  return new Table(vectors);
}

function toBitmap(bytes: Uint8Array): { bitmap: Uint8Array; nullCount: number } {
  const bitmap = new Uint8Array(((bytes.length + 63) >> 6) << 3);
  let nullCount = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]) bitmap[i >> 3] |= 1 << (i & 7);
    else nullCount++;
  }
  return { bitmap, nullCount };
}

/** Row i of a column as CSV text (empty for null). */
function csvCell(c: CohortColumn, i: number): string {
  if (!c.valid[i]) return '';
  switch (c.kind) {
    case 'f64':
      return String(c.values[i]);
    case 'date':
      return new Date(c.values[i] * 86_400_000).toISOString().slice(0, 10);
    case 'bool':
      return c.values[i] ? 'true' : 'false';
    case 'dict':
      return c.dictionary[c.codes[i]];
  }
}

export type CohortFiles = Record<keyof Cohort['tables'], { csv: string; parquet: string; arrow: string }>;

/** The files of `spec` in `dataDir` (`cohort-…-<table>.{csv,parquet,arrow}`), generated unless a completed set is there. */
export async function ensureCohort(spec: CohortSpec, dataDir: string): Promise<CohortFiles> {
  mkdirSync(dataDir, { recursive: true });
  const base = join(
    dataDir,
    `cohort-p${spec.patients}-v${spec.visits}-l${spec.labs}-s${spec.sites}-d${spec.dangling}-r${spec.seed}`,
  );
  const names = ['patients', 'sites', 'visits', 'labs'] as const;
  const files = Object.fromEntries(
    names.map((n) => [n, { csv: `${base}-${n}.csv`, parquet: `${base}-${n}.parquet`, arrow: `${base}-${n}.arrow` }]),
  ) as CohortFiles;
  const marker = `${base}.json`;
  const done = names.every((n) => Object.values(files[n]).every((f) => existsSync(f)));
  if (done && existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(spec)) return files;
  const t0 = performance.now();
  const cohort = generateCohort(spec);
  for (const n of names) {
    const t = cohort.tables[n];
    writeCsv(t, files[n].csv);
    writeFileSync(`${files[n].arrow}.tmp`, tableToIPC(toArrowTable(t), 'file'));
    renameSync(`${files[n].arrow}.tmp`, files[n].arrow);
    await writeParquet(t, files[n].csv, files[n].parquet);
  }
  writeFileSync(marker, JSON.stringify(spec));
  console.error(
    `  generated cohort of ${spec.patients} patients (${spec.visits} visits, ${spec.labs} labs) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return files;
}

function writeCsv(t: CohortTable, path: string): void {
  const names = Object.keys(t.columns),
    cols = Object.values(t.columns);
  const fd = openSync(`${path}.tmp`, 'w');
  writeSync(fd, `${names.join(',')}\n`);
  const CHUNK = 50_000;
  for (let start = 0; start < t.rows; start += CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(t.rows, start + CHUNK); i++)
      lines.push(`${cols.map((c) => csvCell(c, i)).join(',')}\n`);
    writeSync(fd, lines.join(''));
  }
  closeSync(fd);
  renameSync(`${path}.tmp`, path);
}

const SQL_TYPES: Record<CohortColumn['kind'], string> = {
  f64: 'DOUBLE',
  date: 'DATE',
  bool: 'BOOLEAN',
  dict: 'VARCHAR',
};

/** DuckDB converts the CSV with the column types spelled out, so Parquet holds exactly the CSV's values. */
async function writeParquet(t: CohortTable, csv: string, path: string): Promise<void> {
  const duck = await openDuck();
  try {
    const columns = `{${Object.entries(t.columns)
      .map(([n, c]) => `'${n}': '${SQL_TYPES[c.kind]}'`)
      .join(', ')}}`;
    await duck.run(
      `COPY (SELECT * FROM read_csv(${toSqlString(csv)}, header = true, columns = ${columns})) TO ${toSqlString(`${path}.tmp`)} (FORMAT parquet)`,
    );
  } finally {
    duck.close();
  }
  renameSync(`${path}.tmp`, path);
}
