// Reading a built-snapshot file: every byte verified, tables straight into shared memory.
import { availableParallelism } from 'node:os';
import { toEchoList } from '../../common/echo.ts';
import { SnapshotFileError } from '../../contract/errors.ts';
import {
  BLOCK,
  hashBlock,
  sha256,
  toBlocks,
  toSectionHash,
  TRAILER,
  type SectionEntry,
  type SnapshotContents,
  type SnapshotManifest,
} from './format.ts';
import { type Handle, readHead, withFile } from './head.ts';
import { startBlockHasher } from './hash.ts';

const READS = 16; // block reads in flight: queued on libuv's 4 threads, they go on while this thread is busy
const THREADED = 4 * BLOCK; // below this many bytes of sections, blocks are hashed on this thread

type Loaded = { entry: SectionEntry; bytes: Uint8Array; shared: SharedArrayBuffer | null };

export type LoadFileOptions = {
  /** Hashing threads (default: one per core from 64 MiB of sections, none below). */
  threads?: number;
  /**
   * Called with each section as soon as its own hash is verified, while later sections are still
   * read (the file as a whole may yet be refused): for work that needs only the first sections.
   */
  onVerified?: (name: string, bytes: Uint8Array) => void;
};

/**
 * Reads a snapshot file and verifies every byte before returning it: the header and manifest
 * against the trailer (first, before reading on), each section against its hash in the manifest,
 * the padding between sections as zeros. Refuses (SnapshotFileError) a file that is not a
 * snapshot, of another format version, truncated, extended or altered, and returns nothing of it.
 * Each `arrow` or `binary` section is read straight into its own SharedArrayBuffer, in 16 MiB
 * blocks, several reads in flight; each block is hashed as soon as it has arrived, on hashing
 * threads (`threads`; by default one per core from 64 MiB of sections, none below). So there is no
 * second copy of the file in memory, the hashing keeps pace with the reads, and the event loop is
 * never blocked for long (a reload keeps serving).
 */
export function loadSnapshotFile(
  path: string,
  { threads, onVerified }: LoadFileOptions = {},
): Promise<SnapshotContents> {
  return withFile(path, async (fh) => {
    const { manifest, data, end, head } = await readHead(fh, path);
    const trailer = new Uint8Array(TRAILER);
    await readFully(fh, trailer, end, path);
    if (!sha256(head).equals(trailer))
      throw new SnapshotFileError(
        path,
        "altered or corrupted: the header or manifest does not match the trailer's sha256",
      );
    const hasher = startBlockHasher(threads ?? (end - data >= THREADED ? availableParallelism() : 0));
    const reads = new Set<Promise<void>>();
    const pending: Promise<unknown>[] = [];
    const loaded = new Map<string, Loaded>();
    try {
      let at = data;
      for (const s of manifest.sections) {
        await checkZeros(fh, path, at, data + s.offset);
        // A `binary` section (the precomputed values) is shared too, so that a task can read a key
        // column's values where they are: posting a view of an ArrayBuffer copies the whole buffer.
        const shared = s.kind === 'arrow' || s.kind === 'binary' ? new SharedArrayBuffer(s.length) : null;
        const bytes = new Uint8Array(shared ?? new ArrayBuffer(s.length)); // own buffer: offset 0, aligned
        const blocks: Promise<Uint8Array>[] = [];
        for (const [from, to] of toBlocks(s.length)) {
          while (reads.size >= READS) await Promise.race(reads);
          const read = readFully(fh, bytes.subarray(from, to), data + s.offset + from, path);
          const done = read.then(() => void reads.delete(done));
          reads.add(done);
          const digest = read.then(() =>
            shared ? hasher.hash(shared, from, to) : hashBlock(bytes.subarray(from, to)),
          );
          for (const p of [done, digest]) p.catch(() => {}); // awaited below; a refusal settles them all
          pending.push(done, digest);
          blocks.push(digest);
        }
        const verified = Promise.all(blocks).then((d) => {
          if (toSectionHash(d) !== s.blake3)
            throw new SnapshotFileError(
              path,
              `altered or corrupted: section "${s.name}" (bytes ${data + s.offset}–${data + s.offset + s.length}) does not match its hash`,
            );
          onVerified?.(s.name, bytes);
        });
        verified.catch(() => {});
        pending.push(verified);
        loaded.set(s.name, { entry: s, bytes, shared });
        at = data + s.offset + s.length;
      }
      await checkZeros(fh, path, at, end);
      // The first failure in file order (a truncation, else the first section that does not match).
      const failed = (await Promise.allSettled(pending)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      await Promise.allSettled(pending); // no read into, nor hash of, a buffer outlives a refusal
      await hasher.close();
    }
    return toContents(path, manifest, loaded);
  });
}

/** Reads and checks only the header and manifest (cheap: e.g. to compare data versions before a reload). */
export function loadSnapshotManifest(path: string): Promise<SnapshotManifest> {
  return withFile(path, async (fh) => (await readHead(fh, path)).manifest);
}

/** Fills `into` from `position`; a file that shrank meanwhile is refused as truncated. */
async function readFully(fh: Handle, into: Uint8Array, position: number, path: string): Promise<void> {
  for (let at = 0; at < into.byteLength; ) {
    const { bytesRead } = await fh.read(into, at, into.byteLength - at, position + at);
    if (bytesRead === 0)
      throw new SnapshotFileError(path, `truncated while reading (the file shrank to ${position + at} bytes)`);
    at += bytesRead;
  }
}

/** Refuses the file unless bytes `from` … `to` (padding, under 64 bytes) are zero. */
async function checkZeros(fh: Handle, path: string, from: number, to: number): Promise<void> {
  const gap = new Uint8Array(to - from);
  await readFully(fh, gap, from, path);
  if (gap.some((b) => b !== 0))
    throw new SnapshotFileError(path, `altered or corrupted: the padding at bytes ${from}–${to} is not zero`);
}

function toContents(
  path: string,
  manifest: SnapshotManifest,
  loaded: Map<string, { entry: SectionEntry; bytes: Uint8Array; shared: SharedArrayBuffer | null }>,
): SnapshotContents {
  const get = (name: string) =>
    loaded.get(name) ??
    (() => {
      throw new SnapshotFileError(
        path,
        `has no section "${name}"; it holds ${toEchoList([...loaded.keys()]) || 'none'}`,
      );
    })();
  return Object.freeze({
    path,
    manifest,
    names: Object.freeze([...loaded.keys()]),
    bytes: (name: string) => get(name).bytes,
    shared(name: string) {
      const s = get(name);
      if (!s.shared || s.entry.kind !== 'arrow')
        throw new SnapshotFileError(path, `section "${name}" is ${s.entry.kind}, not arrow`);
      return s.shared;
    },
    json(name: string) {
      const s = get(name);
      try {
        return JSON.parse(Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength).toString('utf8'));
      } catch (err) {
        throw new SnapshotFileError(path, `section "${name}" is not valid JSON`, { cause: err });
      }
    },
  });
}
