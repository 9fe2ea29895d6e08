// loadTable: picks the loader for a file's format and runs its columns through the shared normaliser.
import { toEcho } from '../src/common/echo.ts';
import { basename } from 'node:path';
import { formatOf, toExtensionList, type DataFormat } from '../src/contract/formats.ts';
import { INTERNAL_TYPES } from '../src/contract/model.ts';
import { loadArrow } from './arrow.ts';
import { loadCsv, loadTsv } from './csv.ts';
import { loadJson } from './json.ts';
import { loadNdjson } from './ndjson.ts';
import { loadParquet } from './parquet.ts';
import type { LoadedTable, LoadOptions, Loader } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import { normalizeColumns } from './core/normalize.ts';

const LOADERS: Record<DataFormat, Loader> = {
  csv: loadCsv,
  tsv: loadTsv,
  ndjson: loadNdjson,
  json: loadJson,
  arrow: loadArrow,
  parquet: loadParquet,
};

/** Loads a data file into a canonical single-batch Arrow table; throws LoadError naming what to fix. */
export async function loadTable(path: string, opts: LoadOptions = {}): Promise<LoadedTable> {
  const format = opts.format ?? formatOf(path);
  const loader = format ? LOADERS[format] : undefined;
  if (!loader) {
    throw new LoadError(
      `${basename(path)}: unknown data format${opts.format ? ` ${toEcho(opts.format)}` : ''}. Use a ${toExtensionList()} file.`,
    );
  }
  for (const [column, type] of Object.entries(opts.columns ?? {})) {
    if (!INTERNAL_TYPES.includes(type)) {
      throw new LoadError(
        `${basename(path)}: the override for column ${toEcho(column)} names unknown internal type ${toEcho(type)}. Use one of ${INTERNAL_TYPES.join(', ')}.`,
      );
    }
  }
  return normalizeColumns(await loader(path, opts), path, opts.columns, opts.bufferBytes);
}
