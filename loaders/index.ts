// The loaders' public face: the only module the rest of Sorrel imports from loaders/.

export type { LoadedTable, LoadOptions } from './column.ts';
export { LoadError } from './errors.ts';
export { formatOf } from './format.ts';
export type { ColumnProfile } from './inspect.ts';
export { inspectColumns } from './inspect.ts';
export { toSharedIpc } from './ipc.ts';
export { loadTable } from './load.ts';
