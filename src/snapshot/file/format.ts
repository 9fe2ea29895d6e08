// The built-snapshot file format: layout, constants, manifest types and the one error type.
import { createHash } from 'node:crypto';
import { blake3 } from '@napi-rs/blake-hash';

/**
 * Layout (all integers little-endian):
 *
 * | bytes                 | content                                                         |
 * |-----------------------|-----------------------------------------------------------------|
 * | 0–7                   | magic `SORREL\0\0`                                               |
 * | 8–11                  | format version, u32 (FORMAT_VERSION)                             |
 * | 12–15                 | manifest length M in bytes, u32                                  |
 * | 16 – 16+M             | manifest: canonical JSON, UTF-8 (SnapshotManifest)               |
 * | … D                   | zero bytes up to D, the next multiple of 64 (the data area)      |
 * | D + offset …          | each section's bytes at its manifest offset (a multiple of 64,   |
 * |                       | relative to D), in name order, zero bytes between                |
 * | … E                   | zero bytes up to E = D + the data length rounded up to 64        |
 * | E – E+32              | sha256 of bytes 0 … D (the header, the manifest, its padding)    |
 *
 * Sections start on 64-byte boundaries (Arrow's recommended alignment), so an Arrow IPC section
 * read into its own SharedArrayBuffer, or viewed inside one holding the whole file, gives
 * aligned typed arrays without a copy. Nothing in the file depends on the time it was written
 * or on insertion order: the same inputs give the same bytes.
 *
 * Every byte is verified: the trailer covers the header and the manifest, the manifest holds each
 * section's hash (toSectionHash), and the bytes between sections and after the last must be zero.
 * Why not one sha256 of the whole file (format 2): a hash of one stream runs on one thread, so
 * verifying 5.5 GB took ~3.4 s of one core (sha256 at 1.7 GB/s) on the critical path of a start.
 * A section's hash is the BLAKE3 of the BLAKE3s of its 16 MiB blocks, which threads verify in any
 * order as the blocks are read; BLAKE3 (a 256-bit cryptographic hash, as sha256 is) runs at
 * ~4.3 GB/s a core on the bench machine, so the file's bytes cost a third of the CPU to verify.
 */
export const FORMAT_VERSION = 4;
/**
 * The format versions this Sorrel reads: 4, and 3, whose container is the same. 4: integer columns
 * that fit 32 bits are Arrow Int32 and a profile's values may be `i32` (src/contract/storage.ts,
 * codec.ts), which a reader of format 3 would not know (it refuses a format-4 file by its header). A
 * format-3 file (every integer Float64) is still read and answers the same: workers take a column's
 * kind from its Arrow type.
 */
export const READ_FORMATS: readonly number[] = [3, 4];
export const MAGIC = Buffer.from('SORREL\0\0', 'latin1');
export const HEADER = 16;
export const ALIGN = 64;
export const TRAILER = 32;
export const MAX_MANIFEST = 64 * 2 ** 20;
export const CHUNK = 16 * 2 ** 20; // read/write step: bounds each blocking slice of work
export const BLOCK = 16 * 2 ** 20; // a section's hash covers the BLAKE3s of its blocks of this size (toSectionHash)
export const ZEROS = new Uint8Array(ALIGN);
export const KINDS: readonly SectionKind[] = ['json', 'arrow', 'binary'];

/** `arrow` sections are read into their own SharedArrayBuffer (for the workers); the others into their own ArrayBuffer. */
export type SectionKind = 'json' | 'arrow' | 'binary';

/** `blake3`: the section's hash (toSectionHash), not the plain BLAKE3 of its bytes. */
export type SectionEntry = { name: string; kind: SectionKind; offset: number; length: number; blake3: string };

export type SnapshotManifest = {
  format: number;
  dataVersion: string; // what ETags derive from (API.md §10)
  content: string; // sha256 of the sections' names, kinds, lengths and hashes (see toContentHash)
  meta: Record<string, unknown>;
  sections: SectionEntry[]; // in name order, which is also offset order
};

export type SectionInput = { name: string; kind: SectionKind; bytes: Uint8Array | SharedArrayBuffer | ArrayBuffer };

export type SnapshotInput = {
  sections: SectionInput[];
  /** Defaults to `content`; the integration may pass its own hash of the same bytes. */
  dataVersion?: string;
  /** Small JSON facts for tools that read only the manifest (`loadSnapshotManifest`). */
  meta?: Record<string, unknown>;
};

/** A verified snapshot file: its manifest and every section's bytes. */
export type SnapshotContents = Readonly<{
  path: string;
  manifest: SnapshotManifest;
  names: readonly string[];
  /** The bytes of a section (for an `arrow` section, a view of its SharedArrayBuffer). */
  bytes(name: string): Uint8Array;
  /** The SharedArrayBuffer holding exactly an `arrow` section. */
  shared(name: string): SharedArrayBuffer;
  /** A `json` section, parsed. */
  json(name: string): unknown;
}>;

/** sha256 over one line `name\tkind\tlength\tblake3\n` per section, in name order. */
export function toContentHash(sections: readonly Omit<SectionEntry, 'offset'>[]): string {
  const h = createHash('sha256');
  for (const s of sections) h.update(`${s.name}\t${s.kind}\t${s.length}\t${s.blake3}\n`);
  return h.digest('hex');
}

/** n rounded up to the next multiple of ALIGN. */
export function align(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

/** The sha256 of `b` (the trailer's hash of the header and manifest). */
export function sha256(b: Uint8Array): Buffer {
  return createHash('sha256').update(b).digest();
}

/** The BLAKE3 of one block (or any bytes), 32 bytes. */
export function hashBlock(b: Uint8Array): Buffer {
  return blake3(b);
}

/** The blocks of a section of `length` bytes: [start, end) pairs of BLOCK bytes, the last shorter. */
export function toBlocks(length: number): [number, number][] {
  const blocks: [number, number][] = [];
  for (let at = 0; at < length; at += BLOCK) blocks.push([at, Math.min(length, at + BLOCK)]);
  return blocks;
}

/**
 * A section's hash in hex: the BLAKE3 of its blocks' BLAKE3s (32 bytes each, in order; none for an
 * empty section). Collision-resistant as BLAKE3 is: the manifest fixes the length, so the blocks.
 */
export function toSectionHash(blockDigests: readonly Uint8Array[]): string {
  return blake3(Buffer.concat(blockDigests)).toString('hex');
}

/** The hash of a section's bytes, computed on this thread (the writer, small sections). */
export function hashSection(b: Uint8Array): string {
  return toSectionHash(toBlocks(b.byteLength).map(([from, to]) => hashBlock(b.subarray(from, to))));
}
