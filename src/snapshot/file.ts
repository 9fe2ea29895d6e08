// The built-snapshot file: a versioned, content-hashed container of named, 64-byte-aligned sections.
import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { toCanonicalJson } from './canonical.ts';

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
export const FORMAT_VERSION = 1;
const MAGIC = Buffer.from('SORREL\0\0', 'latin1');
const HEADER = 16;
const ALIGN = 64;
const TRAILER = 32;
const MAX_MANIFEST = 64 * 2 ** 20;
const CHUNK = 16 * 2 ** 20;          // read/write/hash step: bounds each blocking slice of work
const ZEROS = new Uint8Array(ALIGN);

/** `arrow` sections are read into their own SharedArrayBuffer (for the workers); the others into a Buffer. */
export type SectionKind = 'json' | 'arrow' | 'binary';

export type SectionEntry = { name: string; kind: SectionKind; offset: number; length: number; sha256: string };

export type SnapshotManifest = {
  format: number;
  dataVersion: string;         // what ETags derive from (API.md §10)
  content: string;             // sha256 of the sections' names, kinds, lengths and sha256s (see toContentHash)
  meta: Record<string, unknown>;
  sections: SectionEntry[];    // in name order, which is also offset order
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
  constructor(readonly file: string, readonly reason: string, options?: { cause?: unknown }) {
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

/** The whole file as a sequence of chunks (views of the inputs, not copies); the last is the sha256 trailer. */
export function toSnapshotChunks(input: SnapshotInput): Generator<Uint8Array> {
  return chunksOf(planSnapshot(input));
}

function* chunksOf({ manifest, bytes }: Plan): Generator<Uint8Array> {
  const text = Buffer.from(toCanonicalJson(manifest), 'utf8');
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(FORMAT_VERSION, 8);
  head.writeUInt32LE(text.length, 12);
  const whole = createHash('sha256');
  const emit = function* (b: Uint8Array) {
    for (let at = 0; at < b.byteLength; at += CHUNK) {
      const part = b.subarray(at, Math.min(b.byteLength, at + CHUNK));
      whole.update(part);
      yield part;
    }
  };
  yield* emit(head);
  yield* emit(text);
  let at = HEADER + text.length;
  yield* emit(ZEROS.subarray(0, align(at) - at));
  const data = align(at);
  at = data;
  for (const [i, s] of manifest.sections.entries()) {
    yield* emit(ZEROS.subarray(0, data + s.offset - at));
    yield* emit(bytes[i]);
    at = data + s.offset + s.length;
  }
  yield* emit(ZEROS.subarray(0, align(at) - at));
  yield whole.digest();
}

/**
 * Writes a snapshot file atomically: to a temporary file beside `path`, then renamed over it, so
 * a replica starting (or reloading) meanwhile reads the old file or the new one, never half of one.
 */
export async function writeSnapshotFile(path: string, input: SnapshotInput): Promise<SnapshotManifest> {
  const temp = `${path}.${process.pid}.tmp`;
  const plan = planSnapshot(input);
  const fh = await open(temp, 'w');
  try {
    for (const chunk of chunksOf(plan)) {
      for (let done = 0; done < chunk.byteLength;) done += (await fh.write(chunk, done, chunk.byteLength - done)).bytesWritten;
    }
    await fh.sync();
    await fh.close();
    await rename(temp, path);
  } catch (err) {
    await fh.close().catch(() => {});
    await rm(temp, { force: true });
    throw err;
  }
  return plan.manifest;
}

type Plan = { manifest: SnapshotManifest; bytes: Uint8Array[] };

/** The manifest `toSnapshotChunks` writes for `input` (section order, offsets, hashes). */
export function planSnapshot(input: SnapshotInput): Plan {
  const seen = new Set<string>();
  for (const s of input.sections) {
    if (!/^[\x21-\x7e]{1,200}$/.test(s.name)) throw new TypeError(`Section name ${JSON.stringify(s.name)} must be 1–200 printable ASCII characters without spaces.`);
    if (seen.has(s.name)) throw new TypeError(`Two sections are named "${s.name}".`);
    if (!KINDS.includes(s.kind)) throw new TypeError(`Section "${s.name}" has unknown kind ${JSON.stringify(s.kind)}.`);
    seen.add(s.name);
  }
  const sorted = [...input.sections].sort((a, b) => (a.name < b.name ? -1 : 1));
  const bytes = sorted.map((s) => (s.bytes instanceof Uint8Array ? s.bytes : new Uint8Array(s.bytes)));
  let offset = 0;
  const sections = sorted.map((s, i) => {
    const entry = { name: s.name, kind: s.kind, offset, length: bytes[i].byteLength, sha256: sha256(bytes[i]) };
    offset = align(offset + entry.length);
    return entry;
  });
  const content = toContentHash(sections);
  return { manifest: { format: FORMAT_VERSION, dataVersion: input.dataVersion ?? content, content, meta: input.meta ?? {}, sections }, bytes };
}

const KINDS: readonly SectionKind[] = ['json', 'arrow', 'binary'];

/**
 * Reads a snapshot file and verifies every byte against its trailing sha256 before returning it.
 * Refuses (SnapshotFileError) a file that is not a snapshot, of another format version, truncated,
 * extended or altered. Reads go straight into their destination — each `arrow` section into its
 * own SharedArrayBuffer — in 16 MiB steps, hashing as they arrive, so there is no second copy of
 * the file in memory and the event loop is never blocked for long (a reload keeps serving).
 */
export async function loadSnapshotFile(path: string): Promise<SnapshotContents> {
  const fh = await openOrFail(path);
  try {
    const { manifest, data, head } = await readHead(fh, path);
    const whole = createHash('sha256').update(head);
    // The next chunk is read (on libuv's threads) while this one is hashed (on this thread).
    const read = async (into: Uint8Array, position: number, hashed = true) => {
      const next = (at: number) => fh.read(into, at, Math.min(CHUNK, into.byteLength - at), position + at);
      let pending = into.byteLength ? next(0) : null;
      for (let at = 0; pending;) {
        const { bytesRead } = await pending;
        if (bytesRead === 0) throw new SnapshotFileError(path, `truncated while reading (the file shrank to ${position + at} bytes)`);
        const start = at;
        at += bytesRead;
        pending = at < into.byteLength ? next(at) : null;
        if (hashed) whole.update(into.subarray(start, at));
      }
    };
    const loaded = new Map<string, { entry: SectionEntry; bytes: Uint8Array; shared: SharedArrayBuffer | null }>();
    let at = head.byteLength;
    const gap = new Uint8Array(ALIGN);
    for (const s of manifest.sections) {
      await read(gap.subarray(0, data + s.offset - at), at);
      const shared = s.kind === 'arrow' ? new SharedArrayBuffer(s.length) : null;
      const bytes = new Uint8Array(shared ?? new ArrayBuffer(s.length));   // own buffer: offset 0, aligned
      await read(bytes, data + s.offset);
      loaded.set(s.name, { entry: s, bytes, shared });
      at = data + s.offset + s.length;
    }
    await read(gap.subarray(0, align(at) - at), at);
    const trailer = new Uint8Array(TRAILER);
    await read(trailer, align(at), false);
    if (!whole.digest().equals(trailer)) {
      const bad = [...loaded.values()].find((l) => sha256(l.bytes) !== l.entry.sha256);
      throw new SnapshotFileError(path, bad
        ? `altered or corrupted: section "${bad.entry.name}" (bytes ${data + bad.entry.offset}–${data + bad.entry.offset + bad.entry.length}) does not match its sha256`
        : 'altered or corrupted: the header, manifest, padding or trailer does not match the file\'s sha256');
    }
    return toContents(path, manifest, loaded);
  } finally {
    await fh.close();
  }
}

/** Reads and checks only the header and manifest (cheap: e.g. to compare data versions before a reload). */
export async function loadSnapshotManifest(path: string): Promise<SnapshotManifest> {
  const fh = await openOrFail(path);
  try {
    return (await readHead(fh, path)).manifest;
  } finally {
    await fh.close();
  }
}

type Handle = Awaited<ReturnType<typeof open>>;

async function openOrFail(path: string): Promise<Handle> {
  try {
    return await open(path, 'r');
  } catch (err) {
    throw new SnapshotFileError(path, `cannot read the snapshot file (${(err as NodeJS.ErrnoException).code ?? String(err)})`, { cause: err });
  }
}

/** Header, manifest and the size checks that need nothing else; `head` is bytes 0 … D. */
async function readHead(fh: Handle, path: string): Promise<{ manifest: SnapshotManifest; data: number; head: Uint8Array }> {
  const fail = (reason: string): never => { throw new SnapshotFileError(path, reason); };
  const { size } = await fh.stat();
  const first = Buffer.alloc(Math.min(size, HEADER));
  if (first.length) await fh.read(first, 0, first.length, 0);
  const magicSeen = first.subarray(0, Math.min(first.length, MAGIC.length));
  if (!magicSeen.equals(MAGIC.subarray(0, magicSeen.length)) || size === 0) {
    fail(`not a Sorrel snapshot file (it does not start with "SORREL"; build one with \`sorrel build <catalog> -o <file>\`)`);
  }
  if (size < HEADER) fail(`truncated: ${size} bytes, shorter than the ${HEADER}-byte header`);
  const format = first.readUInt32LE(8);
  if (format !== FORMAT_VERSION) fail(`snapshot format ${format}, but this Sorrel reads format ${FORMAT_VERSION}; rebuild it with this version's \`sorrel build\``);
  const length = first.readUInt32LE(12);
  if (length > MAX_MANIFEST) fail(`damaged header: a manifest of ${length} bytes is beyond the ${MAX_MANIFEST}-byte limit`);
  const data = align(HEADER + length);
  if (size < data + TRAILER) fail(`truncated: ${size} bytes, but its header announces a ${length}-byte manifest (at least ${data + TRAILER} bytes in all)`);
  const head = Buffer.alloc(data);
  first.copy(head);
  await fh.read(head, HEADER, data - HEADER, HEADER);
  let doc: unknown;
  try {
    doc = JSON.parse(head.toString('utf8', HEADER, HEADER + length));
  } catch {
    fail('damaged manifest: not valid JSON (the file was altered or truncated)');
  }
  const manifest = toManifest(doc, fail);
  if (manifest.format !== format) fail(`damaged manifest: format ${manifest.format} differs from the header's ${format}`);
  const last = manifest.sections.at(-1);
  const end = align(data + (last ? last.offset + last.length : 0));
  if (size < end + TRAILER) fail(`truncated: ${size} bytes, the manifest describes ${end + TRAILER}`);
  if (size > end + TRAILER) fail(`${size - end - TRAILER} unexpected bytes after the end (${end + TRAILER} bytes); the file was altered or two files were joined`);
  return { manifest, data, head };
}

/** Checks the manifest's shape: types, name order, aligned non-overlapping sections, the content hash. */
function toManifest(doc: unknown, fail: (reason: string) => never): SnapshotManifest {
  const bad = (what: string): never => fail(`damaged manifest: ${what}`);
  const o = doc as Partial<SnapshotManifest> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return bad('not a JSON object');
  if (!Number.isSafeInteger(o.format)) bad('no format number');
  if (typeof o.dataVersion !== 'string' || !o.dataVersion) bad('no dataVersion');
  if (typeof o.content !== 'string' || !/^[0-9a-f]{64}$/.test(o.content)) bad('no content sha256');
  if (typeof o.meta !== 'object' || o.meta === null || Array.isArray(o.meta)) bad('meta is not an object');
  if (!Array.isArray(o.sections)) return bad('no section table');
  let next = 0, previous = '';
  for (const [i, s] of o.sections.entries()) {
    const where = `section ${i}`;
    if (typeof s !== 'object' || s === null) bad(`${where} is not an object`);
    if (typeof s.name !== 'string' || !s.name || (i > 0 && !(s.name > previous))) bad(`${where} has a missing or out-of-order name`);
    if (!KINDS.includes(s.kind)) bad(`section "${s.name}" has unknown kind ${JSON.stringify(s.kind)}`);
    if (!Number.isSafeInteger(s.offset) || !Number.isSafeInteger(s.length) || s.length < 0 || s.offset < next || s.offset % ALIGN) {
      bad(`section "${s.name}" has a bad offset or length`);
    }
    if (typeof s.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(s.sha256)) bad(`section "${s.name}" has no sha256`);
    next = align(s.offset + s.length);
    previous = s.name;
  }
  if (toContentHash(o.sections) !== o.content) bad('its content hash does not match its section table');
  return o as SnapshotManifest;
}

function toContents(path: string, manifest: SnapshotManifest, loaded: Map<string, { entry: SectionEntry; bytes: Uint8Array; shared: SharedArrayBuffer | null }>): SnapshotContents {
  const get = (name: string) => loaded.get(name) ?? (() => { throw new SnapshotFileError(path, `has no section "${name}"; it holds ${[...loaded.keys()].join(', ') || 'none'}`); })();
  return Object.freeze({
    path, manifest, names: Object.freeze([...loaded.keys()]),
    bytes: (name: string) => get(name).bytes,
    shared(name: string) {
      const s = get(name);
      if (!s.shared) throw new SnapshotFileError(path, `section "${name}" is ${s.entry.kind}, not arrow`);
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

function align(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

function sha256(b: Uint8Array): string {
  const h = createHash('sha256');
  for (let i = 0; i < b.byteLength; i += CHUNK) h.update(b.subarray(i, Math.min(b.byteLength, i + CHUNK)));
  return h.digest('hex');
}
