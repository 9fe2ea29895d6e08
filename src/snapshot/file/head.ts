// Opening a built-snapshot file and checking its header and manifest, before any section is read.
import { SnapshotFileError } from '../../contract/errors.ts';
import { toEcho } from '../../common/echo.ts';
import { open } from 'node:fs/promises';
import {
  align,
  ALIGN,
  READ_FORMATS,
  HEADER,
  KINDS,
  MAGIC,
  MAX_MANIFEST,
  toContentHash,
  TRAILER,
  type SnapshotManifest,
} from './format.ts';

export type Handle = Awaited<ReturnType<typeof open>>;

/** Runs `use` on the open file and closes it; a system error (ENOENT, EISDIR, EIO…) becomes a SnapshotFileError. */
export async function withFile<T>(path: string, use: (fh: Handle) => Promise<T>): Promise<T> {
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

/**
 * Header, manifest and the size checks that need nothing else: `head` is bytes 0 … D (what the
 * trailer's sha256 covers), `data` is D, `end` is E, where the trailer starts.
 */
export async function readHead(
  fh: Handle,
  path: string,
): Promise<{ manifest: SnapshotManifest; data: number; end: number; head: Buffer }> {
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
  return { manifest, data, end, head };
}

/** Checks the manifest's shape: types, name order, aligned sections with no gap beyond the alignment, the content hash. */
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
    // Each section starts where the one before ends, rounded up to 64 bytes, as the writer lays them
    // out: a wider gap would be zeros to read and check (and to allocate) that no hash covers.
    if (s.offset !== next)
      bad(
        `section ${toEcho(s.name)} starts at offset ${s.offset}, but the section before it ends at ${next} (aligned); padding beyond the ${ALIGN}-byte alignment is not allowed`,
      );
    if (typeof s.blake3 !== 'string' || !/^[0-9a-f]{64}$/.test(s.blake3))
      bad(`section ${toEcho(s.name)} has no blake3 hash`);
    next = align(s.offset + s.length);
    previous = s.name;
  }
  if (toContentHash(o.sections) !== o.content) bad('its content hash does not match its section table');
  return o as SnapshotManifest;
}
