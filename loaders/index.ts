// The loaders' public face: the only module the rest of Sorrel imports from loaders/.

export type { LoadedTable, LoadOptions } from './core/column.ts';
export { LoadError } from './core/errors.ts';
export type { ColumnProfile } from './core/inspect.ts';
export { inspectColumns } from './core/inspect.ts';
export { toSharedIpc, toTableHash } from './core/ipc.ts';
export { loadTable } from './load.ts';
