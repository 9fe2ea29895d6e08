// The data version (API.md §10): a hash of everything an answer can hold, and of nothing else.
import { createHash } from 'node:crypto';
import pkg from '../../../package.json' with { type: 'json' };
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { DatasetInfo } from '../../contract/storage.ts';
import { toCanonicalJson } from '../file/canonical.ts';

/** What a table gives the version: its IPC bytes (by their sha256) and the `data_modified` its fields show. */
export type VersionedTable = Pick<DatasetInfo, 'name' | 'sha256' | 'dataModified'>;

/**
 * The data version, 64 hex digits: the sha256 of one canonical JSON text holding
 *
 * - the catalog's content as answers show it: title, top-level `modified` (pinned, or the catalog
 *   file's mtime — which then reaches bodies), datasets (name, model, type overrides), categories,
 *   fields and concepts, with their resolved values and in catalog order;
 * - each table's Arrow IPC bytes (their sha256; loaders write the same bytes for the same data)
 *   and its `data_modified`.
 *
 * Left out because no answer shows them: file paths (`file:`, where the catalog lives), formats
 * (the bytes cover them), the `access` section (who sees what is in every ETag already; secrets
 * must not be), YAML comments and key order, and the time of the load or the build.
 */
export function toDataVersion(spec: CatalogSpec, tables: readonly VersionedTable[]): string {
  const entries = <T extends { where: string }>(list: readonly T[]) => list.map(({ where: _, ...rest }) => rest);
  const catalog = {
    title: spec.title,
    modified: spec.modified,
    datasets: spec.datasets.map((d) => ({ name: d.name, model: d.model, columns: d.columns })),
    categories: entries(spec.categories),
    fields: entries(spec.fields),
    concepts: entries(spec.concepts),
    // The small-count rule changes what answers show (API.md §15); absent, the version is as before.
    ...(spec.disclosure ? { disclosure: spec.disclosure } : {}),
  };
  const data = tables.map((t) => ({ name: t.name, sha256: t.sha256, data_modified: t.dataModified }));
  return createHash('sha256')
    .update(toCanonicalJson({ catalog, tables: data }))
    .digest('hex');
}

/**
 * The version answers carry (ETags, the reply cache, /readyz): the data version joined with
 * Sorrel's own version, which the root document shows and which decides how answers are computed,
 * so replicas of two Sorrel versions never share an ETag for different bodies.
 */
export function toServedVersion(dataVersion: string): string {
  return createHash('sha256').update(`sorrel ${pkg.version}\n${dataVersion}`).digest('hex').slice(0, 20);
}
