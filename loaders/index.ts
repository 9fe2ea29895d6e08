// The loaders' public face: the only module the rest of Sorrel, and the bench, import from loaders/.

export type { LoadedTable, LoadOptions } from './core/column.ts';
export { LoadError } from './core/errors.ts';
export type { ColumnProfile } from './core/inspect.ts';
export { inspectColumns } from './core/inspect.ts';
export { toSharedIpc, toTableHash } from './core/ipc.ts';
export { loadTable } from './load.ts';
// The CSV reader's parts, which the bench times beside npm parsers (bench/csv-parsers/).
export { loadCsv, readDelimited } from './csv.ts';
export { loadRows, type RowReader, type RowSink } from './rows/to-columns.ts';
