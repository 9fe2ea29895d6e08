// JSON loader: a file holding one array of objects; keys become columns in order of first appearance.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import { locateJsonError, parseJsonExact } from './rows/exact-json.ts';
import { loadRows } from './rows/to-columns.ts';
import { checkReadable } from './core/source.ts';

/** Loads a JSON array of objects; null or a missing key is null. The whole text is parsed at once. */
export async function loadJson(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  const file = basename(path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    // V8 strings stop at about 512 MB (ERR_STRING_TOO_LONG); NDJSON streams instead.
    throw new LoadError(
      `${file} cannot be read as one JSON document (${(err as Error).message}). Convert it to NDJSON (one object per line).`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!/\S/.test(text)) throw new LoadError(`${file} is empty: expected a JSON array of objects.`);
  const rows = parse(text, file, false);
  if (rows.length === 0)
    throw new LoadError(`${file} holds an empty array, so it names no columns. Add at least one object.`);
  return loadRows(
    async (sink, exact) => {
      const data = exact ? parse(text, file, true) : rows;
      for (let r = 0; r < data.length; r++) sink.object(data[r] as Record<string, unknown> | Map<string, unknown>);
    },
    path,
    opts,
  );
}

function parse(text: string, file: string, exact: boolean): unknown[] {
  let data: unknown;
  try {
    data = exact ? parseJsonExact(text) : JSON.parse(text);
  } catch (err) {
    const { line, column, reason } = locateJsonError(text, (err as Error).message ?? 'syntax error');
    throw new LoadError(`${file}: invalid JSON at line ${line}, column ${column}: ${reason}. Fix the syntax.`);
  }
  if (!Array.isArray(data)) {
    throw new LoadError(
      `${file}: expected a JSON array of objects, found ${describeJson(data)}. Wrap the rows in [ ] or use NDJSON (.ndjson).`,
    );
  }
  for (let r = 0; r < data.length; r++) {
    const row: unknown = data[r];
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw new LoadError(
        `${file} row ${r + 1}: expected an object, found ${describeJson(row)}. Every array element must be an object.`,
      );
    }
  }
  return data;
}

/** Names the JSON kind of a value for error messages. */
export function describeJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'a boolean';
  return 'a number';
}
