// The `catalog` section of a built-snapshot file: what it stores, and the served catalog and dataset facts read back from it.
import { SnapshotFileError } from '../../contract/errors.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { EngineTable } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import type { DatasetInfo } from '../../contract/storage.ts';
import type { KeyText } from '../access.ts';

export const CATALOG = 'catalog';

/**
 * The `catalog` section: the checked catalog (every default resolved, no path of this machine),
 * the public JWT keys' text, and per table its sections (one per part, in order: see
 * src/contract/storage.ts), the sha256 of its whole IPC file (the data version's input, whatever
 * the parts) and what the main thread knows of it. A catalog section naming one `section` and no
 * sha256 per table (as before tables had parts) is still read: the sha256 is that section's bytes'.
 * Secrets: an HS256 `secret:` written in the catalog is kept as written (the file is as secret as
 * the catalog); `secret_env` keeps only the variable's name, read again each time the file is served.
 */
export type StoredCatalog = {
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

/** The stored catalog in a `catalog` section's bytes; SnapshotFileError when it is not one. */
export function toStoredCatalog(path: string, bytes: Uint8Array): StoredCatalog {
  let stored: StoredCatalog;
  try {
    stored = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (err) {
    throw new SnapshotFileError(path, `section "${CATALOG}" is not valid JSON`, { cause: err });
  }
  if (
    typeof stored !== 'object' ||
    stored === null ||
    !Array.isArray(stored.tables) ||
    typeof stored.catalog !== 'object'
  ) {
    throw new SnapshotFileError(path, `section "${CATALOG}" does not hold a catalog`);
  }
  return stored;
}

/** The catalog served from the file at `path`; files built before engines (API.md §14) have none. */
export function toServedSpec(stored: StoredCatalog, path: string): CatalogSpec {
  return {
    ...stored.catalog,
    engines: stored.catalog.engines ?? [],
    disclosure: stored.catalog.disclosure ?? null, // files built before the rule (API.md §15) have none
    datasets: stored.catalog.datasets.map((d) => ({
      ...d,
      engine: d.engine ?? null,
      table: d.table ?? null,
      rootKey: d.rootKey ?? null,
    })),
    path,
  };
}

/** Each stored table's DatasetInfo, its shared buffers and sha256 from `data`. */
export function toDatasetInfos(
  stored: StoredCatalog,
  spec: CatalogSpec,
  path: string,
  data: (t: StoredCatalog['tables'][number]) => Pick<DatasetInfo, 'parts' | 'sha256'>,
): Map<string, DatasetInfo> {
  const models = new Map(spec.datasets.map((d) => [d.name, d.model]));
  return new Map(
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
        ...data(t),
        ...(t.engine ? { engine: t.engine } : {}),
      },
    ]),
  );
}
