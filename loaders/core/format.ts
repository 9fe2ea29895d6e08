// Data format detection from a file name.
import { extname } from 'node:path';
import type { DataFormat } from '../../src/contract/types.ts';

const EXTENSIONS: Record<string, DataFormat> = {
  '.csv': 'csv', '.tsv': 'tsv', '.tab': 'tsv', '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.json': 'json',
  '.arrow': 'arrow', '.feather': 'arrow', '.ipc': 'arrow', '.parquet': 'parquet',
};

/** The data format a file's extension names (case-insensitive), or null when the extension is unknown. */
export function formatOf(path: string): DataFormat | null {
  return EXTENSIONS[extname(path).toLowerCase()] ?? null;
}
