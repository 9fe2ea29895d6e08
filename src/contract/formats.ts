// The data formats Sorrel reads: the one list of formats and the file extensions that name them.
import { extname } from 'node:path';

export type DataFormat = 'csv' | 'tsv' | 'ndjson' | 'json' | 'arrow' | 'parquet';

/** Every extension Sorrel reads, with the format it names (lower case, with the dot). */
const EXTENSIONS: Readonly<Record<string, DataFormat>> = Object.freeze({
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.tab': 'tsv',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.json': 'json',
  '.arrow': 'arrow',
  '.feather': 'arrow',
  '.ipc': 'arrow',
  '.parquet': 'parquet',
});

/** Every format name, in the order docs/catalog.md lists them. */
export const FORMATS: readonly DataFormat[] = ['csv', 'tsv', 'ndjson', 'json', 'arrow', 'parquet'];

/** The data format a file's extension names (case-insensitive), or null when the extension is unknown. */
export function formatOf(path: string): DataFormat | null {
  return EXTENSIONS[extname(path).toLowerCase()] ?? null;
}

/** The extensions as a sentence for error messages: ".csv, .tsv, … or .parquet". */
export function toExtensionList(): string {
  const all = Object.keys(EXTENSIONS);
  return `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`;
}
