// The built-snapshot file format: layout, constants, manifest types and the one error type.
import { createHash } from 'node:crypto';

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
 * | E – E+32              | sha256 of bytes 0 … E (everything before it)                     |
 *
 * Sections start on 64-byte boundaries (Arrow's recommended alignment), so an Arrow IPC section
 * read into its own SharedArrayBuffer, or viewed inside one holding the whole file, gives
 * aligned typed arrays without a copy. Nothing in the file depends on the time it was written
 * or on insertion order: the same inputs give the same bytes.
 */
export const FORMAT_VERSION = 3;
/**
 * The format versions this Sorrel reads. 3: integer columns that fit 32 bits are Arrow Int32 and a
 * profile's values may be `i32` (src/contract/storage.ts, codec.ts), which a reader of format 2 would
 * not know. A format-2 file (every integer Float64) is still read and answers the same: workers take
 * a column's kind from its Arrow type.
 */
export const READ_FORMATS: readonly number[] = [2, 3];
export const MAGIC = Buffer.from('SORREL\0\0', 'latin1');
export const HEADER = 16;
export const ALIGN = 64;
export const TRAILER = 32;
export const MAX_MANIFEST = 64 * 2 ** 20;
export const CHUNK = 16 * 2 ** 20; // read/write/hash step: bounds each blocking slice of work
export const ZEROS = new Uint8Array(ALIGN);
export const KINDS: readonly SectionKind[] = ['json', 'arrow', 'binary'];

/** `arrow` sections are read into their own SharedArrayBuffer (for the workers); the others into their own ArrayBuffer. */
export type SectionKind = 'json' | 'arrow' | 'binary';

export type SectionEntry = { name: string; kind: SectionKind; offset: number; length: number; sha256: string };

export type SnapshotManifest = {
  format: number;
  dataVersion: string; // what ETags derive from (API.md §10)
  content: string; // sha256 of the sections' names, kinds, lengths and sha256s (see toContentHash)
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

/** A file that is not a usable snapshot; the message is one line naming the file and the reason. */
export class SnapshotFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${reason}`, options);
    this.name = 'SnapshotFileError';
  }
}

/** sha256 over one line `name\tkind\tlength\tsha256\n` per section, in name order. */
export function toContentHash(sections: readonly Omit<SectionEntry, 'offset'>[]): string {
  const h = createHash('sha256');
  for (const s of sections) h.update(`${s.name}\t${s.kind}\t${s.length}\t${s.sha256}\n`);
  return h.digest('hex');
}

/** n rounded up to the next multiple of ALIGN. */
export function align(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

/** The sha256 of `b` in hex, hashed in CHUNK steps. */
export function sha256(b: Uint8Array): string {
  const h = createHash('sha256');
  for (let i = 0; i < b.byteLength; i += CHUNK) h.update(b.subarray(i, Math.min(b.byteLength, i + CHUNK)));
  return h.digest('hex');
}
