// Arrow IPC bytes in shared memory: how a loaded table reaches the worker threads, in one or several parts.
import * as arrow from 'apache-arrow';
import { createHash } from 'node:crypto';
import { LoadError } from './errors.ts';
import { HASH_THREAD_BYTES, startHashing } from './hash.ts';
import { createReleaser } from './release.ts';

/**
 * The most bytes one IPC file may hold: `tableFromIPC` reads a file through one Uint8Array, and
 * Node 20's V8 refuses a Uint8Array longer than 2^32 bytes.
 */
export const MAX_PART_BYTES = 2 ** 32;

/**
 * The table as Arrow IPC file-format bytes in a SharedArrayBuffer. Workers receive the buffer
 * without a copy and decode it once per thread; Arrow objects themselves cannot cross postMessage.
 */
export async function toSharedIpc(table: arrow.Table): Promise<SharedArrayBuffer> {
  return toShared(await toIpcChunks(table));
}

/**
 * The IPC file bytes of `table` as Arrow's writer yields them: the column bodies are views of the
 * table's own buffers, between small metadata blocks, so nothing is copied yet.
 */
export async function toIpcChunks(table: arrow.Table): Promise<(Uint8Array | null)[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of arrow.RecordBatchFileWriter.writeAll(table)) chunks.push(chunk);
  return chunks;
}

/**
 * Which columns share a part: consecutive columns, in table order, as long as their Arrow buffer
 * bytes (`bytes[i]`) add up to at most `limit`; a column larger than `limit` is a part of its own.
 * A table without columns is one empty part. Depends on the bytes and the limit only.
 */
export function toPartColumns(bytes: readonly number[], limit: number): number[][] {
  const parts: number[][] = [[]];
  let size = 0;
  bytes.forEach((b, i) => {
    const part = parts[parts.length - 1];
    if (part.length > 0 && size + b > limit) {
      parts.push([i]);
      size = b;
    } else {
      part.push(i);
      size += b;
    }
  });
  return parts;
}

/** The single-batch table holding the given columns of `batch` (views of its data, no copy). */
export function toPartTable(batch: arrow.RecordBatch, columns: readonly number[]): arrow.Table {
  const fields = columns.map((i) => batch.schema.fields[i]);
  const children = columns.map((i) => batch.data.children[i]);
  const schema = new arrow.Schema(fields);
  const data = arrow.makeData({ type: new arrow.Struct(fields), length: batch.numRows, nullCount: 0, children });
  return new arrow.Table(schema, [new arrow.RecordBatch(schema, data)]);
}

/**
 * Copies each part's IPC file into its own SharedArrayBuffer, emptying `parts` so that the chunks
 * hold the last references to the loader's arrays, which are freed one by one as they are copied
 * (release.ts). A table (`whole`, the one the parts were cut from) of at least `hashThreadBytes` is
 * hashed on another thread as it is copied (hash.ts): `hashed` is that hash, null when it could not
 * be (the caller hashes then) and for a smaller table. `file` names the file in the error for a part
 * beyond what one buffer can hold; every part is checked before anything is copied.
 */
export async function toSharedParts(
  parts: (arrow.Table | null)[],
  file: string,
  whole: arrow.Table | null = null,
  hashThreadBytes = HASH_THREAD_BYTES,
): Promise<{ shared: SharedArrayBuffer[]; hashed: Promise<string | null> | null }> {
  const lists: (Uint8Array | null)[][] = [];
  const totals: number[] = [];
  for (let p = 0; p < parts.length; p++) {
    const names = parts[p]!.schema.fields.map((f) => JSON.stringify(f.name));
    const chunks = await toIpcChunks(parts[p]!);
    parts[p] = null;
    let total = 0;
    for (const chunk of chunks) total += chunk!.byteLength;
    if (total > MAX_PART_BYTES) {
      const what = names.length === 1 ? `column ${names[0]} alone needs` : `columns ${names.join(', ')} need`;
      throw new LoadError(
        `${file}: ${what} ${total} bytes of shared memory, more than one buffer holds (${MAX_PART_BYTES}). Lower SORREL_BUFFER_MB or split the file into several datasets.`,
      );
    }
    lists.push(chunks);
    totals.push(total);
  }
  parts.length = 0;
  const release = createReleaser(lists);
  const shared = totals.map((total) => new SharedArrayBuffer(total));
  const big = totals.reduce((n, t) => n + t, 0) >= hashThreadBytes;
  const hashing = whole && big ? startHashing(shared, await toIpcChunks(whole), lists) : null;
  try {
    for (let p = 0; p < lists.length; p++)
      copyInto(shared[p], lists[p], release, hashing ? (end) => hashing.wrote(p, end) : undefined);
  } catch (err) {
    hashing?.abandon();
    throw err;
  }
  lists.length = 0;
  return { shared, hashed: hashing?.result ?? null };
}

/** The table that views every part's columns as one, in part order: what the writer of one file would see. */
export function toWholeTable(parts: readonly SharedArrayBuffer[]): arrow.Table {
  const tables = parts.map((p) => arrow.tableFromIPC(new Uint8Array(p)));
  const fields = tables.flatMap((t) => t.schema.fields);
  const rows = tables[0]?.numRows ?? 0;
  const children = tables.flatMap((t) =>
    t.schema.fields.map((f, i) => t.getChildAt(i)?.data[0] ?? arrow.makeData({ type: f.type, length: 0 })),
  );
  const schema = new arrow.Schema(fields);
  const data = arrow.makeData({ type: new arrow.Struct(fields), length: rows, nullCount: 0, children });
  return new arrow.Table(schema, [new arrow.RecordBatch(schema, data)]);
}

/**
 * The sha256 of the table's Arrow IPC file bytes as if the whole table were one file, hashed as
 * Arrow's writer yields them (views of the shared buffers, no copy). However many parts hold the
 * table, the hash is the same: the data version depends on the content, never on the layout.
 */
export async function toTableHash(table: arrow.Table): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of arrow.RecordBatchFileWriter.writeAll(table)) hash.update(chunk);
  return hash.digest('hex');
}

/** Copies the chunks, in order, into one SharedArrayBuffer (see copyInto). */
export function toShared(chunks: (Uint8Array | null)[], release?: (chunk: Uint8Array) => void): SharedArrayBuffer {
  let total = 0;
  for (const chunk of chunks) total += chunk!.byteLength;
  const shared = new SharedArrayBuffer(total);
  copyInto(shared, chunks, release);
  return shared;
}

const SLICE = 16 * 2 ** 20;

/**
 * Copies the chunks, in order, into `shared` and empties `chunks` as it goes; each chunk is handed
 * to `release` once copied (see toSharedParts) and `wrote` learns, every 16 MiB, how many bytes
 * from the start are final. The shared buffer's pages are only taken from the system as they are
 * written, so while the loader's arrays are freed as they are copied the peak is the table plus
 * one array, not twice the table.
 */
function copyInto(
  shared: SharedArrayBuffer,
  chunks: (Uint8Array | null)[],
  release?: (chunk: Uint8Array) => void,
  wrote?: (end: number) => void,
): void {
  const bytes = new Uint8Array(shared);
  let at = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    for (let from = 0; from < chunk.byteLength; from += SLICE) {
      const piece = chunk.subarray(from, from + SLICE);
      bytes.set(piece, at + from);
      wrote?.(at + from + piece.byteLength);
    }
    at += chunk.byteLength;
    chunks[i] = null;
    release?.(chunk);
  }
  chunks.length = 0;
  wrote?.(at);
}
