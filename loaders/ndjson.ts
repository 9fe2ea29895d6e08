// NDJSON loader: one JSON object per line, streamed line by line.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import { describeJson } from './json.ts';
import { locateJsonError, parseJsonExact } from './rows/exact-json.ts';
import type { RowReader } from './rows/to-columns.ts';
import { loadRows } from './rows/to-columns.ts';
import { checkReadable } from './core/source.ts';

/** Loads newline-delimited JSON objects; blank lines are skipped, null or a missing key is null. */
export async function loadNdjson(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  return loadRows(readLines(path), path, opts);
}

function readLines(path: string): RowReader {
  const file = basename(path);
  return async (sink, exact) => {
    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    let line = 0,
      objects = 0,
      rest = '';
    const take = (text: string) => {
      line++;
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.trim() === '') return;
      let row: unknown;
      try {
        row = exact ? parseJsonExact(text) : JSON.parse(text);
      } catch (err) {
        const at = locateJsonError(text, (err as Error).message ?? 'syntax error');
        throw new LoadError(
          `${file} line ${line}: invalid JSON at column ${at.column}: ${at.reason}. Fix the line or remove it.`,
        );
      }
      if (row === null || typeof row !== 'object' || Array.isArray(row)) {
        throw new LoadError(
          `${file} line ${line}: expected a JSON object, found ${describeJson(row)}. Each line must hold one object.`,
        );
      }
      objects++;
      sink.object(row as Record<string, unknown> | Map<string, unknown>);
    };
    try {
      for await (const chunk of stream as AsyncIterable<string>) {
        let start = 0;
        const text = rest + chunk;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
          take(text.slice(start, nl));
          start = nl + 1;
        }
        rest = text.slice(start);
      }
      if (rest !== '') take(rest);
    } catch (err) {
      if (err instanceof LoadError) throw err;
      throw new LoadError(`${file} cannot be read: ${(err as Error).message}`);
    } finally {
      stream.destroy();
    }
    if (objects === 0) throw new LoadError(`${file} is empty: expected one JSON object per line.`);
  };
}
