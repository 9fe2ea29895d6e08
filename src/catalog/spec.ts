// The catalog as read from its file: datasets, categories, fields, concepts and access, each entry with where it was.
import type { EngineSpec } from '../contract/engine.ts';
import type { DataFormat } from '../contract/formats.ts';
import type { DisclosureRule } from '../contract/disclosure.ts';
import type { InternalType } from '../contract/model.ts';

export type DatasetSpec = {
  name: string;
  model: string;
  file: string; // '' for an engine dataset
  format: DataFormat | null;
  /** An engine dataset (API.md §14): the `engines:` entry and the table in its database; null for a file. */
  engine: string | null;
  table: string | null;
  /**
   * An engine dataset's column holding each row's root entity key, by which its Distributed table
   * is sharded (API.md §14): joins between two such tables of the tree stay on each shard.
   */
  rootKey: string | null;
  columns: Record<string, InternalType>;
  dataModified: string | null; // pinned `data_modified`; null = the data file's mtime, read when it loads
  where: string;
  /** The key column (unique, non-null) when other datasets link here (API.md §12). */
  key: string | null;
  /** Columns holding values of another dataset's key (many rows to one). */
  links: { column: string; to: string }[];
};
export type CategorySpec = { id: number; name: string; order: number; parent: number | null; where: string };
export type FieldSpec = {
  id: number;
  dataset: string;
  column: string;
  name: string;
  plural_name: string | null;
  alt_name: string | null;
  alt_plural_name: string | null;
  description: string | null;
  keywords: string | null;
  unit: string | null;
  plural_unit: string | null;
  published: boolean;
  archived: boolean;
  enumerable: boolean | null;
  searchable: boolean | null;
  nullable: boolean | null;
  internal_type: InternalType | null;
  label_column: string | null;
  groups: string[] | null;
  category: number | null;
  modified: string | null;
  where: string;
};
export type ConceptSpec = {
  id: number;
  name: string;
  plural_name: string | null;
  description: string;
  keywords: string;
  category: number | null;
  order: number;
  published: boolean;
  archived: boolean;
  sortable: boolean;
  queryable: boolean;
  viewable: boolean;
  formatter_name: string;
  queryview: string;
  groups: string[] | null;
  modified: string | null;
  fields: { id: number; alt_name: string | null; alt_plural_name: string | null }[];
  where: string;
};
export type ApiKeySpec = { name: string; sha256: string; privileged: boolean; groups: string[] };
export type JwtSpec = {
  algorithm: 'HS256' | 'RS256' | 'ES256';
  secret: string | null; // `secret:` as written in the catalog
  secretEnv: string | null; // `secret_env:`: the variable is read when the authenticator is built, never stored
  publicKeyFile: string | null;
  jwksFile: string | null;
  issuer: string | null;
  audience: string | null;
  maxAge: number; // seconds from `iat` after which a token is refused (`max_age`, default 24 h)
  clockTolerance: number; // seconds of clock skew allowed on exp/nbf/iat (`clock_tolerance`, 0 … 60)
  claims: { name: string; privileged: string; groups: string };
};
export type AccessSpec = { anonymous: boolean; apiKeys: ApiKeySpec[]; jwt: JwtSpec | null };

export type CatalogSpec = {
  path: string;
  title: string;
  modified: string; // top-level `modified`, else the catalog file's mtime (see modifiedPinned)
  modifiedPinned: boolean; // whether the catalog gives `modified` (else replicas built from copies may differ)
  access: AccessSpec;
  /** The `engines:` entries (API.md §14), in name order. */
  engines: EngineSpec[];
  datasets: DatasetSpec[];
  categories: CategorySpec[];
  fields: FieldSpec[];
  concepts: ConceptSpec[];
  /** The dataset whose rows (or keys) are the counted entities (API.md §12); null = every dataset stands alone. */
  root: string | null;
  /** What the root's entities are called; null = from the root dataset's model name. */
  entity: { name: string; plural_name: string | null } | null;
  /** The small-count rule (API.md §15); null = off. */
  disclosure: DisclosureRule | null;
};

/** A catalog that cannot be served: every problem, each naming the file and the entry. */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The catalog has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}
