// CSV and TSV loaders: papaparse over a file stream, so a file of any size is never held as text.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import Papa from 'papaparse';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import type { RowReader } from './rows/to-columns.ts';
import { loadRows } from './rows/to-columns.ts';
import { checkReadable } from './core/source.ts';

/** Loads a comma-separated file with a header row; empty cells are null. */
export async function loadCsv(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  return loadRows(readDelimited(path, ','), path, opts);
}

/** Loads a tab-separated file with a header row; empty cells are null. */
export async function loadTsv(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  return loadRows(readDelimited(path, '\t'), path, opts);
}

/**
 * Streams a delimited file through papaparse in chunks of array rows (no per-row objects).
 * Papaparse parses each stream chunk synchronously inside the 'data' event, so at most one
 * chunk of text is alive at a time. A failure aborts the parser and destroys the stream.
 */
function readDelimited(path: string, delimiter: string): RowReader {
  const file = basename(path);
  return (sink) => new Promise<void>((resolve, reject) => {
    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    let width = -1, row = 0, settled = false;
    const fail = (err: unknown, parser?: Papa.Parser) => {
      if (settled) return;
      settled = true;
      parser?.abort();
      stream.destroy();
      reject(err instanceof LoadError ? err : new LoadError(`${file}: cannot be read: ${(err as Error).message}`));
    };
    Papa.parse<string[]>(stream, {
      delimiter,
      beforeFirstChunk: (chunk) => (chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk),
      chunk(results, parser) {
        if (settled) return;
        try {
          const data = results.data;
          const bad = results.errors.length ? results.errors[0] : null;
          const badAt = bad ? bad.row ?? 0 : -1;
          for (let i = 0; i < data.length; i++) {
            const header = width < 0;
            if (i === badAt) throw quoteError(file, header ? 0 : row + 1, bad!.message);
            if (header) {
              if (data[i].length === 1 && data[i][0] === '') continue;
              sink.header(data[i]);
              width = data[i].length;
              continue;
            }
            const cells = data[i];
            if (cells.length === 1 && cells[0] === '') continue; // a blank line (papaparse's skipEmptyLines is slower)
            row++;
            if (cells.length !== width) throw fieldCountError(file, row, width, cells.length);
            sink.cells(cells);
          }
          if (bad) throw quoteError(file, width < 0 ? 0 : row + 1, bad.message);
        } catch (err) {
          fail(err, parser);
        }
      },
      complete() {
        if (settled) return;
        settled = true;
        if (width < 0) reject(new LoadError(`${file} is empty: expected a header row naming the columns.`));
        else resolve();
      },
      error: (err) => fail(err),
    });
  });
}

function quoteError(file: string, row: number, message: string): LoadError {
  const where = row === 0 ? 'header row' : `row ${row}`;
  return new LoadError(`${file} ${where}: ${message}. A quoted field must end with a quote, and quotes inside it must be doubled ("").`);
}

function fieldCountError(file: string, row: number, width: number, found: number): LoadError {
  return new LoadError(`${file} row ${row}: expected ${width} fields (one per header column) but found ${found}. Quote values that contain the delimiter, and check for missing or extra delimiters.`);
}
