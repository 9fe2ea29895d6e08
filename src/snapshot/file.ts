// The built-snapshot file: a versioned, content-hashed container of named, 64-byte-aligned sections.
// Layout in file-format.ts; the writer in file-write.ts, the verifying reader in file-read.ts.
export {
  FORMAT_VERSION,
  SnapshotFileError,
  toContentHash,
  type SectionEntry,
  type SectionInput,
  type SectionKind,
  type SnapshotContents,
  type SnapshotInput,
  type SnapshotManifest,
} from './file-format.ts';
export { loadSnapshotFile, loadSnapshotManifest } from './file-read.ts';
export { planSnapshot, toSnapshotChunks, writeSnapshotFile } from './file-write.ts';
