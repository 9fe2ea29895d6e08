// The built-snapshot file: a versioned, content-hashed container of named, 64-byte-aligned sections.
// Layout in format.ts; the writer in write.ts, the verifying reader in read.ts; its error is SnapshotFileError (src/contract/errors.ts).
export {
  FORMAT_VERSION,
  toContentHash,
  type SectionEntry,
  type SectionInput,
  type SectionKind,
  type SnapshotContents,
  type SnapshotInput,
  type SnapshotManifest,
} from './format.ts';
export { loadSnapshotFile, loadSnapshotManifest } from './read.ts';
export { planSnapshot, toSnapshotChunks, writeSnapshotFile } from './write.ts';
