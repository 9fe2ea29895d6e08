// Test helpers for the loader tests: temp files and a plain-data view of a loaded table's storage.
import type * as arrow from 'apache-arrow';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedTable } from '../../loaders/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'sorrel-loaders-'));

/** Writes `content` to a fresh temp file named `name` and returns its path. */
export function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Creates a temp directory named `name` and returns its path. */
export function tempDir(name: string): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  return path;
}

/** The path of a checked-in fixture. */
export function fixture(name: string): string {
  return new URL(`../fixtures/data/${name}`, import.meta.url).pathname;
}

/** The path of a vega-datasets file. */
export function vega(name: string): string {
  return new URL(`../../node_modules/vega-datasets/data/${name}`, import.meta.url).pathname;
}

export type ColumnStorage = {
  type: string;
  metadata: Record<string, string>;
  chunks: number;
  nullCount: number;
  bitmap: boolean;
  values: (number | string)[];
  dictionary: string[] | null;
  valid: boolean[];
};

/** Every column's Arrow type, chunking, validity and raw values (bigints as strings), by name. */
export function storageOf(loaded: LoadedTable): Record<string, ColumnStorage> {
  const out: Record<string, ColumnStorage> = {};
  loaded.table.schema.fields.forEach((field, i) => {
    const vector = loaded.table.getChildAt(i)!;
    const data: arrow.Data = vector.data[0];
    const bits = data.nullBitmap;
    const hasBitmap = !!bits && bits.length > 0;
    const valid = Array.from({ length: data.length }, (_, r) => !hasBitmap || (bits![r >> 3] & (1 << (r & 7))) !== 0);
    const raw = data.values as ArrayLike<number | bigint>;
    const count = String(field.type) === 'Bool' ? (data.length + 7) >> 3 : data.length;
    out[field.name] = {
      type: String(field.type),
      metadata: Object.fromEntries(field.metadata),
      chunks: vector.data.length,
      nullCount: data.nullCount,
      bitmap: hasBitmap,
      values: Array.from({ length: count }, (_, r) =>
        typeof raw[r] === 'bigint' ? String(raw[r]) : (raw[r] as number),
      ),
      dictionary: data.dictionary ? (data.dictionary.toArray() as string[]) : null,
      valid,
    };
  });
  return out;
}

/** Runs `fn` and returns the message of the error it throws (failing when it does not throw). */
export async function errorOf(fn: () => Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await fn();
  } catch (err) {
    return { name: (err as Error).name, message: (err as Error).message };
  }
  throw new Error('expected an error, but the call succeeded');
}
