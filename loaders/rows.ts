// Row formats (CSV, TSV, NDJSON, JSON) → columns: drives the builders over one or more passes.
import { basename } from 'node:path';
import type { ColumnBuilder } from './builder.ts';
import { createColumnBuilder } from './builder.ts';
import type { Column, LoadOptions } from './column.ts';
import { checkColumns } from './normalize.ts';

/** What a row reader feeds: a header then cell rows (delimited text), or object rows (JSON). */
export type RowSink = {
  header(names: string[]): void;
  cells(cells: string[]): void;
  object(row: Record<string, unknown>): void;
};

/** Reads a file into a sink once; `exact` asks JSON readers to keep integers beyond 2^53 as bigint. */
export type RowReader = (sink: RowSink, exact: boolean) => Promise<void>;

/**
 * Loads a row format into columns. Type inference sees every row in one streaming pass. When a
 * column mixes kinds that need its source text (a number then a word), or a JSON integer beyond
 * 2^53 lost digits in JSON.parse, the file is read again with those columns kept verbatim or the
 * exact JSON parser on; each extra pass settles at least one column, so the loop ends.
 */
export async function loadRows(read: RowReader, path: string, opts: LoadOptions): Promise<Column[]> {
  const verbatim = new Set<string>();
  let exact = false;
  for (;;) {
    const builders = await readPass(read, path, opts, verbatim, exact);
    const conflicts = builders.filter((b) => b.status().conflict);
    const inexact: boolean = !exact && builders.some((b) => b.status().inexact);
    if (conflicts.length === 0 && !inexact) return builders.map((b) => b.finish());
    for (const b of conflicts) verbatim.add(b.name);
    exact ||= inexact;
  }
}

async function readPass(read: RowReader, path: string, opts: LoadOptions, verbatim: Set<string>, exact: boolean): Promise<ColumnBuilder[]> {
  const file = basename(path);
  const builders: ColumnBuilder[] = [];
  const byName = new Map<string, ColumnBuilder>();
  const create = (name: string) => {
    const b = createColumnBuilder({ file, name, override: opts.columns?.[name], verbatim: verbatim.has(name) });
    builders.push(b);
    byName.set(name, b);
    return b;
  };
  let rows = 0;
  await read({
    header(names) {
      checkColumns(names, path, opts.columns);
      names.forEach(create);
    },
    cells(cells) {
      for (let i = 0; i < builders.length; i++) builders[i].pushText(cells[i]);
      rows++;
    },
    object(row) {
      for (const key in row) {
        const b = byName.get(key) ?? create(key);
        if (b.length() < rows) b.padTo(rows);
        b.pushValue(row[key]);
      }
      rows++;
    },
  }, exact);
  for (const b of builders) b.padTo(rows);
  return builders;
}
