// A snapshot's parts as the sections of a built-snapshot file (`sorrel build`), and back (`sorrel serve <file>`).
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import pkg from '../../../package.json' with { type: 'json' };
import type { AccessSpec, CatalogSpec } from '../../catalog/spec.ts';
import type { Pool } from '../../contract/pool.ts';
import type { SearchIndex } from '../../search/index.ts';
import { CATALOG, type StoredCatalog, toDatasetInfos, toServedSpec, toStoredCatalog } from '../file/catalog.ts';
import { toCanonicalJson } from '../file/canonical.ts';
import { type Precomputed, toPrecomputed, toPrecomputedBytes } from '../file/codec.ts';
import { assembleSnapshot, type Snapshot, type SnapshotParts } from './create.ts';
import { SnapshotFileError } from '../../contract/errors.ts';
import { MAGIC, type SectionInput, type SnapshotInput } from '../file/format.ts';
import { loadSnapshotFile } from '../file/read.ts';
import { withEngines } from '../../parallel/engine-pool.ts';
import { checkEngineTables, hasEngineDatasets, type SnapshotEngines } from './engine-datasets.ts';
import { buildSearchIndexEarly } from './search.ts';

const PRECOMPUTED = 'precomputed';
const toTableSection = (i: number, part: number) =>
  `table-${String(i).padStart(4, '0')}.${String(part).padStart(3, '0')}`;

/** The sections and manifest facts of a snapshot file for `parts`; the same parts give the same bytes. */
export function toSnapshotInput(parts: SnapshotParts): SnapshotInput {
  const { spec, datasets } = parts;
  const { path: _, ...catalog } = spec;
  const jwt = catalog.access.jwt;
  const access: AccessSpec = { ...catalog.access, jwt: jwt && { ...jwt, publicKeyFile: null, jwksFile: null } };
  const tables = spec.datasets.map((d, i) => {
    const t = datasets.get(d.name)!;
    return {
      name: d.name,
      sections: t.parts.map((_, p) => toTableSection(i, p)),
      sha256: t.sha256,
      rows: t.rows,
      bytes: t.bytes,
      dataModified: t.dataModified,
      columns: t.columns,
      ...(t.engine ? { engine: t.engine } : {}),
    };
  });
  const stored: StoredCatalog = { catalog: { ...catalog, access }, keys: parts.keyText, tables };
  const sections: SectionInput[] = [
    { name: CATALOG, kind: 'json', bytes: Buffer.from(toCanonicalJson(stored), 'utf8') },
    { name: PRECOMPUTED, kind: 'binary', bytes: toPrecomputedBytes(parts) },
    ...tables.flatMap((t) =>
      datasets.get(t.name)!.parts.map((bytes, p) => ({ name: t.sections[p], kind: 'arrow' as const, bytes })),
    ),
  ];
  return {
    sections,
    dataVersion: parts.dataVersion,
    meta: {
      builtBy: `sorrel ${pkg.version}`,
      title: spec.title,
      datasets: tables.map((t) => ({ name: t.name, rows: t.rows })),
    },
  };
}

/**
 * Loads a built snapshot file: verifies every byte (SnapshotFileError naming the file and the
 * reason otherwise), reads each table straight into the shared memory the workers use, decodes
 * the precomputed values and stats, and rebuilds only what is cheap (search index, visibility).
 * An engine table (API.md §14) is described and fingerprinted again: one that changed since the
 * build, or an engine that does not answer, refuses the file (its precomputed answers would lie).
 */
export async function loadBuiltSnapshot(
  path: string,
  pool?: Pool,
  forCatalog?: (spec: CatalogSpec) => SnapshotEngines | undefined,
): Promise<Snapshot> {
  // The search index is built as soon as the catalog and the precomputed values are verified,
  // while the tables are still read and hashed on the other threads (~0.4 s at 10M rows, on the path
  // to ready otherwise). Any failure there is left to the path below, which reports it.
  const held = new Map<string, Uint8Array>();
  let early: (Precomputed & { search?: SearchIndex }) | undefined;
  const onVerified = (name: string, bytes: Uint8Array) => {
    if (name !== CATALOG && name !== PRECOMPUTED) return;
    held.set(name, bytes);
    if (held.size === 2) early = toEarly(path, held.get(CATALOG)!, held.get(PRECOMPUTED)!);
  };
  const contents = await loadSnapshotFile(path, { onVerified });
  const stored = toStoredCatalog(path, contents.bytes(CATALOG));
  const spec = toServedSpec(stored, path);
  const datasets = toDatasetInfos(stored, spec, path, (t) => ({
    parts: (t.sections ?? [t.section]).map((section) => contents.shared(section!)),
    // A table in one section, as before parts: the sha256 of that section's bytes (its IPC file).
    sha256: t.sha256 ?? createHash('sha256').update(contents.bytes(t.section!)).digest('hex'),
  }));
  const engines = hasEngineDatasets(spec) ? forCatalog?.(spec) : undefined;
  if (engines) await checkEngineTables(spec, datasets, engines, path);
  else if (hasEngineDatasets(spec))
    throw new SnapshotFileError(path, 'its engine datasets need engine clients to be served');
  try {
    const { values, stats, search }: Precomputed & { search?: SearchIndex } =
      early ?? toPrecomputed(contents.bytes(PRECOMPUTED));
    return await assembleSnapshot(
      {
        spec,
        datasets,
        values,
        stats,
        keyText: stored.keys,
        dataVersion: contents.manifest.dataVersion,
        engines,
        search: engines ? undefined : search,
      },
      pool && engines ? withEngines(pool, engines.set.queries, engines.run) : pool,
    );
  } catch (err) {
    throw new SnapshotFileError(path, (err as Error).message.replace(/\.$/, ''), { cause: err });
  }
}

/** The precomputed values and, for a catalog without engine datasets, the search index; none on any failure. */
function toEarly(path: string, catalog: Uint8Array, precomputed: Uint8Array) {
  try {
    const stored = toStoredCatalog(path, catalog);
    const spec = toServedSpec(stored, path);
    const p = toPrecomputed(precomputed);
    if (hasEngineDatasets(spec)) return p;
    const datasets = toDatasetInfos(stored, spec, path, () => ({ parts: [], sha256: '' }));
    return { ...p, search: buildSearchIndexEarly(spec, datasets, p.values) };
  } catch {
    return undefined;
  }
}

/**
 * Whether `path` names a built snapshot rather than a catalog: it starts with the snapshot magic, or
 * its name ends in `.sorrel` (so a damaged or empty one is refused as a snapshot, not read as YAML).
 */
export function isSnapshotFile(path: string): boolean {
  if (/\.sorrel$/i.test(path)) return true;
  const head = Buffer.alloc(MAGIC.length);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false; // the catalog reader reports it
  }
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(MAGIC);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
