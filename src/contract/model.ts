// The catalog model: internal and simple types, users, categories, and fields and concepts as served.

/** Catalog `internal_type` values (API.md §3). */
export type InternalType =
  | 'integer'
  | 'biginteger'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'char'
  | 'text'
  | 'date'
  | 'datetime'
  | 'time'
  | 'key';

/** Catalog `simple_type` values (API.md §3). */
export type SimpleType = 'number' | 'string' | 'boolean' | 'date' | 'datetime' | 'time' | 'key';

export const INTERNAL_TYPES: readonly InternalType[] = [
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'char',
  'text',
  'date',
  'datetime',
  'time',
  'key',
];

/**
 * Who asks. `client` names the credential for per-client limits (an API key's hash, a JWT's
 * issuer and subject); absent for anonymous users, who are told apart by address.
 */
export type User = { name: string; privileged: boolean; groups: string[]; client?: string };

export type Category = { id: number; name: string; order: number; parent: number | null };

/** A field as the snapshot keeps it: every public attribute resolved, plus where its data lives. */
export type Field = {
  id: number;
  dataset: string; // dataset name = app_name
  column: string; // column in the dataset's table = field_name
  name: string;
  plural_name: string;
  alt_name: string | null;
  alt_plural_name: string | null;
  description: string | null;
  keywords: string | null;
  app_name: string;
  model_name: string;
  field_name: string;
  internal_type: InternalType;
  simple_type: SimpleType;
  enumerable: boolean;
  searchable: boolean;
  nullable: boolean;
  unit: string | null;
  plural_unit: string | null;
  published: boolean;
  archived: boolean;
  modified: string;
  data_modified: string | null;
  operators: [string, string][];
  groups: string[] | null; // null = no group restriction
  category: number | null; // category the catalog gives, else null
  label_column: string | null; // column holding display labels for this field's codes
};

export type ConceptFieldRef = { id: number; alt_name: string | null; alt_plural_name: string | null };

export type Concept = {
  id: number;
  name: string;
  plural_name: string;
  description: string;
  keywords: string;
  category: number | null;
  order: number;
  published: boolean;
  archived: boolean;
  sortable: boolean;
  queryable: boolean; // listed in a client's query (filter) picker
  viewable: boolean; // listed in a client's column (view) picker
  formatter_name: string;
  queryview: string;
  modified: string;
  groups: string[] | null;
  fields: ConceptFieldRef[];
};
