// Warnings about a catalog that serves, but not the same way on every replica.
import type { CatalogSpec } from './spec.ts';

/**
 * Timestamps that reach bodies but are not pinned in the catalog: each then comes from a file's
 * modification time, so replicas serving separate copies of the files could answer differently.
 */
export function findTimestampWarnings(spec: CatalogSpec): string[] {
  const copies =
    'replicas serving separate copies of the files could disagree; pin it, or serve one file from `sorrel build`.';
  const warnings: string[] = [];
  if (!spec.modifiedPinned)
    warnings.push(
      `${spec.path}: (top level): \`modified\` is not set, so it is the catalog file's modification time; ${copies}`,
    );
  for (const d of spec.datasets) {
    if (d.dataModified === null)
      warnings.push(
        `${spec.path}: ${d.where}: \`data_modified\` is not set, so it is the data file's modification time; ${copies}`,
      );
  }
  return warnings;
}
