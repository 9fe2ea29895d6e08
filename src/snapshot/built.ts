// A snapshot's parts as the sections of a built-snapshot file (`sorrel build`), and back (`sorrel serve <file>`).
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import pkg from '../../package.json' with { type: 'json' };
import type { AccessSpec, CatalogSpec } from '../catalog/spec.ts';
import type { EngineTable } from '../contract/engine.ts';
import type { InternalType } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import type { KeyText } from './access.ts';
import { toCanonicalJson } from './canonical.ts';
import { toPrecomputed, toPrecomputedBytes } from './codec.ts';
import { assembleSnapshot, type Snapshot, type SnapshotParts } from './create.ts';
import { MAGIC, SnapshotFileError, type SectionInput, type SnapshotInput } from './file-format.ts';
import { loadSnapshotFile } from './file-read.ts';
import { withEngines } from '../engine/pool.ts';
import { checkEngineTables, hasEngineDatasets, type SnapshotEngines } from './engine-datasets.ts';

/**
 * The `catalog` section: the checked catalog (every default resolved, no path of this machine),
 * the public JWT keys' text, and per table its sections (one per part, in order: see
 * src/contract/storage.ts), the sha256 of its whole IPC file (the data version's input, whatever
 * the parts) and what the main thread knows of it. A catalog section naming one `section` and no
 * sha256 per table (as before tables had parts) is still read: the sha256 is that section's bytes'.
 * Secrets: an HS256 `secret:` written in the catalog is kept as written (the file is as secret as
 * the catalog); `secret_env` keeps only the variable's name, read again each time the file is served.
 */
type StoredCatalog = {
  catalog: Omit<CatalogSpec, 'path'>;
  keys: KeyText;
  tables: {
    name: string;
    sections: string[];
    sha256: string;
    section?: string; // files built before parts
    rows: number;
    bytes: number;
    dataModified: string;
    columns: Record<string, InternalType>;
    engine?: EngineTable; // an engine dataset: no sections; checked against the engine when served
  }[];
};

const CATALOG = 'catalog';
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
  const contents = await loadSnapshotFile(path);
  const stored = contents.json(CATALOG) as StoredCatalog;
  if (
    typeof stored !== 'object' ||
    stored === null ||
    !Array.isArray(stored.tables) ||
    typeof stored.catalog !== 'object'
  ) {
    throw new SnapshotFileError(path, `section "${CATALOG}" does not hold a catalog`);
  }
  // Files built before engines (API.md §14) have none.
  const spec: CatalogSpec = {
    ...stored.catalog,
    engines: stored.catalog.engines ?? [],
    datasets: stored.catalog.datasets.map((d) => ({
      ...d,
      engine: d.engine ?? null,
      table: d.table ?? null,
      rootKey: d.rootKey ?? null,
    })),
    path,
  };
  const models = new Map(spec.datasets.map((d) => [d.name, d.model]));
  const datasets = new Map(
    stored.tables.map((t) => [
      t.name,
      {
        name: t.name,
        model: models.get(t.name) ?? t.name,
        file: path,
        rows: t.rows,
        bytes: t.bytes,
        dataModified: t.dataModified,
        columns: t.columns,
        parts: (t.sections ?? [t.section]).map((section) => contents.shared(section!)),
        // A table in one section, as before parts: the sha256 of that section's bytes (its IPC file).
        sha256: t.sha256 ?? createHash('sha256').update(contents.bytes(t.section!)).digest('hex'),
        ...(t.engine ? { engine: t.engine } : {}),
      },
    ]),
  );
  const engines = hasEngineDatasets(spec) ? forCatalog?.(spec) : undefined;
  if (engines) await checkEngineTables(spec, datasets, engines, path);
  else if (hasEngineDatasets(spec))
    throw new SnapshotFileError(path, 'its engine datasets need engine clients to be served');
  try {
    const { values, stats } = toPrecomputed(contents.bytes(PRECOMPUTED));
    return await assembleSnapshot(
      { spec, datasets, values, stats, keyText: stored.keys, dataVersion: contents.manifest.dataVersion, engines },
      pool && engines ? withEngines(pool, engines.set.queries, engines.run) : pool,
    );
  } catch (err) {
    throw new SnapshotFileError(path, (err as Error).message.replace(/\.$/, ''), { cause: err });
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
