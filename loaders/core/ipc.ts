// Arrow IPC bytes in shared memory: how a loaded table reaches the worker threads, in one or several parts.
import * as arrow from 'apache-arrow';
import { createHash } from 'node:crypto';
import { exposeGc } from '../../src/common/gc.ts';
import { LoadError } from './errors.ts';

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
 * Copies each part's IPC file into its own SharedArrayBuffer, emptying `parts` as it goes so that
 * the loader's arrays can be released while the copies grow (see toShared). `file` names the file
 * in the error for a part beyond what one buffer can hold.
 */
export async function toSharedParts(parts: (arrow.Table | null)[], file: string): Promise<SharedArrayBuffer[]> {
  const shared: SharedArrayBuffer[] = [];
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
    shared.push(toShared(chunks, true));
  }
  parts.length = 0;
  return shared;
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

const RELEASE_EVERY = 32 * 2 ** 20;

/**
 * Copies the chunks, in order, into one SharedArrayBuffer and empties `chunks` as it goes.
 *
 * Why it empties: a large table arrives as the loader's arrays, and the shared copy is as large
 * again. The shared buffer's pages are only taken from the system as they are written, so when the
 * chunks hold the last references to the loader's arrays (`normalizeColumns` drops the others),
 * collecting every 32 MiB copied gives their memory back while the copy grows: the peak is the
 * table plus a little, not twice the table. V8 would not collect on its own here — copying
 * allocates nothing — so `gc` is called by hand (src/common/gc.ts).
 */
export function toShared(chunks: (Uint8Array | null)[], release = false): SharedArrayBuffer {
  let total = 0;
  for (const chunk of chunks) total += chunk!.byteLength;
  const shared = new SharedArrayBuffer(total);
  const bytes = new Uint8Array(shared);
  let at = 0,
    copied = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    bytes.set(chunk, at);
    at += chunk.byteLength;
    copied += chunk.byteLength;
    chunks[i] = null;
    if (release && copied >= RELEASE_EVERY) {
      collectGarbage();
      copied = 0;
    }
  }
  chunks.length = 0;
  if (release) collectGarbage();
  return shared;
}

let collect: (() => void) | undefined;

function collectGarbage(): void {
  collect ??= exposeGc();
  collect();
}
