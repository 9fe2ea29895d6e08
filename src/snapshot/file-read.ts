// Reading a built-snapshot file: every byte verified, tables straight into shared memory.
import { toEcho, toEchoList } from '../common/echo.ts';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  align,
  ALIGN,
  CHUNK,
  READ_FORMATS,
  HEADER,
  KINDS,
  MAGIC,
  MAX_MANIFEST,
  sha256,
  SnapshotFileError,
  toContentHash,
  TRAILER,
  type SectionEntry,
  type SnapshotContents,
  type SnapshotManifest,
} from './file-format.ts';

/**
 * Reads a snapshot file and verifies every byte against its trailing sha256 before returning it.
 * Refuses (SnapshotFileError) a file that is not a snapshot, of another format version, truncated,
 * extended or altered. Reads go straight into their destination — each `arrow` or `binary` section
 * into its own SharedArrayBuffer — in 16 MiB steps, hashing as they arrive, so there is no second copy of
 * the file in memory and the event loop is never blocked for long (a reload keeps serving).
 */
export function loadSnapshotFile(path: string): Promise<SnapshotContents> {
  return withFile(path, async (fh) => {
    const { manifest, data, head } = await readHead(fh, path);
    const whole = createHash('sha256').update(head);
    // The next chunk is read (on libuv's threads) while this one is hashed (on this thread).
    const read = async (into: Uint8Array, position: number, hashed = true) => {
      const next = (at: number) => fh.read(into, at, Math.min(CHUNK, into.byteLength - at), position + at);
      let pending = into.byteLength ? next(0) : null;
      for (let at = 0; pending; ) {
        const { bytesRead } = await pending;
        if (bytesRead === 0)
          throw new SnapshotFileError(path, `truncated while reading (the file shrank to ${position + at} bytes)`);
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
      // A `binary` section (the precomputed values) is shared too, so that a task can read a key
      // column's values where they are: posting a view of an ArrayBuffer copies the whole buffer.
      const shared = s.kind === 'arrow' || s.kind === 'binary' ? new SharedArrayBuffer(s.length) : null;
      const bytes = new Uint8Array(shared ?? new ArrayBuffer(s.length)); // own buffer: offset 0, aligned
      await read(bytes, data + s.offset);
      loaded.set(s.name, { entry: s, bytes, shared });
      at = data + s.offset + s.length;
    }
    await read(gap.subarray(0, align(at) - at), at);
    const trailer = new Uint8Array(TRAILER);
    await read(trailer, align(at), false);
    if (!whole.digest().equals(trailer)) {
      const bad = [...loaded.values()].find((l) => sha256(l.bytes) !== l.entry.sha256);
      throw new SnapshotFileError(
        path,
        bad
          ? `altered or corrupted: section "${bad.entry.name}" (bytes ${data + bad.entry.offset}–${data + bad.entry.offset + bad.entry.length}) does not match its sha256`
          : "altered or corrupted: the header, manifest, padding or trailer does not match the file's sha256",
      );
    }
    return toContents(path, manifest, loaded);
  });
}

/** Reads and checks only the header and manifest (cheap: e.g. to compare data versions before a reload). */
export function loadSnapshotManifest(path: string): Promise<SnapshotManifest> {
  return withFile(path, async (fh) => (await readHead(fh, path)).manifest);
}

type Handle = Awaited<ReturnType<typeof open>>;

/** Runs `use` on the open file and closes it; a system error (ENOENT, EISDIR, EIO…) becomes a SnapshotFileError. */
async function withFile<T>(path: string, use: (fh: Handle) => Promise<T>): Promise<T> {
  const cannot = (err: unknown) =>
    new SnapshotFileError(
      path,
      `cannot read the snapshot file (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      { cause: err },
    );
  let fh: Handle;
  try {
    fh = await open(path, 'r');
  } catch (err) {
    throw cannot(err);
  }
  try {
    return await use(fh);
  } catch (err) {
    throw err instanceof SnapshotFileError ? err : cannot(err);
  } finally {
    await fh.close();
  }
}

/** Header, manifest and the size checks that need nothing else; `head` is bytes 0 … D. */
async function readHead(
  fh: Handle,
  path: string,
): Promise<{ manifest: SnapshotManifest; data: number; head: Uint8Array }> {
  const fail = (reason: string): never => {
    throw new SnapshotFileError(path, reason);
  };
  const { size } = await fh.stat();
  const first = Buffer.alloc(Math.min(size, HEADER));
  if (first.length) await fh.read(first, 0, first.length, 0);
  const magicSeen = first.subarray(0, Math.min(first.length, MAGIC.length));
  if (!magicSeen.equals(MAGIC.subarray(0, magicSeen.length)) || size === 0) {
    fail(
      `not a Sorrel snapshot file (it does not start with "SORREL"; build one with \`sorrel build <catalog> -o <file>\`)`,
    );
  }
  if (size < HEADER) fail(`truncated: ${size} bytes, shorter than the ${HEADER}-byte header`);
  const format = first.readUInt32LE(8);
  if (!READ_FORMATS.includes(format))
    fail(
      `snapshot format ${format}, but this Sorrel reads format ${READ_FORMATS.join(' or ')}; rebuild it with this version's \`sorrel build\``,
    );
  const length = first.readUInt32LE(12);
  if (length > MAX_MANIFEST)
    fail(`damaged header: a manifest of ${length} bytes is beyond the ${MAX_MANIFEST}-byte limit`);
  const data = align(HEADER + length);
  if (size < data + TRAILER)
    fail(
      `truncated: ${size} bytes, but its header announces a ${length}-byte manifest (at least ${data + TRAILER} bytes in all)`,
    );
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
  if (manifest.format !== format)
    fail(`damaged manifest: format ${manifest.format} differs from the header's ${format}`);
  const last = manifest.sections.at(-1);
  const end = align(data + (last ? last.offset + last.length : 0));
  if (size < end + TRAILER) fail(`truncated: ${size} bytes, the manifest describes ${end + TRAILER}`);
  if (size > end + TRAILER)
    fail(
      `${size - end - TRAILER} unexpected bytes after the end (${end + TRAILER} bytes); the file was altered or two files were joined`,
    );
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
  let next = 0,
    previous = '';
  for (const [i, s] of o.sections.entries()) {
    const where = `section ${i}`;
    if (typeof s !== 'object' || s === null) bad(`${where} is not an object`);
    if (typeof s.name !== 'string' || !s.name || (i > 0 && !(s.name > previous)))
      bad(`${where} has a missing or out-of-order name`);
    if (!KINDS.includes(s.kind)) bad(`section ${toEcho(s.name)} has unknown kind ${toEcho(s.kind)}`);
    if (
      !Number.isSafeInteger(s.offset) ||
      !Number.isSafeInteger(s.length) ||
      s.length < 0 ||
      s.offset < next ||
      s.offset % ALIGN
    ) {
      bad(`section ${toEcho(s.name)} has a bad offset or length`);
    }
    if (typeof s.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(s.sha256))
      bad(`section ${toEcho(s.name)} has no sha256`);
    next = align(s.offset + s.length);
    previous = s.name;
  }
  if (toContentHash(o.sections) !== o.content) bad('its content hash does not match its section table');
  return o as SnapshotManifest;
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
