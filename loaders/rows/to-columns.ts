// Row formats (CSV, TSV, NDJSON, JSON) → columns: drives the builders over one or more passes.
import { basename } from 'node:path';
import type { BuilderSpec, CellBlock, ColumnBuilder } from './builder.ts';
import { createInferringBuilder } from './infer.ts';
import { createCastingBuilder } from './override.ts';
import { createVerbatimBuilder } from './text.ts';
import type { Column, LoadOptions } from '../core/column.ts';
import { narrowColumn } from '../core/narrow.ts';
import { checkColumns } from '../core/normalize.ts';

/** What a row reader feeds: a header then cell rows (delimited text), or object rows (JSON). */
export type RowSink = {
  header(names: string[]): void;
  cells(cells: string[]): void;
  /** Rows of a delimited file as byte ranges (optional: without it a reader sends `cells`). */
  block?(block: CellBlock): void;
  /** About how many rows the file holds, once a reader can estimate it (optional, a hint). */
  reserve?(rows: number): void;
  object(row: Record<string, unknown> | Map<string, unknown>): void;
};

/**
 * Which header columns to build, by position (delimited files only): a thread building half the
 * columns of a file (see loaders/rows/split.ts). Column inference never looks at other columns, so
 * each column comes out as it would from a load of all of them.
 */
export type ColumnPick = (index: number) => boolean;

/** Reads a file into a sink once; `exact` asks JSON readers for the exact parser (bigints, key order). */
export type RowReader = (sink: RowSink, exact: boolean) => Promise<void>;

/**
 * Loads a row format into columns. Type inference sees every row in one streaming pass. The file
 * is read again when a column mixes kinds that need its source text (a number then a word: those
 * columns are then kept verbatim), or when JSON.parse may have lost something (a JSON integer beyond
 * 2^53, or integer-like keys, which JS objects list before the others: the exact parser is then
 * used). Each extra pass settles at least one column or turns the exact parser on, so the loop ends.
 */
export async function loadRows(
  read: RowReader,
  path: string,
  opts: LoadOptions,
  pick: ColumnPick | null = null,
): Promise<Column[]> {
  const verbatim = new Set<string>();
  let exact = false;
  for (;;) {
    const { builders, indexKeys } = await readPass(read, path, opts, verbatim, exact, pick);
    const conflicts = builders.filter((b) => b.status().conflict);
    const inexact: boolean = !exact && (indexKeys || builders.some((b) => b.status().inexact));
    if (conflicts.length === 0 && !inexact) return finishAll(builders);
    for (const b of conflicts) verbatim.add(b.name);
    exact ||= inexact;
  }
}

// Finishes one builder at a time and drops it, so its growable storage can be collected while the
// next column is trimmed: peak memory stays near one copy of the table, not two. An integer column
// that fits 32 bits is narrowed here (loaders/core/narrow.ts), on the thread that built it (a large
// file's columns are built on two: loaders/rows/split.ts), and its doubles freed at once.
function finishAll(builders: (ColumnBuilder | null)[]): Column[] {
  const columns: Column[] = [];
  for (let i = 0; i < builders.length; i++) {
    columns.push(narrowColumn(builders[i]!.finish()));
    builders[i] = null;
  }
  return columns;
}

type Pass = { builders: ColumnBuilder[]; indexKeys: boolean };

async function readPass(
  read: RowReader,
  path: string,
  opts: LoadOptions,
  verbatim: Set<string>,
  exact: boolean,
  pick: ColumnPick | null,
): Promise<Pass> {
  const file = basename(path);
  const builders: ColumnBuilder[] = [];
  const at: number[] = []; // each builder's column in the file's rows
  const byName = new Map<string, ColumnBuilder>();
  let indexKeys = false;
  const create = (name: string, column = builders.length) => {
    indexKeys ||= isIndexKey(name);
    const b = createColumnBuilder({ file, name, override: opts.columns?.[name], verbatim: verbatim.has(name) });
    at.push(column);
    builders.push(b);
    byName.set(name, b);
    return b;
  };
  let rows = 0;
  await read(
    {
      header(names) {
        checkColumns(names, path, opts.columns);
        names.forEach((name, i) => {
          if (!pick || pick(i)) create(name, i);
        });
      },
      cells(cells) {
        for (let i = 0; i < builders.length; i++) builders[i].pushText(cells[at[i]]);
        rows++;
      },
      block(block) {
        pushBlock(builders, at, block);
        rows += block.rows;
      },
      reserve(n) {
        for (const b of builders) b.reserve(n);
      },
      object(row) {
        if (row instanceof Map) {
          for (const [key, v] of row) put(key, v);
        } else {
          for (const key in row) put(key, row[key]);
        }
        rows++;
      },
    },
    exact,
  );
  for (const b of builders) b.padTo(rows);
  return { builders, indexKeys };

  function put(key: string, v: unknown): void {
    const b = byName.get(key) ?? create(key);
    if (b.length() < rows) b.padTo(rows);
    b.pushValue(v);
  }
}

/**
 * Pushes a block column by column. Only an override's builder throws (a value it cannot convert);
 * the text reader's row-by-row order reports the first such value by row, then by column, so every
 * column is pushed and the error of the earliest row is thrown (the leftmost on a tie).
 */
function pushBlock(builders: ColumnBuilder[], at: number[], block: CellBlock): void {
  let error: unknown = null,
    errorRow = Infinity;
  for (let i = 0; i < builders.length; i++) {
    const before = builders[i].length();
    try {
      builders[i].pushBlock(block, at[i]);
    } catch (err) {
      const row = builders[i].length() - before;
      if (row < errorRow) {
        error = err;
        errorRow = row;
      }
    }
  }
  if (errorRow !== Infinity) throw error;
}

// A key JS objects enumerate before all others, in numeric order: an array index ("0" to 2^32 - 2).
function isIndexKey(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

/** The builder a column needs: verbatim for char/text (or mixed) columns, casting for overrides, else inferring. */
function createColumnBuilder(spec: BuilderSpec): ColumnBuilder {
  const { file, name, override } = spec;
  if (override === 'char' || override === 'text') return createVerbatimBuilder(file, name, override);
  if (override) return createCastingBuilder(file, name, override);
  return spec.verbatim ? createVerbatimBuilder(file, name, null) : createInferringBuilder(file, name);
}
