// A file read by byte range, shaped as the Blob parquet-wasm reads from: each range read whole into one ArrayBuffer.
import { open, type FileHandle } from 'node:fs/promises';

/** What parquet-wasm's `ParquetFile.fromFile` uses of a Blob: its size, `slice`, and `arrayBuffer`. */
export type ByteRange = {
  readonly size: number;
  slice(start?: number, end?: number): ByteRange;
  arrayBuffer(): Promise<ArrayBuffer>;
};

/**
 * The file at `path` as a ByteRange, and `close` for its handle.
 *
 * Why not `fs.openAsBlob`: Node's file-backed Blob reads a range as a stream of small chunks and
 * concatenates them, so each column chunk parquet-wasm fetches was allocated twice in pieces, and on
 * the 10M-row bench file (219 MB) that cost about 0.1 s of the reading thread's CPU in its own work
 * and the young-generation collections it caused. Here a range is read (on libuv's threads, as the Blob
 * was) straight into one ArrayBuffer of its size. A range past the end of the file gives the bytes
 * there are, as a Blob does.
 */
export async function openByteRange(path: string): Promise<{ file: ByteRange; close(): Promise<void> }> {
  const handle = await open(path, 'r');
  try {
    return { file: toRange(handle, 0, (await handle.stat()).size), close: () => handle.close() };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

// Blob.slice semantics: negative positions count from the end, both ends clamped to the range.
function toRange(handle: FileHandle, from: number, to: number): ByteRange {
  const size = to - from;
  const clamp = (x: number) => Math.min(Math.max(x < 0 ? size + x : x, 0), size);
  return {
    size,
    slice: (start = 0, end = size) => {
      const a = clamp(start);
      return toRange(handle, from + a, from + Math.max(a, clamp(end)));
    },
    arrayBuffer: async () => {
      const bytes = new Uint8Array(size);
      let read = 0;
      while (read < size) {
        const { bytesRead: n } = await handle.read(bytes, read, size - read, from + read);
        if (n === 0) break;
        read += n;
      }
      return read === size ? bytes.buffer : bytes.slice(0, read).buffer;
    },
  };
}
