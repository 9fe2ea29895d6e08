// Writing a built-snapshot file: deterministic bytes, written atomically.
import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { toCanonicalJson } from './canonical.ts';
import {
  align,
  CHUNK,
  FORMAT_VERSION,
  HEADER,
  KINDS,
  MAGIC,
  hashSection,
  toContentHash,
  ZEROS,
  type SnapshotInput,
  type SnapshotManifest,
} from './format.ts';

/** The whole file as a sequence of chunks (views of the inputs, not copies); the last is the trailer (the head's sha256). */
export function toSnapshotChunks(input: SnapshotInput): Generator<Uint8Array> {
  return chunksOf(planSnapshot(input));
}

function* chunksOf({ manifest, bytes }: Plan): Generator<Uint8Array> {
  const text = Buffer.from(toCanonicalJson(manifest), 'utf8');
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(FORMAT_VERSION, 8);
  head.writeUInt32LE(text.length, 12);
  const headHash = createHash('sha256');
  let hashing = true; // the trailer covers bytes 0 … D only: the sections carry their own hashes
  const emit = function* (b: Uint8Array) {
    for (let at = 0; at < b.byteLength; at += CHUNK) {
      const part = b.subarray(at, Math.min(b.byteLength, at + CHUNK));
      if (hashing) headHash.update(part);
      yield part;
    }
  };
  yield* emit(head);
  yield* emit(text);
  let at = HEADER + text.length;
  yield* emit(ZEROS.subarray(0, align(at) - at));
  hashing = false;
  const data = align(at);
  at = data;
  for (const [i, s] of manifest.sections.entries()) {
    yield* emit(ZEROS.subarray(0, data + s.offset - at));
    yield* emit(bytes[i]);
    at = data + s.offset + s.length;
  }
  yield* emit(ZEROS.subarray(0, align(at) - at));
  yield headHash.digest();
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
      for (let done = 0; done < chunk.byteLength; )
        done += (await fh.write(chunk, done, chunk.byteLength - done)).bytesWritten;
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
    if (!/^[\x21-\x7e]{1,200}$/.test(s.name))
      throw new TypeError(
        `Section name ${JSON.stringify(s.name)} must be 1–200 printable ASCII characters without spaces.`,
      );
    if (seen.has(s.name)) throw new TypeError(`Two sections are named "${s.name}".`);
    if (!KINDS.includes(s.kind)) throw new TypeError(`Section "${s.name}" has unknown kind ${JSON.stringify(s.kind)}.`);
    seen.add(s.name);
  }
  const sorted = [...input.sections].sort((a, b) => (a.name < b.name ? -1 : 1));
  const bytes = sorted.map((s) => (s.bytes instanceof Uint8Array ? s.bytes : new Uint8Array(s.bytes)));
  let offset = 0;
  const sections = sorted.map((s, i) => {
    const entry = { name: s.name, kind: s.kind, offset, length: bytes[i].byteLength, blake3: hashSection(bytes[i]) };
    offset = align(offset + entry.length);
    return entry;
  });
  const content = toContentHash(sections);
  return {
    manifest: {
      format: FORMAT_VERSION,
      dataVersion: input.dataVersion ?? content,
      content,
      meta: input.meta ?? {},
      sections,
    },
    bytes,
  };
}
